/**
 * What the client needs of the endpoint table at run time: each row's path (which names a method)
 * and HTTP method. Taken from the table, whose rows also carry their zod schemas; the web app's
 * build (apps/web/vite.config.ts, `clientRoutesAsData`) replaces this module with its two lists
 * written out as data, computed by this very module at build time, so that a browser does not
 * download zod and every schema of the table to learn a few hundred paths.
 */
import { CLIENT_ENDPOINTS, ENDPOINTS, type EndpointEntry } from '@latch/contract';

export interface ClientRoute {
  readonly path: string;
  readonly method: 'GET' | 'POST';
}

const route = ({ path, method }: EndpointEntry): ClientRoute => ({ path, method });

/** The rows a client calls (one method each), in the order of the table. */
export const CLIENT_ROUTES: readonly ClientRoute[] = CLIENT_ENDPOINTS.map(route);

/**
 * Every path `$fetch` may send with the table's method: the client rows first (get-session's GET),
 * then every other row served over HTTP whose path has no parameter. The first row of a path wins.
 */
export const TABLE_ROUTES: readonly ClientRoute[] = [
  ...CLIENT_ROUTES,
  ...(ENDPOINTS as readonly EndpointEntry[]).filter((row) => !row.serverOnly && !row.path.includes(':')).map(route),
];
