/**
 * U+0000 in a request's text (found by security/fuzz-endpoints.test.ts): PostgreSQL cannot store or
 * even compare it, so a name or a query value with a NUL answered 500 there while SQLite
 * and MariaDB served it. It is refused at the edge with 400 VALIDATION_ERROR, the same on
 * every database, and nothing is written.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

await describeOnDatabases('NUL characters in requests', {}, (t) => {
  const countUsers = async () =>
    Number(
      (
        await t.db.handle.db
          .selectFrom('user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a JSON body with a NUL in a value or a key, and creates no account', async () => {
    const before = await countUsers();
    const email = `nul-${Math.random().toString(36).slice(2, 8)}@example.test`;
    for (const body of [
      { name: 'Eve\u0000', email, password: PASSWORD },
      { name: 'Eve', email, password: PASSWORD, 'x\u0000': 1 },
    ]) {
      const res = await t.app.client().post('/sign-up/email', body);
      expect([res.status, res.json.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.json.message).toContain('NUL');
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses a form body and a query with a NUL, where a signed-in owner could reach the database', async () => {
    const before = await countUsers();
    const form = await t.app.client().request('POST', '/sign-up/email', {
      rawBody: new URLSearchParams({
        name: 'Eve\u0000',
        email: 'nul-form@example.test',
        password: PASSWORD,
      }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([form.status, form.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(await countUsers()).toBe(before);

    const owner = await signUpUser(t.app);
    const query = await owner.client.get('/organization/list-members', { query: { organizationId: '\u0000' } });
    expect([query.status, query.json.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('still serves the same requests without the NUL', async () => {
    const email = `nul-ok-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const res = await t.app.client().post('/sign-up/email', { name: 'Eve', email, password: PASSWORD });
    expect(res.status).toBe(200);
  });
});
