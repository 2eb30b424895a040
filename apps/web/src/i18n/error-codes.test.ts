// @vitest-environment happy-dom
/**
 * Every error code the web app can receive has a message in all eight languages (issue 12 item 7).
 *
 * The codes are collected, not listed by hand: every call of lib/auth.ts (the app's one door to the
 * API) is made against a stand-in `fetch`, each request is matched to its row of the endpoint table,
 * and the codes are the union of those rows' error lists, with the codes any endpoint may answer
 * (the contract's TRANSPORT_ERRORS: validation, rate limit, origin checks…). A request that no row
 * serves fails the test, so a new call of the app brings its codes in by itself.
 */
import { ENDPOINTS, type EndpointEntry, ERRORS, TRANSPORT_ERRORS } from '@latch/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authClient } from '../lib/auth.ts';
import { describeError } from '../lib/errors.ts';
import { CATALOG } from './catalog.ts';
import { LANGUAGES } from './languages.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { pl } from './locales/pl.ts';
import { ru } from './locales/ru.ts';
import { tr } from './locales/tr.ts';
import { uk } from './locales/uk.ts';

/** The first part of each language (what the sign-in page fetches). */
const FIRST_PARTS = { en, es, de, fr, pl, tr, uk, ru };

const requests = new Set<string>();

function answer(): Response {
  return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Calls every function below `value` once, with an empty argument. */
async function callEverything(value: unknown): Promise<void> {
  if (typeof value === 'function') {
    await (value as (argument: Record<string, never>) => Promise<unknown>)({});
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) await callEverything(member);
  }
}

/** The row a request was for: the same method and path (no row of the table has a parameter the app calls). */
function rowOf(request: string): EndpointEntry | undefined {
  return (ENDPOINTS as readonly EndpointEntry[]).find((row) => `${row.method} ${row.path}` === request);
}

let rows: EndpointEntry[] = [];

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      requests.add(`${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/auth/, '')}`);
      return answer();
    }),
  );
  await callEverything(authClient);
  rows = [...requests].map((request) => rowOf(request)).filter((row): row is EndpointEntry => row !== undefined);
});

afterAll(() => {
  vi.unstubAllGlobals();
});

/** What the web can be told: each called row's refusals, and those of the transport. */
function receivableCodes(): string[] {
  const codes = new Set<string>(TRANSPORT_ERRORS);
  for (const row of rows) for (const code of row.errors) codes.add(code);
  return [...codes].sort();
}

describe('error messages of every code the web can receive', () => {
  it('reaches the API only through rows of the endpoint table', () => {
    expect(requests.size).toBeGreaterThan(40);
    expect([...requests].filter((request) => rowOf(request) === undefined)).toEqual([]);
  });

  it('collects the codes of the rows the app calls (sign-in, organizations, two-factor…), and the transport’s', () => {
    const codes = receivableCodes();
    for (const code of [
      'INVALID_EMAIL_OR_PASSWORD',
      'ORGANIZATION_SLUG_ALREADY_TAKEN',
      'INVALID_TWO_FACTOR_COOKIE',
      'VALIDATION_ERROR',
      'TOO_MANY_REQUESTS',
    ]) {
      expect(codes).toContain(code);
    }
    // every code is one of the catalogue
    expect(codes.filter((code) => !Object.hasOwn(ERRORS, code))).toEqual([]);
  });

  for (const { tag } of LANGUAGES) {
    it(`${tag}: has a message of its own for each of them`, () => {
      const t = CATALOG[tag];
      const missing = receivableCodes().filter((code) => {
        const text: unknown = (t.errors as Record<string, unknown>)[code];
        return typeof text !== 'string' || !text.trim();
      });
      expect(missing).toEqual([]);
      // and the screens use it: what a refusal with the code shows is that message, not the server's English
      for (const code of receivableCodes()) {
        const shown = describeError({ status: 400, code, message: 'the server’s own words' }, t);
        expect(shown, code).toBe((t.errors as Record<string, string>)[code]);
      }
      if (tag === 'en') return;
      // a translation, not a copy of the English
      const copied = receivableCodes().filter(
        (code) => (t.errors as Record<string, string>)[code] === (CATALOG.en.errors as Record<string, string>)[code],
      );
      expect(copied).toEqual([]);
    });
  }

  it('the sign-in page has every message its calls can be refused with in the first part of each language', () => {
    // what the sign-in page (and the frame around it) calls before any other screen's messages are
    // fetched: the rest of the catalogue is in locales/more, fetched with the first other screen
    const SIGN_IN_CALLS = [
      'POST /sign-in/email',
      'POST /sign-in/username',
      'POST /send-verification-email',
      'POST /sign-in/magic-link',
      'POST /email-otp/send-verification-otp',
      'GET /passkey/generate-authenticate-options',
      'POST /passkey/verify-authentication',
      'POST /sign-in/social',
      'POST /sign-out',
      'GET /get-session',
      'POST /update-user',
    ];
    const signInRows = SIGN_IN_CALLS.map((call) => rowOf(call));
    expect(signInRows.filter((row) => row === undefined)).toEqual([]);
    const codes = new Set<string>(TRANSPORT_ERRORS);
    for (const row of signInRows) for (const code of row?.errors ?? []) codes.add(code);
    expect(codes.has('INVALID_EMAIL_OR_PASSWORD')).toBe(true);
    for (const [tag, first] of Object.entries(FIRST_PARTS)) {
      const missing = [...codes].filter((code) => !Object.hasOwn(first.errors, code));
      expect(missing, tag).toEqual([]);
    }
  });

  it('a request that never got an answer, and a 429 without a code, are said in every language', () => {
    for (const { tag } of LANGUAGES) {
      const t = CATALOG[tag];
      const unreachable = describeError({ status: 500, statusText: 'Fetch Error', message: 'Failed to fetch' }, t);
      expect([t.network.offline, t.network.unreachable]).toContain(unreachable);
      expect(unreachable.trim()).not.toBe('');
      expect(describeError({ status: 429 }, t)).toBe(t.errors.TOO_MANY_REQUESTS);
    }
  });
});
