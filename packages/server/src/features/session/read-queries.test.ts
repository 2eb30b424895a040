/**
 * list-sessions costs two statements whatever the number of sessions (issue 14 item 2):
 * the session check (on SQLite on the read-only connection; batched with concurrent checks
 * on PostgreSQL and MySQL) and one read of the person's live sessions, newest first
 * (session_user_created_idx, migration 0008). An N+1 over the sessions fails here.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { forEachDatabase, signUpUser } from '../../test/harness.ts';
import { countedApp } from '../../test/query-count.ts';

await forEachDatabase('list-sessions: statements per answer', (dialect) => {
  const t = countedApp(dialect);

  /** Someone signed in here, with `others` more live sessions and one expired one. */
  async function personWith(others: number) {
    const person = await signUpUser(t.app);
    const now = t.app.clock.now().getTime();
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
    await t.shared.handle.db
      .insertInto('session')
      .values([...live, expired])
      .execute();
    return person;
  }

  it('two statements for 1 or 31 sessions, answering every live one newest first', async () => {
    const one = await personWith(0);
    const many = await personWith(30);
    const few = await t.counter.measure(() => one.client.get('/list-sessions'));
    const lots = await t.counter.measure(() => many.client.get('/list-sessions'));
    expect(few.result.status).toBe(200);
    expect(few.result.json).toHaveLength(1);
    expect(lots.result.json).toHaveLength(31);
    const created = lots.result.json.map((s: { createdAt: string }) => s.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(lots.queries, lots.queries.join('\n')).toEqual(few.queries);
    expect(lots.queries).toHaveLength(2);
  });
});
