/** Building the links the flows mail and the redirects they answer with. */
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import type { Logger } from '../../core/logger.ts';

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

/**
 * Answers in a fixed time (real time, not the app clock), so that the answer does not reveal
 * which branch ran: an address with an account mails something, a free one does not.
 * - The work finished within `ms`: the answer waits for the rest of `ms`, then is the work's
 *   (its error thrown).
 * - The work still runs at `ms` (a slow SMTP relay): the answer goes now, as a success, and
 *   the work goes on; a failure after the answer is logged. Waiting for the mail would make
 *   an address with an account answer as late as its mail went out.
 */
export async function answerInFixedTime(
  logger: Logger,
  ms: number,
  what: string,
  work: () => Promise<unknown>,
): Promise<void> {
  const outcome = work().then(
    () => ({ failed: false as const }),
    (error: unknown) => ({ failed: true as const, error }),
  );
  const deadline = new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));
  const first = await Promise.race([outcome, deadline]);
  if (first === null) {
    void outcome.then((late) => {
      if (late.failed) logger.error(`${what} failed after the answer`, { error: late.error });
    });
    return;
  }
  await deadline;
  if (first.failed) throw first.error;
}
