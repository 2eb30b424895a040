/**
 * The app the security fuzz (security/fuzz-*.test.ts) sends its requests to, one per test
 * file: every optional endpoint switched on, on a database of its own.
 *
 * FUZZ_SEED picks the requests (a fixed default, so CI runs the same ones every time);
 * FUZZ_LONG=1 runs many more of them (FUZZ_RUNS sets the count per endpoint outright);
 * FUZZ_DIALECT=postgres|mysql runs the same on those databases; FUZZ_TIMEOUT_MS sets the
 * longest wait for one answer; FUZZ_STATS=1 prints what each endpoint answered, by status
 * and code (FUZZ_STATS=messages adds the messages), to see how far the requests get.
 */
import { afterAll } from 'vitest';
import type { LatchOptions } from '../core/config/schema.ts';
import type { Dialect } from '../core/db/schema.ts';
import { BASE_URL, createTestApp, openSharedDatabase, type TestApp } from './harness.ts';
import { startGithubFake } from './social-sign-in.ts';

export const LONG = process.env.FUZZ_LONG === '1';
export const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
export const RUNS = Number(process.env.FUZZ_RUNS ?? (LONG ? 400 : 20));
export const REQUEST_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);
export const TEST_TIMEOUT_MS = LONG ? 3_600_000 : 60_000;
export const ORIGIN = new URL(BASE_URL).origin;

export const github = await startGithubFake();
// SQLite by default (the brief of this suite); FUZZ_DIALECT=postgres or mysql fuzzes those by hand
export const DIALECT = (process.env.FUZZ_DIALECT ?? 'sqlite') as Dialect;
export const db = await openSharedDatabase(DIALECT);
export const OPTIONS: LatchOptions = {
  socialProviders: { github: github.options },
  // every optional endpoint on, so that each one is reached beyond "not enabled"
  user: { deleteUser: { enabled: true }, changeEmail: { enabled: true } },
  plugins: {
    username: {},
    organization: { teams: { enabled: true } },
    admin: { adminRoles: ['admin'] },
    twoFactor: {},
    jwt: {},
    passkey: {},
    magicLink: {},
    emailOTP: {},
  },
};
export const app: TestApp = createTestApp(db, OPTIONS);

afterAll(async () => {
  await app.close();
  await db.close();
  await github.close();
});
