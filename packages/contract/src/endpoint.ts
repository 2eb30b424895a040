/**
 * The endpoint table's row (ARCHITECTURE.md, "packages/contract"): everything the server,
 * the client, the OpenAPI document and the web app need to agree on about one endpoint.
 * The server binds a handler to a row (`defineEndpoint(entry, handler)`), the client's
 * methods are typed from rows, and the OpenAPI document is generated from the table.
 */
import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/**
 * What the endpoint needs of the caller's session (CONTRACT.md §4 guards, plus Latch's):
 *  - `none`: no session is read;
 *  - `optional`: a session changes the answer but is not needed;
 *  - `session`: any valid session (the cookie cache may answer);
 *  - `sensitive`: a session re-read from the database;
 *  - `fresh`: signed in less than `session.freshAge` ago;
 *  - `recent`: signed in less than `session.reauthenticationAge` ago (adding a way in).
 */
export type SessionRequirement = 'none' | 'optional' | 'session' | 'sensitive' | 'fresh' | 'recent';

/** The feature whose switch turns the endpoint on (RUNNING.md `plugins.*`); core endpoints have none. */
export type PluginName =
  | 'username'
  | 'organization'
  | 'teams'
  | 'admin'
  | 'twoFactor'
  | 'jwt'
  | 'passkey'
  | 'magicLink'
  | 'emailOTP';

export interface EndpointEntry {
  readonly method: 'GET' | 'POST';
  /** Below /api/auth; `:name` marks a path parameter. */
  readonly path: string;
  readonly summary: string;
  /** The group it is listed under in the reference (and the client's namespace). */
  readonly tag: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  /**
   * The JSON answer of a success. `redirect` endpoints answer 302 (and, for some, JSON
   * when no target is given); `html` endpoints answer a page; `file` endpoints answer a
   * download in one of `fileTypes`.
   */
  readonly response: z.ZodType;
  readonly answers?: 'json' | 'redirect' | 'html' | 'file';
  /** The media types a `file` answer comes in (e.g. JSON lines and CSV). */
  readonly fileTypes?: readonly string[];
  /** Every code of the catalogue a refusal of this endpoint may carry (besides the transport's). */
  readonly errors: readonly ErrorCode[];
  readonly session: SessionRequirement;
  readonly plugin?: PluginName;
  /** Also accepts application/x-www-form-urlencoded (sign-in, sign-up, the OAuth callback). */
  readonly acceptsForm?: boolean;
  /** First-login CSRF protection (CONTRACT §2.3 point 3). */
  readonly formCsrf?: boolean;
  /** Only through `auth.api`, never over HTTP (404). */
  readonly serverOnly?: boolean;
  /** The query's callbackURL of a GET endpoint is checked against trusted origins. */
  readonly checksQueryCallbackURL?: boolean;
}

/** Keeps the literal types of a row (its schemas, its codes) for the server and the client. */
export function endpoint<const E extends EndpointEntry>(entry: E): E {
  return entry;
}

/** Codes any endpoint may answer, whatever its row lists: the transport's and the request checks'. */
export const TRANSPORT_ERRORS = [
  'NOT_FOUND',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'BODY_MUST_BE_AN_OBJECT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
  'INVALID_ERROR_CALLBACK_URL',
  'INVALID_NEW_USER_CALLBACK_URL',
] as const satisfies readonly ErrorCode[];

/** The input a client sends to an endpoint (body, else query), as zod parses it. */
export type EndpointInput<E extends EndpointEntry> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : E['query'] extends z.ZodType
    ? z.input<E['query']>
    : undefined;

export type EndpointOutput<E extends EndpointEntry> = z.output<E['response']>;
