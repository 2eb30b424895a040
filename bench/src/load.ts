/** One load scenario: warm-up, then a measured run of autocannon against one URL. */
import autocannon, { type RequestSpec } from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
}

export interface LoadSpec {
  url: string;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Builds each request's path, body and headers (a counter makes them unique, or walks pages). */
  makeRequest?: (n: number) => { path?: string; body?: string; headers?: Record<string, string> };
}

export async function runLoad(
  spec: LoadSpec,
  seconds: number,
  warmupSeconds: number,
  afterWarmup?: () => void,
): Promise<LoadFigures> {
  let counter = 0;
  const requests: RequestSpec[] | undefined = spec.makeRequest
    ? [
        {
          method: spec.method ?? 'GET',
          setupRequest: (req) => {
            const made = spec.makeRequest?.(counter++) ?? {};
            return {
              ...req,
              ...(made.path === undefined ? {} : { path: made.path }),
              body: made.body,
              headers: { ...spec.headers, ...req.headers, ...made.headers },
            };
          },
        },
      ]
    : undefined;
  const base = {
    url: spec.url,
    connections: spec.connections,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    requests,
  };
  if (warmupSeconds > 0) await autocannon({ ...base, duration: warmupSeconds });
  afterWarmup?.();
  const r = await autocannon({ ...base, duration: seconds });
  return {
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}
