/**
 * One load scenario: warm-up, then a measured run of autocannon against one URL; or, for
 * an operation of several requests that depend on each other (a passkey sign-in's options
 * then its assertion), loops of whole operations (runOperations).
 */
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

/** The p-th percentile (0..1) of sorted numbers, by the nearest rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

/** What one operation came to: done, refused by the server (a status other than the one expected), or failed on the way. */
export type Outcome = 'ok' | 'refused';

/**
 * `workers` loops, each running one whole operation after another (as many operations in
 * flight as autocannon has connections), first for the warm-up, then measured. Figures are
 * per operation: `requestsPerSecond` counts the operations that succeeded within the
 * measured seconds, the latencies are those of every operation that ended within them,
 * from its first request to its last answer. A thrown error counts in `errors`, a refusal
 * in `non2xx`; an operation still running at the end is not counted.
 */
export async function runOperations(
  workers: number,
  operation: (worker: number) => Promise<Outcome>,
  seconds: number,
  warmupSeconds: number,
  afterWarmup?: () => void,
): Promise<LoadFigures> {
  const phase = async (length: number) => {
    const latencies: number[] = [];
    let ok = 0;
    let refused = 0;
    let errors = 0;
    const until = performance.now() + length * 1000;
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        while (performance.now() < until) {
          const started = performance.now();
          let outcome: Outcome | 'error';
          try {
            outcome = await operation(worker);
          } catch {
            outcome = 'error';
          }
          const ended = performance.now();
          if (ended > until) break;
          latencies.push(ended - started);
          if (outcome === 'ok') ok++;
          else if (outcome === 'refused') refused++;
          else errors++;
        }
      }),
    );
    return { latencies, ok, refused, errors };
  };
  if (warmupSeconds > 0) await phase(warmupSeconds);
  afterWarmup?.();
  const r = await phase(seconds);
  const sorted = r.latencies.sort((a, b) => a - b);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    requestsPerSecond: r.ok / seconds,
    p50Ms: round2(percentile(sorted, 0.5)),
    p99Ms: round2(percentile(sorted, 0.99)),
    errors: r.errors,
    non2xx: r.refused,
    total: sorted.length,
  };
}
