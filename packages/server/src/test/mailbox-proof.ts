/** Helpers of the magic-link and email-otp tests: the mailed link or code, and the database as a refusal must leave it. */
import { extractLinks } from '../core/mail/transport.ts';
import type { SharedDatabase, TestApp } from './harness.ts';

/** The newest mail of `kind` to `to`, or throws naming what was captured. */
export function lastMailOf(app: TestApp, to: string, kind: string): { text: string; html: string } {
  const found = app.mailer.messages.filter((m) => m.to === to && m.kind === kind).at(-1);
  if (!found) {
    const seen = app.mailer.messages.map((m) => `${m.kind} to ${m.to}`).join('; ') || 'none';
    throw new Error(`no ${kind} mail to ${to} (captured: ${seen})`);
  }
  return found;
}

export function mailCount(app: TestApp, to: string, kind: string): number {
  return app.mailer.messages.filter((m) => m.to === to && m.kind === kind).length;
}

/** The magic link of the newest magic-link mail to `to`. */
export function magicLinkOf(app: TestApp, to: string): string {
  const link = extractLinks(lastMailOf(app, to, 'magic-link').text).find((l) => l.includes('/magic-link/verify?'));
  if (!link) throw new Error(`no magic link in the mail to ${to}`);
  return link;
}

/** The token of a magic link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** The code of the newest mail of `kind` to `to` (the first run of digits of its length in the text). */
export function codeOf(app: TestApp, to: string, kind: string, length = 6): string {
  const code = new RegExp(`\\b(\\d{${length}})\\b`).exec(lastMailOf(app, to, kind).text)?.[1];
  if (!code) throw new Error(`no ${length}-digit code in the ${kind} mail to ${to}`);
  return code;
}

const TABLES = ['user', 'session', 'account', 'verification', 'twoFactor'] as const;

/**
 * Every row of the tables a sign-in can change, as text: a refused request must leave it
 * as it was (the audit log, which records refusals on purpose, is not among them).
 */
export async function snapshot(db: SharedDatabase): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = await db.handle.db.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((row) => JSON.stringify(row, (_k, v: unknown) => (v instanceof Date ? v.toISOString() : v)))
      .sort();
  }
  return JSON.stringify(out);
}
