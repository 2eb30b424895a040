/** The address of a page of the web app (served at the base URL's origin), with its query. */
import type { ResolvedConfig } from '../config/resolve.ts';

export function webPageURL(
  config: Pick<ResolvedConfig, 'origin'>,
  path: string,
  query: Record<string, string> = {},
): string {
  const url = new URL(path, `${config.origin}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}
