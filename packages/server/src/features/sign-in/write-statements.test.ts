/**
 * The statements of a password sign-in and of a sign-up (issue 14 item 3, docs/performance.md
 * "Sign-up beside the hash"): on a machine whose cores all hash, every statement the event
 * loop sends is taken from the hash threads. The counts are held here, so a statement added
 * to these paths is a decision, not an accident.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  forEachDatabase,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { countQueries, type QueryCounter } from '../../test/query-count.ts';

await forEachDatabase('sign-in and sign-up: statements per answer', (dialect) => {
  let shared: SharedDatabase;
  let app: TestApp;
  let counter: QueryCounter;
  beforeAll(async () => {
    const counted = countQueries(await openSharedDatabase(dialect));
    shared = counted.database;
    counter = counted.counter;
    app = createTestApp(shared);
  });
  afterAll(async () => {
    await app?.close();
    await shared?.close();
  });

  /** Before → after (docs/performance.md): the lockout's take as one upsert, the audit row and its chain head in one statement on PostgreSQL, the cleanup of expired links at most once a minute. */
  const expected = {
    sqlite: { signUp: 8, signIn: 6 },
    postgres: { signUp: 6, signIn: 5 },
    mysql: { signUp: 8, signIn: 8 },
  }[dialect];

  it('a sign-up: the user, the account, its link and its session, each with its audit row', async () => {
    // the first sign-up of the instance also removes expired links; the next ones leave that to the minute after
    await signUpUser(app);
    const email = `count-${Math.random().toString(36).slice(2, 10)}@example.test`;
    const { result, queries } = await counter.measure(() =>
      app.client().post('/sign-up/email', { name: 'Counted', email, password: PASSWORD }),
    );
    expect(result.status).toBe(200);
    expect(queries.filter((q) => /delete from .verification./i.test(q))).toEqual([]);
    expect(queries).toHaveLength(expected.signUp);
  });

  it('a password sign-in: the lockout taken and cleared, the session and its audit row', async () => {
    const { email, userId } = await signUpUser(app);
    const { result, queries } = await counter.measure(() =>
      app.client().post('/sign-in/email', { email, password: PASSWORD }),
    );
    expect(result.status).toBe(200);
    expect(queries).toHaveLength(expected.signIn);
    // the try was counted and, the password being right, forgotten
    const lockout = await shared.handle.db
      .selectFrom('signInLockout')
      .select('failures')
      .where('key', '=', `user:${userId}`)
      .executeTakeFirst();
    expect(lockout).toBeUndefined();
  });
});
