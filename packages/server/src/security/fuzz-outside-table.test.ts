/**
 * The fuzz of security/fuzz-endpoints.test.ts, sent to paths and methods that are not in the
 * route table: near misses of real paths (a trailing slash, another case, a doubled slash,
 * dot segments, an encoded NUL), random paths and traversal attempts, with every method.
 * The same checks after every request (test/fuzz-checks.ts).
 */
import fc from 'fast-check';
import { describe, it, vi } from 'vitest';
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
  it(
    'paths and methods outside the table',
    async () => {
      const known = endpoints.map((e) => e.path);
      const path = fc.oneof(
        fc
          .constantFrom(...known)
          .chain((p) =>
            fc.constantFrom(
              `${p}/`,
              `/${p}`,
              p.toUpperCase(),
              `${p}/extra`,
              `${p}%00`,
              p.replace(/\//g, '//'),
              `${p}/..`,
            ),
          ),
        fc.string({ maxLength: 40 }).map((s) => `/${encodeURIComponent(s)}`),
        fc.constantFrom('', '/', '/..', '/%2e%2e/%2e%2e/etc/passwd', '/__proto__', '/constructor/prototype'),
      );
      const fake: Endpoint = { method: 'POST', path: '/not-in-table', handler: () => null };
      await fc.assert(
        fc.asyncProperty(
          requestFor(fake),
          path,
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
          (req, p, method) => sendAndCheck({ ...fake, path: p }, { ...req, method, params: [] }, 'outside the table'),
        ),
        fuzzOptions('outside'),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
