/**
 * An endpoint is data: method, path, schemas and a handler. The router does the rest
 * (rate limit, routing, body parsing, origin and redirect-target checks, validation).
 */
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
}

/** Keeps the handler's types tied to its schemas. */
export function defineEndpoint<B = undefined, Q = undefined>(endpoint: Endpoint<B, Q>): Endpoint {
  return endpoint as unknown as Endpoint;
}
