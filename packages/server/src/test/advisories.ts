/**
 * Shared setup of better-auth's published security advisories replayed against Latch
 * (security/advisories-*.test.ts; docs/security-advisories.md lists every advisory found,
 * where it was found, and why the ones without a test do not apply). Each test is named
 * after the advisory it replays, sends what the attacker sent, asserts that Latch refuses it,
 * and compares a snapshot of the account tables taken before the attack with one taken after.
 * Where an advisory concerns a plugin Latch does not have, the test replays the same class
 * of attack against the Latch endpoint that carries it, and says so in its name.
 *
 * Here: that snapshot, the fake GitHub the provider tests sign in with, and the name and
 * options of the main suite, so that each file runs its tests under the same ones.
 */
import { afterAll } from 'vitest';
import type { LatchOptions } from '../core/config/schema.ts';
import type { TestClient } from './client.ts';
import type { SharedDatabase, TestApp } from './harness.ts';
import { lastLink } from './mail-links.ts';
import { startGithubFake } from './social-sign-in.ts';

export const github = await startGithubFake();
afterAll(() => github.close());

/** The tables that hold who may do what: an attack that changes none of them changed nothing that matters. */
export const TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'organization',
  'member',
  'invitation',
  'team',
  'teamMember',
  'twoFactor',
] as const;

export async function snapshot(db: SharedDatabase): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.handle.db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

export const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.test`;

/** The main suite: every advisory that needs no configuration of its own runs under this name. */
export const REPLAYED = 'better-auth advisories replayed';
export const REPLAYED_OPTIONS: LatchOptions = {
  socialProviders: { github: github.options },
  trustedOrigins: ['https://*.trusted.example', 'https://app.partner.example'],
  session: { cookieCache: { enabled: true } },
  plugins: { admin: { adminRoles: ['admin'] } },
};

/** The verification link mailed to `email`, as the URL a browser would open. */
export function verifyLink(app: TestApp, email: string): URL {
  return new URL(lastLink(app, email, 'verify-email', '/verify-email'));
}

export async function sessionOf(client: TestClient): Promise<string | null> {
  return ((await client.get('/get-session')).json?.user?.id as string | undefined) ?? null;
}
