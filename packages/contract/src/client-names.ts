/**
 * How a client names the endpoint table's rows, and which rows it calls (issue 12): the
 * convention of better-auth's client, so that `@latch/client` stays a drop-in for it. A
 * method's name is its path, segment by segment, camel-cased and nested:
 * `/sign-in/email` → `signIn.email`, `/organization/create-team` → `organization.createTeam`,
 * `/get-session` → `getSession`. Both the names (as values) and the rows (as a type) are
 * derived from `ENDPOINTS`, so a new row is a new client method with nothing written by hand.
 */
import type { z } from 'zod';
import type { EndpointEntry } from './endpoint.ts';
import { ENDPOINTS } from './endpoints/index.ts';

/** `create-team` → `createTeam` */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export function camelCase(segment: string): string {
  return segment.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** `/organization/create-team` → `['organization', 'createTeam']` */
export type ClientMethodName<P extends string> = P extends `/${infer Head}/${infer Rest}`
  ? [CamelCase<Head>, ...ClientMethodName<`/${Rest}`>]
  : P extends `/${infer Last}`
    ? [CamelCase<Last>]
    : never;

export function clientMethodName(path: string): string[] {
  return path.split('/').slice(1).map(camelCase);
}

/**
 * Redirect rows a client still calls: verify-email and magic-link/verify answer JSON when no
 * callbackURL is given, and better-auth's clients have them as `verifyEmail({ query: { token } })`
 * and `magicLink.verify({ query: { token } })`. Every other redirect row is a link the browser
 * follows (a mailed link, a provider's way back).
 */
export const CALLED_REDIRECTS = ['/verify-email', '/magic-link/verify'] as const;

/** A path segment that makes a method name: kebab-case words (not `:id`, not `openapi.json`). */
const NAME_SEGMENT = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * Whether a client calls this row (and so has a method for it). Not: rows served only through
 * `auth.api` (404 over HTTP); pages (`html`); links the browser navigates to (`redirect`, but
 * see CALLED_REDIRECTS); paths with a parameter or a file name (`/callback/:id`, `/openapi.json`),
 * which make no method name; and rows with no success answer (`POST /get-session` only refuses).
 */
export function isClientCallable(row: EndpointEntry): boolean {
  if (row.serverOnly) return false;
  if (row.answers === 'html' || row.answers === 'file') return false;
  if (row.answers === 'redirect' && !(CALLED_REDIRECTS as readonly string[]).includes(row.path)) return false;
  if (
    !row.path
      .split('/')
      .slice(1)
      .every((segment) => NAME_SEGMENT.test(segment))
  )
    return false;
  return row.response.def.type !== 'never';
}

/** The same rule on a row's type (the test in packages/client holds the two together). */
export type ClientCallable<E extends EndpointEntry> = E extends { serverOnly: true }
  ? never
  : E extends { answers: 'html' | 'file' }
    ? never
    : E extends { answers: 'redirect' }
      ? E['path'] extends (typeof CALLED_REDIRECTS)[number]
        ? E
        : never
      : E['path'] extends `${string}:${string}` | `${string}.${string}`
        ? never
        : [z.output<E['response']>] extends [never]
          ? never
          : E;

/** Every row a client calls. */
export type ClientRow = ClientCallable<(typeof ENDPOINTS)[number]>;

function clientRows(): readonly ClientRow[] {
  return ENDPOINTS.filter((row: EndpointEntry) =>
    isClientCallable(row),
  ) as readonly EndpointEntry[] as readonly ClientRow[];
}

/**
 * The rows a client calls, in the order of the table. Marked pure: a bundle that takes only
 * `clientMethodName` from this module (the web app) leaves the table and its schemas out.
 */
export const CLIENT_ENDPOINTS: readonly ClientRow[] = /* @__PURE__ */ clientRows();

type NoFields = Record<never, never>;

/**
 * A query as a client sends it: the keys the schema takes (optional where it may be left
 * out), each given as the schema reads it or as it parses it — the query string carries
 * `true` and `10` as well as `"true"` and `"10"` (`limit: 10`, `disableCookieCache: true`).
 */
export type ClientQuery<Q extends z.ZodType> = {
  [K in keyof z.input<Q>]: unknown extends z.input<Q>[K]
    ? K extends keyof z.output<Q>
      ? z.output<Q>[K]
      : unknown
    : z.input<Q>[K] | (K extends keyof z.output<Q> ? z.output<Q>[K] : never);
};

type BodyPart<E extends EndpointEntry> = E['body'] extends z.ZodType ? NonNullable<z.input<E['body']>> : NoFields;

type QueryPart<E extends EndpointEntry> = E['query'] extends z.ZodType
  ? NoFields extends ClientQuery<E['query']>
    ? { query?: ClientQuery<E['query']> }
    : { query: ClientQuery<E['query']> }
  : NoFields;

type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * A call's argument as better-auth's client takes it: the body's fields at the top, the
 * query under `query` (required when the query has a required key).
 */
export type ClientInput<E extends EndpointEntry> = Flatten<BodyPart<E> & QueryPart<E>>;

/** A call's success answer as JSON (before a client revives its dates). */
export type ClientOutput<E extends EndpointEntry> = z.output<E['response']>;
