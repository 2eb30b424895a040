/**
 * list-sessions costs two statements whatever the number of sessions (issue 14 item 2):
 * the session check (on SQLite on the read-only connection; batched with concurrent checks
 * on PostgreSQL and MySQL) and one read of the person's live sessions, newest first
 * (session_user_created_idx, migration 0008). An N+1 over the sessions fails here.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  forEachDatabase,
  openSharedDatabase,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';
import { countQueries, type QueryCounter } from '../../test/query-count.ts';

await forEachDatabase('list-sessions: statements per answer', (dialect) => {
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

  /** Someone signed in here, with `others` more live sessions and one expired one. */
  async function personWith(others: number) {
    const person = await signUpUser(app);
    const now = app.clock.now().getTime();
    const row = (minutesAgo: number, expiresAt: Date) => ({
      id: randomBytes(12).toString('hex'),
      token: randomBytes(24).toString('base64url'),
      userId: person.userId,
      expiresAt,
      userAgent: `browser ${minutesAgo}`,
      createdAt: new Date(now - minutesAgo * 60_000),
      updatedAt: new Date(now - minutesAgo * 60_000),
    });
    const live = Array.from({ length: others }, (_, i) => row(i + 1, new Date(now + 86_400_000)));
    const expired = row(others + 1, new Date(now - 1000));
    await shared.handle.db
      .insertInto('session')
      .values([...live, expired])
      .execute();
    return person;
  }

  it('two statements for 1 or 31 sessions, answering every live one newest first', async () => {
    const one = await personWith(0);
    const many = await personWith(30);
    const few = await counter.measure(() => one.client.get('/list-sessions'));
    const lots = await counter.measure(() => many.client.get('/list-sessions'));
    expect(few.result.status).toBe(200);
    expect(few.result.json).toHaveLength(1);
    expect(lots.result.json).toHaveLength(31);
    const created = lots.result.json.map((s: { createdAt: string }) => s.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(lots.queries, lots.queries.join('\n')).toEqual(few.queries);
    expect(lots.queries).toHaveLength(2);
  });
});
