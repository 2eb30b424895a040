/**
 * An endpoint is data: a row of the contract's endpoint table (method, path, schemas,
 * answer, error codes) bound to a handler. The router does the rest (rate limit, routing,
 * body parsing, origin and redirect-target checks, validation) and, in tests, checks the
 * handler against its row: the answer matches the response schema and every refusal
 * carries a code the row declares.
 */
import type { EndpointEntry } from '@latch/contract';
import type { z } from 'zod';
import type { RequestContext } from './context.ts';

export type RedirectField = 'callbackURL' | 'redirectTo' | 'errorCallbackURL' | 'newUserCallbackURL';

export interface Endpoint<B = unknown, Q = unknown> {
  method: 'GET' | 'POST';
  /** Relative to /api/auth; `:name` marks a path parameter. */
  path: string;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /** Also accepts application/x-www-form-urlencoded (sign-in, sign-up, the OAuth callback). */
  acceptsForm?: boolean;
  /** First-login CSRF protection (CONTRACT §2.3 point 3). */
  formCsrf?: boolean;
  /** Only through `api`, never over HTTP (404). */
  serverOnly?: boolean;
  /** The query's callbackURL of a GET endpoint is checked against trusted origins. */
  checksQueryCallbackURL?: boolean;
  /** Runs before schema validation, on the raw body (the username checks). */
  before?: (ctx: RequestContext<unknown, unknown>) => Promise<void> | void;
  handler: (ctx: RequestContext<B, Q>) => Promise<unknown> | unknown;
  /** The contract's row this endpoint serves (each has one but a static file; architecture/endpoint-table.test.ts). */
  entry?: EndpointEntry;
}

type BodyOf<E extends EndpointEntry> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
type QueryOf<E extends EndpointEntry> = E['query'] extends z.ZodType ? z.output<E['query']> : undefined;

/** What the server adds to a row: the handler, and the hooks only the server knows. */
export interface EndpointBinding<E extends EndpointEntry> {
  before?: Endpoint['before'];
  handler: (ctx: RequestContext<BodyOf<E>, QueryOf<E>>) => Promise<unknown> | unknown;
}

/** Binds a handler to a row of the endpoint table. */
export function defineEndpoint<const E extends EndpointEntry>(entry: E, binding: EndpointBinding<E>): Endpoint;
/** An endpoint written out in full: what is served without a row (the reference page's script). */
export function defineEndpoint<B = undefined, Q = undefined>(endpoint: Endpoint<B, Q>): Endpoint;
export function defineEndpoint(first: Endpoint | EndpointEntry, binding?: EndpointBinding<EndpointEntry>): Endpoint {
  if (!binding) return first as Endpoint;
  const entry = first as EndpointEntry;
  return {
    method: entry.method,
    path: entry.path,
    ...(entry.body && { body: entry.body }),
    ...(entry.query && { query: entry.query }),
    ...(entry.acceptsForm && { acceptsForm: true }),
    ...(entry.formCsrf && { formCsrf: true }),
    ...(entry.serverOnly && { serverOnly: true }),
    ...(entry.checksQueryCallbackURL && { checksQueryCallbackURL: true }),
    ...(binding.before && { before: binding.before }),
    handler: binding.handler as Endpoint['handler'],
    entry,
  };
}
