/**
 * Request bodies: JSON everywhere, form-urlencoded where an endpoint allows it
 * (CONTRACT §1). The media-type check runs only when a body is present.
 */
import { AuthError, authError } from '../errors.ts';

const MAX_BODY_BYTES = 1_048_576;

/**
 * U+0000 in a body or query string is refused here: PostgreSQL text cannot hold it (the
 * query fails, a 500), so without this the same request would be served on SQLite and
 * MariaDB and fail on PostgreSQL.
 */
const hasNul = (s: string) => s.includes('\u0000');

function nulError(where: 'body' | 'query'): AuthError {
  return new AuthError(400, 'VALIDATION_ERROR', `[${where}] Text must not contain the NUL character (U+0000)`);
}

function hasBody(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const length = request.headers.get('content-length');
  if (length !== null) return Number(length) > 0;
  return request.headers.has('transfer-encoding') || request.body !== null;
}

export async function readBody(request: Request, acceptsForm: boolean): Promise<unknown> {
  if (!hasBody(request)) return undefined;
  const allowed = acceptsForm ? 'application/x-www-form-urlencoded, application/json' : 'application/json';
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new AuthError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  const text = await readLimited(request);
  if (text === '') return undefined;
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!contentType) {
    throw authError('UNSUPPORTED_MEDIA_TYPE', { message: `Content-Type is required. Allowed types: ${allowed}` });
  }
  if (contentType === 'application/json' || contentType.endsWith('+json')) {
    let nul = false;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text, (key, value) => {
        if (hasNul(key) || (typeof value === 'string' && hasNul(value))) nul = true;
        return key === '__proto__' ? undefined : value;
      });
    } catch {
      throw authError('BAD_REQUEST');
    }
    if (nul) throw nulError('body');
    return parsed;
  }
  if (acceptsForm && contentType === 'application/x-www-form-urlencoded') {
    const out: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(text)) {
      if (hasNul(k) || hasNul(v)) throw nulError('body');
      if (k !== '__proto__') out[k] = v;
    }
    return out;
  }
  throw authError('UNSUPPORTED_MEDIA_TYPE', {
    message: `Content-Type "${contentType.slice(0, 100)}" is not allowed. Allowed types: ${allowed}`,
  });
}

async function readLimited(request: Request): Promise<string> {
  // With a declared length (at most MAX_BODY_BYTES, checked above) node:http hands over that
  // many bytes and no more: read them at once. The Node adapter then reads the socket
  // directly instead of through a web stream (a quarter of a millisecond per request).
  if (request.headers.has('content-length') && !request.headers.has('transfer-encoding')) {
    const bytes = Buffer.from(await request.arrayBuffer());
    // a Request made in process (auth.fetch) is not held to its header: hold it to the limit
    if (bytes.byteLength > MAX_BODY_BYTES) throw new AuthError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    return bytes.toString('utf8');
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new AuthError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Query parameters as an object; repeated keys become arrays (CONTRACT §1). */
export function readQuery(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    if (hasNul(k) || hasNul(v)) throw nulError('query');
    if (k === '__proto__') continue;
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
