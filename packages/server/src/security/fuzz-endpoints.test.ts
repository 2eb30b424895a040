/**
 * A property-based fuzz of the whole HTTP API. Every endpoint of the route table that
 * createAuth hands to the router (captured below, so an endpoint added to app.ts is fuzzed
 * without touching this file) gets random and adversarial requests: bodies of the wrong
 * type, huge strings, deep nesting, prototype-pollution keys, unicode, null bytes, broken
 * JSON, the wrong media type, strange path parameters, queries, cookies, origins and
 * headers; sent signed out, signed in as an ordinary user, an admin, an organization owner,
 * a user with an authenticator app, and a browser halfway through a two-factor sign-in.
 * Bodies follow the endpoint's own zod schema often enough to get past validation, with
 * ids, addresses and mailed tokens of real rows, so handlers are reached as well as checks.
 *
 * The checks after every request are in test/fuzz-checks.ts (no 5xx, no hang, a coded 4xx,
 * no row changed by a refusal, no prototype polluted); the seed, run count and other knobs
 * (FUZZ_SEED, FUZZ_LONG, FUZZ_RUNS, FUZZ_DIALECT, FUZZ_TIMEOUT_MS, FUZZ_STATS) in test/fuzz-app.ts.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../core/http/endpoint.ts';
import type { RouterOptions } from '../core/http/router.ts';
import { RUNS, SEED, TEST_TIMEOUT_MS } from '../test/fuzz-app.ts';
import { fuzzOptions, sendAndCheck } from '../test/fuzz-checks.ts';
import { requestFor } from '../test/fuzz-requests.ts';

// The route table: whatever list createAuth gives the router, captured on its way there.
const table = vi.hoisted(() => ({ endpoints: null as readonly Endpoint[] | null }));
vi.mock('../core/http/router.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../core/http/router.ts')>();
  return {
    ...real,
    createRouter(options: RouterOptions) {
      table.endpoints = options.endpoints;
      return real.createRouter(options);
    },
  };
});

const endpoints = table.endpoints;
if (!endpoints?.length) throw new Error('the route table was not captured: did createAuth stop calling createRouter?');

describe(`every endpoint of the route table, fuzzed (seed ${SEED}, ${RUNS} requests each)`, () => {
  it('the route table has the endpoints of every switched-on feature', () => {
    const keys = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    for (const key of [
      'POST /sign-up/email',
      'POST /organization/create',
      'POST /admin/ban-user',
      'POST /two-factor/enable',
      'GET /jwks',
      'POST /sign-in/username',
      'POST /organization/create-team',
    ])
      expect(keys.has(key), key).toBe(true);
  });

  for (const endpoint of endpoints) {
    const name = `${endpoint.method} ${endpoint.path}`;
    it(
      name,
      async () => {
        await fc.assert(
          fc.asyncProperty(requestFor(endpoint), (req) => sendAndCheck(endpoint, req)),
          fuzzOptions(name),
        );
      },
      TEST_TIMEOUT_MS,
    );
  }
});
