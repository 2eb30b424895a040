/**
 * One clear line when a request's origin is refused, so an operator whose own page is
 * refused learns what to set instead of guessing (issue 16, item 3). At most one line per
 * origin a minute, and a bounded number of origins remembered: a flood of forged origins
 * cannot flood the log.
 */
import type { Clock } from '../clock.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import type { Logger } from '../logger.ts';

const QUIET_MS = 60_000;
const REMEMBERED = 100;

export type OriginRefusalLog = (origin: string | null, code: string) => void;

export function createOriginRefusalLog(config: ResolvedConfig, logger: Logger, clock: Clock): OriginRefusalLog {
  const lastLogged = new Map<string, number>();
  return (origin, code) => {
    const shown = origin === null ? '(none)' : origin.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
    const now = clock.now().getTime();
    const last = lastLogged.get(shown);
    if (last !== undefined && now - last < QUIET_MS) return;
    if (lastLogged.size >= REMEMBERED) lastLogged.clear();
    lastLogged.set(shown, now);
    logger.warn(
      origin === null
        ? `Refused a request with a session cookie but no Origin or Referer (${code}). Browsers send one; a server-side caller should send the Origin of BASE_URL (${config.origin}).`
        : `Refused a request from the origin ${shown} (${code}): it is neither BASE_URL (${config.origin}) nor in trustedOrigins. If it is your app, add it to TRUSTED_ORIGINS (comma-separated) or "trustedOrigins" in latch.config.json.`,
      { origin: shown, code },
    );
  };
}
