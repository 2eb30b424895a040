/**
 * The optional Have I Been Pwned check of a new password (password.breachCheck, off by
 * default), by k-anonymity: only the first five hex digits of the password's SHA-1 leave
 * the server, and the answer lists every breached hash with that prefix, padded with
 * decoys (`Add-Padding: true`, whose lines count 0) so that its size says nothing either.
 * https://haveibeenpwned.com/API/v3#SearchingPwnedPasswordsByRange
 */
import { createHash } from 'node:crypto';

export type BreachAnswer = 'breached' | 'clean' | 'unavailable';

export interface BreachCheckOptions {
  /** The range endpoint; the prefix is appended (`…/range/` + `ABCDE`). */
  url: string;
  timeoutMs: number;
}

/** The uppercase SHA-1 of the password as it is hashed (NFKC), split where the API splits it. */
export function rangeOf(password: string): { prefix: string; suffix: string } {
  const digest = createHash('sha1').update(password.normalize('NFKC'), 'utf8').digest('hex').toUpperCase();
  return { prefix: digest.slice(0, 5), suffix: digest.slice(5) };
}

function rangeURL(base: string, prefix: string): string {
  return base.endsWith('/') ? `${base}${prefix}` : `${base}/${prefix}`;
}

/** Whether the answer lists the suffix with a count above 0 (padding lines count 0). */
function listsSuffix(body: string, suffix: string): boolean {
  for (const line of body.split('\n')) {
    const [hash = '', count = ''] = line.trim().split(':');
    if (hash.toUpperCase() === suffix) return Number.parseInt(count, 10) > 0;
  }
  return false;
}

/**
 * 'breached' or 'clean', or 'unavailable' when the API did not answer in time or answered
 * something else than a range; what to do then is the caller's choice (fail open or closed).
 */
export async function checkBreached(password: string, options: BreachCheckOptions): Promise<BreachAnswer> {
  const { prefix, suffix } = rangeOf(password);
  try {
    const res = await fetch(rangeURL(options.url, prefix), {
      headers: { 'add-padding': 'true', 'user-agent': 'Latch-password-check' },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) {
      await res.body?.cancel();
      return 'unavailable';
    }
    return listsSuffix(await res.text(), suffix) ? 'breached' : 'clean';
  } catch {
    return 'unavailable';
  }
}
