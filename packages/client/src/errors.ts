import type { ErrorCode } from '@latch/contract';

/** Codes from Latch's catalogue; servers may send others (plugins, better-auth), so `code` stays a string. */
export type KnownErrorCode = ErrorCode;

/** The error a call resolves with (`{ data: null, error }`) or throws (wrapped in `LatchError`). */
export interface AuthError {
  /** HTTP status; 500 for a fetch-level failure. */
  status: number;
  /** The status name (`UNAUTHORIZED`), or `Fetch Error` when the request never got an answer. */
  statusText: string;
  /** Machine-readable code from the body (`INVALID_EMAIL_OR_PASSWORD`); match on this, not on `message`. */
  code?: KnownErrorCode | (string & {});
  /** Human-readable message from the body, else the status text. */
  message: string;
  /** Other fields of the error body, if any. */
  [field: string]: unknown;
}

/** Thrown by calls made in throw mode (`fetchOptions: { throw: true }` or the client option `throw`). */
export class LatchError extends Error {
  override readonly name = 'LatchError';
  readonly status: number;
  readonly statusText: string;
  readonly code: string | undefined;
  readonly error: AuthError;

  constructor(error: AuthError) {
    super(error.message);
    this.status = error.status;
    this.statusText = error.statusText;
    this.code = error.code;
    this.error = error;
  }
}

export function isLatchError(value: unknown): value is LatchError {
  return value instanceof LatchError;
}

/** Status names as better-call writes them in `statusText`, used when the transport gives none (HTTP/2). */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  417: 'EXPECTATION_FAILED',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? '';
}
