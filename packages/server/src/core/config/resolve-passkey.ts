/** Where passkeys work: the relying party id and the origins, from the options and BASE_URL. */
import { ConfigError } from './config-error.ts';

/** Whether `host` is the relying party id or one of its subdomains (WebAuthn §5.1.4.1, "registrable domain suffix"). */
function onRpID(host: string, rpID: string): boolean {
  return host === rpID || host.endsWith(`.${rpID}`);
}

/**
 * Where passkeys work. The relying party id defaults to BASE_URL's host; the origins to
 * BASE_URL's and those trusted origins that are on the relying party id (a passkey cannot
 * be used anywhere else, so the others are left out rather than refused). Origins given
 * explicitly must each be on it (an Android app's `android:apk-key-hash:` origin aside).
 */
export function resolvePasskey(
  options: { rpID?: string | undefined; rpName?: string | undefined; origins?: string[] | undefined },
  base: { appName: string; origin: string; trustedOrigins: string[] },
): { rpID: string; rpName: string; origins: string[] } {
  const rpID = (options.rpID ?? new URL(base.origin).hostname).toLowerCase();
  const parse = (value: string): URL | null => {
    try {
      return new URL(value);
    } catch {
      return null;
    }
  };
  let origins: string[];
  if (options.origins) {
    origins = options.origins.map((value) => {
      const url = parse(value);
      if (!url) throw new ConfigError(`plugins.passkey.origins: ${value} is not an origin`);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return value;
      if (!onRpID(url.hostname, rpID))
        throw new ConfigError(`plugins.passkey.origins: ${url.origin} is not on the relying party id ${rpID}`);
      return url.origin;
    });
  } else {
    origins = [base.origin, ...base.trustedOrigins].flatMap((value) => {
      const url = value.includes('*') ? null : parse(value);
      return url && (url.protocol === 'http:' || url.protocol === 'https:') && onRpID(url.hostname, rpID)
        ? [url.origin]
        : [];
    });
    if (origins.length === 0)
      throw new ConfigError(
        `plugins.passkey.rpID: ${rpID} is not BASE_URL's host nor a parent of it; list the origins in plugins.passkey.origins`,
      );
  }
  return { rpID, rpName: options.rpName ?? base.appName, origins: [...new Set(origins)] };
}
