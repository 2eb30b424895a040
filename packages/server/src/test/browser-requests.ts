/**
 * What a browser's request for a mailed link says of itself (fetch metadata), for the tests of
 * the link binding (core/http/browser-binding.ts), and what such a test reads back.
 */
import type { SharedDatabase } from './harness.ts';

/** A hostile page sending the browser to the link (a top-level navigation from another site). */
export const sentByAnotherSite = { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } };
/** A person clicking the link in a mail program (the browser opens it with no site before it). */
export const openedFromMail = { headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' } };

/** Whether the user's address is marked verified. */
export async function isEmailVerified(db: SharedDatabase, userId: string): Promise<boolean> {
  const row = await db.handle.db
    .selectFrom('user')
    .select('emailVerified')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Boolean(row.emailVerified);
}
