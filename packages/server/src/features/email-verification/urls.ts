/** Building the links the flows mail and the redirects they answer with. */
import type { ResolvedConfig } from '../../core/config/resolve.ts';

/** `<baseURL>/api/auth<path>` with the query parameters, in order. */
export function apiURL(config: ResolvedConfig, path: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${config.baseURL}${config.basePath}${path}${query ? `?${query}` : ''}`;
}

/**
 * Adds query parameters to a caller's (already origin-checked) redirect target. A
 * relative target stays relative, an existing query and fragment are kept.
 */
export function appendQuery(target: string, params: Record<string, string>): string {
  const hashAt = target.indexOf('#');
  const base = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : target.slice(hashAt);
  const query = new URLSearchParams(params).toString();
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${query}${hash}`;
}

/** A minimum response time, so that an answer does not reveal which branch ran (real time, not the app clock). */
export async function withMinimumDuration<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const remaining = minimumMs - (performance.now() - started);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  }
}
