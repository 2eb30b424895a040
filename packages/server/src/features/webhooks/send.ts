/**
 * One attempt: POST the body to the URL with the signed headers, within a time limit, and
 * say what happened. Redirects are not followed (a 3xx is a failure, as the specification
 * suggests), the answer's body is read and thrown away (nothing of it is stored), and the
 * socket connects only to an address the URL policy accepted.
 */
import http from 'node:http';
import https from 'node:https';
import { AddressNotAllowedError, guardedLookup, type UrlPolicy, urlProblem } from './url-policy.ts';

export interface AttemptResult {
  /** A 2xx answer. */
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, short and free of the receiver's words; null on success. */
  error: string | null;
  /** A 429 or 503's Retry-After, in seconds. */
  retryAfterSeconds: number | null;
  /** The attempt was cut short by the caller (shutdown), not by the receiver. */
  aborted: boolean;
}

export interface AttemptInput {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: UrlPolicy;
  signal: AbortSignal;
  /** For Retry-After given as a date. */
  now: Date;
}

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** Retry-After as seconds (a number of seconds, or an HTTP date), or null. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof TimeoutError) return `timeout after ${timeoutMs} ms`;
  if (err instanceof AddressNotAllowedError) return 'address not allowed (resolves to a non-public address)';
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? `connection failed (${code})` : 'connection failed';
}

export function sendAttempt(input: AttemptInput): Promise<AttemptResult> {
  const failed = (error: string, aborted = false): AttemptResult => ({
    ok: false,
    statusCode: null,
    error,
    retryAfterSeconds: null,
    aborted,
  });
  const problem = urlProblem(input.url, input.policy);
  if (problem) return Promise.resolve(failed(`URL not allowed (${problem})`));
  const url = new URL(input.url);
  const request = url.protocol === 'https:' ? https.request : http.request;

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      input.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(input.body)),
          'user-agent': 'Latch-Webhooks/1',
        },
        lookup: guardedLookup(input.policy),
        // one connection per attempt: nothing stays open between attempts or after shutdown
        agent: false,
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        const ok = statusCode >= 200 && statusCode < 300;
        const retryAfter = header(res.headers['retry-after']);
        const result: AttemptResult = {
          ok,
          statusCode,
          error: ok ? null : `HTTP ${statusCode}`,
          retryAfterSeconds: statusCode === 429 || statusCode === 503 ? parseRetryAfter(retryAfter, input.now) : null,
          aborted: false,
        };
        // the answer's body is not kept; the time limit still covers reading it
        res.resume();
        res.once('end', () => finish(result));
        res.once('error', () => finish(result));
        res.once('close', () => finish(result));
      },
    );
    const timer = setTimeout(() => req.destroy(new TimeoutError()), input.timeoutMs);
    const onAbort = () => {
      req.destroy();
      finish(failed('stopped by shutdown', true));
    };
    if (input.signal.aborted) return onAbort();
    input.signal.addEventListener('abort', onAbort, { once: true });
    req.once('error', (err) => finish(failed(describe(err, input.timeoutMs))));
    req.end(input.body);
  });
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
