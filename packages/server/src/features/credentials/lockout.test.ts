/**
 * The per-account sign-in lockout (issue 11, item 13; NIST SP 800-63B rev 4 §3.2.2): delays
 * that double after five failures, a hard lock at 100 that only a reset ends, a success that
 * clears the count, unknown addresses treated exactly like real ones, and a burst of
 * concurrent guesses counted by one statement on every database.
 */
import { expect, it } from 'vitest';
import type { TestResponse } from '../../test/client.ts';
import { createTestApp, describeOnDatabases, openSharedDatabase, PASSWORD, signUpUser } from '../../test/harness.ts';
import { lastLink } from '../../test/mail-links.ts';
import { delayAfterFailure } from './lockout.ts';

const WRONG = 'Wrong-Password-1';

function outcome(res: TestResponse): [number, string | null] {
  return [res.status, res.headers.get('x-retry-after')];
}

await describeOnDatabases('the sign-in lockout', {}, (t) => {
  const signIn = (email: string, password: string) => t.app.client().post('/sign-in/email', { email, password });

  async function failuresOf(userId: string): Promise<number | null> {
    const row = await t.db.handle.db
      .selectFrom('signInLockout')
      .select('failures')
      .where('key', '=', `user:${userId}`)
      .executeTakeFirst();
    return row ? Number(row.failures) : null;
  }

  it('five failures are free, then each delay doubles; a waiting account is not even tried', async () => {
    const { email } = await signUpUser(t.app);
    for (let i = 0; i < 5; i++) expect(outcome(await signIn(email, WRONG))).toEqual([401, null]);
    const seen: (string | null)[] = [];
    for (let step = 0; step < 4; step++) {
      const waiting = await signIn(email, PASSWORD);
      expect(waiting.status).toBe(429);
      expect(waiting.json.code).toBe('TOO_MANY_REQUESTS');
      expect(waiting.setCookies).toHaveLength(0);
      const retry = waiting.headers.get('x-retry-after');
      seen.push(retry);
      t.app.clock.advance(Number(retry));
      expect((await signIn(email, WRONG)).status).toBe(401);
    }
    expect(seen).toEqual(['1', '2', '4', '8']);
  });

  it('an unknown address gets the same answers, in the same order', async () => {
    const { email } = await signUpUser(t.app);
    const run = async (address: string) => {
      const answers: [number, string | null, unknown][] = [];
      for (let i = 0; i < 8; i++) {
        const res = await signIn(address, WRONG);
        answers.push([res.status, res.headers.get('x-retry-after'), res.json]);
        if (i === 6) t.app.clock.advance(1);
      }
      return answers;
    };
    const known = await run(email);
    const unknown = await run(`nobody-${Math.random().toString(36).slice(2)}@example.test`);
    expect(unknown).toEqual(known);
    expect(known.map((a) => a[0])).toEqual([401, 401, 401, 401, 401, 429, 429, 401]);
  });

  it('a right password clears the count', async () => {
    const { email, userId } = await signUpUser(t.app);
    for (let i = 0; i < 5; i++) await signIn(email, WRONG);
    t.app.clock.advance(1);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    expect(await failuresOf(userId)).toBeNull();
    for (let i = 0; i < 4; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    expect(await failuresOf(userId)).toBe(4);
  });

  it('a right password leaves no row behind; a failure is kept, counted from one, until the next right one', async () => {
    const { email, userId } = await signUpUser(t.app);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    expect(await failuresOf(userId)).toBeNull();
    expect((await signIn(email, WRONG)).status).toBe(401);
    expect(await failuresOf(userId)).toBe(1);
    expect((await signIn(email, WRONG)).status).toBe(401);
    expect(await failuresOf(userId)).toBe(2);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    expect(await failuresOf(userId)).toBeNull();
    expect((await signIn(email, WRONG)).status).toBe(401);
    expect(await failuresOf(userId)).toBe(1);
  });

  it('the username sign-in counts on the same account', async () => {
    const username = `lock_${Math.random().toString(36).slice(2, 10)}`;
    const { email } = await signUpUser(t.app, { username });
    for (let i = 0; i < 5; i++) await signIn(email, WRONG);
    const res = await t.app.client().post('/sign-in/username', { username, password: PASSWORD });
    expect(outcome(res)).toEqual([429, '1']);
  });

  it('never more than 100 consecutive failures: then locked until a reset by mail', async () => {
    const { email, userId } = await signUpUser(t.app);
    let compared = 0;
    for (let i = 0; i < 120; i++) {
      const res = await signIn(email, WRONG);
      if (res.status === 401) compared++;
      else expect(res.status).toBe(429);
      // wait out whatever delay was earned: only the hard lock remains
      t.app.clock.advance(delayAfterFailure(compared, t.app.auth.config.password.lockout));
    }
    expect(compared).toBe(100);
    expect(await failuresOf(userId)).toBe(100);
    t.app.clock.advance(30 * 86_400);
    const locked = await signIn(email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('x-retry-after'))).toBeGreaterThan(0);

    // the owner's way back: the mailed reset link, which unlocks as it sets the new password
    expect((await t.app.client().post('/request-password-reset', { email, redirectTo: '/reset' })).status).toBe(200);
    const token = new URL(lastLink(t.app, email, 'reset-password', '/reset-password/')).pathname.split('/').pop();
    const reset = await t.app.client().post('/reset-password', { token, newPassword: 'Owner-Is-Back-Phrase-1' });
    expect(reset.status).toBe(200);
    expect(await failuresOf(userId)).toBeNull();
    expect((await signIn(email, 'Owner-Is-Back-Phrase-1')).status).toBe(200);
  });

  it("an admin's new password unlocks a locked account", async () => {
    const admin = await signUpUser(t.app);
    await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const { email, userId } = await signUpUser(t.app);
    await t.db.handle.db
      .insertInto('signInLockout')
      .values({ key: `user:${userId}`, failures: 100, lockedUntil: 0 })
      .execute();
    expect((await signIn(email, PASSWORD)).status).toBe(429);
    const set = await admin.client.post('/admin/set-user-password', { userId, newPassword: 'Set-By-Admin-Phrase-2' });
    expect(set.status).toBe(200);
    expect((await signIn(email, 'Set-By-Admin-Phrase-2')).status).toBe(200);
  });

  it('a burst of concurrent wrong passwords is counted atomically: five are compared, the rest wait', async () => {
    const { email, userId } = await signUpUser(t.app);
    const results = await Promise.all(Array.from({ length: 30 }, () => signIn(email, WRONG)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    expect(await failuresOf(userId)).toBe(5);
    // and the same for an unknown address, whose row is created by the burst itself
    const unknown = await Promise.all(
      Array.from({ length: 30 }, () => signIn(`burst-${Math.random().toString(36).slice(2)}@nowhere.test`, WRONG)),
    );
    expect(unknown.every((r) => r.status === 401)).toBe(true);
    const one = `burst-one@nowhere.test`;
    const same = await Promise.all(Array.from({ length: 30 }, () => signIn(one, WRONG)));
    expect(same.filter((r) => r.status === 401)).toHaveLength(5);
    expect(same.filter((r) => r.status === 429)).toHaveLength(25);
  });
});

it('password.lockout.enabled: false compares every password (the rate limits still apply)', async () => {
  const db = await openSharedDatabase('sqlite');
  const app = createTestApp(db, { password: { lockout: { enabled: false } } });
  try {
    const { email } = await signUpUser(app);
    for (let i = 0; i < 8; i++) {
      expect((await app.client().post('/sign-in/email', { email, password: WRONG })).status).toBe(401);
    }
    expect((await app.client().post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect(await db.handle.db.selectFrom('signInLockout').select('key').execute()).toEqual([]);
  } finally {
    await app.close();
    await db.close();
  }
});
