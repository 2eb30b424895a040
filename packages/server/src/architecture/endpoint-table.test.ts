/**
 * The route table is the contract's endpoint table (issue 12): every endpoint the server
 * serves is bound to a row of `ENDPOINTS`, and every row is served once its plugin is on.
 * A new endpoint without a row, or a row nobody serves, fails here.
 */
import { ENDPOINTS } from '@latch/contract';
import { afterAll, expect, it, vi } from 'vitest';
import type { Endpoint } from '../core/http/endpoint.ts';
import type { RouterOptions } from '../core/http/router.ts';
import { createTestApp, openSharedDatabase } from '../test/harness.ts';

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

/** Served without a row, and why. */
const WITHOUT_ROW = new Map([
  ['GET /reference/scalar.js', 'a static script of the reference page, not an API answer (features/reference)'],
]);

const db = await openSharedDatabase('sqlite');
const app = createTestApp(db, {
  socialProviders: { github: { clientId: 'id', clientSecret: 'secret' } },
  plugins: {
    username: {},
    organization: { teams: { enabled: true } },
    admin: {},
    twoFactor: {},
    jwt: {},
    passkey: {},
    magicLink: {},
    emailOTP: {},
  },
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

it('every endpoint served is bound to a row of the endpoint table', () => {
  const served = table.endpoints ?? [];
  expect(served.length).toBeGreaterThan(90);
  const rows = new Set<unknown>(ENDPOINTS);
  const unbound = served.filter((e) => !(e.entry && rows.has(e.entry)) && !WITHOUT_ROW.has(key(e))).map(key);
  expect(unbound).toEqual([]);
  // each endpoint serves its own row: the method and path come from it
  for (const e of served) if (e.entry) expect(key(e)).toBe(key(e.entry));
});

it('every row is served, once, with every plugin on', () => {
  const served = (table.endpoints ?? []).map(key);
  const missing = ENDPOINTS.map(key).filter((k) => !served.includes(k));
  expect(missing).toEqual([]);
  const twice = served.filter((k, i) => served.indexOf(k) !== i);
  expect(twice).toEqual([]);
});
