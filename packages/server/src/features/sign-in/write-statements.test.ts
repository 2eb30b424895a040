/**
 * The statements of a password sign-in and of a sign-up (issue 14 item 3, docs/performance.md
 * "Sign-up beside the hash"): on a machine whose cores all hash, every statement the event
 * loop sends is taken from the hash threads. The counts are held here, so a statement added
 * to these paths is a decision, not an accident.
 */
import { expect, it } from 'vitest';
import { forEachDatabase, PASSWORD, signUpUser } from '../../test/harness.ts';
import { countedApp } from '../../test/query-count.ts';

await forEachDatabase('sign-in and sign-up: statements per answer', (dialect) => {
  const t = countedApp(dialect);

  /** Before → after (docs/performance.md): the lockout's take as one upsert, the audit row and its chain head in one statement on PostgreSQL, the cleanup of expired links at most once a minute, the user read with their credential account, each audit row written at the head its instance last left (known-heads.ts); then one more for a sign-in: its credential held in the session's transaction (accounts/repo.ts holdCredential: a claim or reset during the hash wins). */
  const expected = {
    sqlite: { signUp: 8, signIn: 7 },
    postgres: { signUp: 6, signIn: 6 },
    mysql: { signUp: 8, signIn: 9 },
  }[dialect];

  it('a sign-up: the user, the account, its link and its session, each with its audit row', async () => {
    // the first sign-up of the instance also removes expired links; the next ones leave that to the minute after
    await signUpUser(t.app);
    const email = `count-${Math.random().toString(36).slice(2, 10)}@example.test`;
    const { result, queries } = await t.counter.measure(() =>
      t.app.client().post('/sign-up/email', { name: 'Counted', email, password: PASSWORD }),
    );
    expect(result.status).toBe(200);
    expect(queries.filter((q) => /delete from .verification./i.test(q))).toEqual([]);
    expect(queries).toHaveLength(expected.signUp);
  });

  it('a password sign-in: the lockout taken and cleared, the session and its audit row', async () => {
    const { email, userId } = await signUpUser(t.app);
    const { result, queries } = await t.counter.measure(() =>
      t.app.client().post('/sign-in/email', { email, password: PASSWORD }),
    );
    expect(result.status).toBe(200);
    expect(queries).toHaveLength(expected.signIn);
    // the try was counted and, the password being right, forgotten
    const lockout = await t.shared.handle.db
      .selectFrom('signInLockout')
      .select('failures')
      .where('key', '=', `user:${userId}`)
      .executeTakeFirst();
    expect(lockout).toBeUndefined();
  });
});
