/**
 * A session and its sign_in audit event are one write (features/sign-in/pipeline.ts): when
 * the event cannot be recorded, the session is not left behind (a session nobody can
 * account for), and the person gets no cookie; once the audit log takes rows again, the
 * same sign-in works and its event names the session it made.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

await describeOnDatabases('a sign-in writes its session and its event together', {}, (suite) => {
  const db = () => suite.db.handle.db;

  async function refuseSignInEvents(on: boolean): Promise<void> {
    if (suite.dialect === 'sqlite') {
      await sql`drop trigger if exists refuse_sign_in_event`.execute(db());
      if (on)
        await sql`create trigger refuse_sign_in_event before insert on "auditEvent" when new."type" = 'sign_in'
          begin select raise(abort, 'the audit log is down'); end`.execute(db());
    } else if (suite.dialect === 'postgres') {
      await sql`drop trigger if exists refuse_sign_in_event on "auditEvent"`.execute(db());
      if (on) {
        await sql`create or replace function refuse_sign_in_event() returns trigger language plpgsql as $$
          begin if new."type" = 'sign_in' then raise exception 'the audit log is down'; end if; return new; end $$`.execute(
          db(),
        );
        await sql`create trigger refuse_sign_in_event before insert on "auditEvent" for each row
          execute function refuse_sign_in_event()`.execute(db());
      }
    } else {
      await sql`drop trigger if exists refuse_sign_in_event`.execute(db());
      if (on)
        await sql`create trigger refuse_sign_in_event before insert on auditEvent for each row
          begin if new.type = 'sign_in' then signal sqlstate '45000' set message_text = 'the audit log is down'; end if; end`.execute(
          db(),
        );
    }
  }

  const sessionsOf = async (userId: string) =>
    (await db().selectFrom('session').select('id').where('userId', '=', userId).execute()).map((r) => r.id);
  const signInEventsOf = async (userId: string) =>
    db()
      .selectFrom('auditEvent')
      .select(['details'])
      .where('type', '=', 'sign_in')
      .where('actorUserId', '=', userId)
      .execute();

  it('an event that cannot be written takes the session with it; afterwards the sign-in works', async () => {
    const { email, userId } = await signUpUser(suite.app);
    const sessionsBefore = await sessionsOf(userId);
    const eventsBefore = await signInEventsOf(userId);

    await refuseSignInEvents(true);
    try {
      const refused = await suite.app.client().post('/sign-in/email', { email, password: PASSWORD });
      expect(refused.status).toBe(500);
      expect(refused.headers.get('set-cookie') ?? '').not.toContain('session_token=');
      expect(await sessionsOf(userId)).toEqual(sessionsBefore);
      expect(await signInEventsOf(userId)).toEqual(eventsBefore);
    } finally {
      await refuseSignInEvents(false);
    }

    const client = suite.app.client();
    const signedIn = await client.post('/sign-in/email', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const sessions = await sessionsOf(userId);
    expect(sessions).toHaveLength(sessionsBefore.length + 1);
    const added = sessions.find((id) => !sessionsBefore.includes(id));
    const events = await signInEventsOf(userId);
    expect(events).toHaveLength(eventsBefore.length + 1);
    const details = events.map((e) => (typeof e.details === 'string' ? JSON.parse(e.details) : e.details));
    expect(details.map((d: { sessionId?: string }) => d.sessionId)).toContain(added);
  });
});
