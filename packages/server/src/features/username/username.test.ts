import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

let n = 0;
const unique = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

await describeOnDatabases('usernames', {}, (t) => {
  it('stores the username lower-cased, keeps displayUsername as typed, signs in in any case', async () => {
    const typed = unique('Ada.Love');
    const me = await signUpUser(t.app, { username: typed });
    const s = await me.client.get('/get-session');
    expect(s.json.user).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });
    const c = t.app.client();
    const res = await c.post('/sign-in/username', { username: typed.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(me.userId);
    expect(c.cookie('session_token')).toBeDefined();
  });

  it('every rule has its error: 400 on sign-up and update-user, 422 on sign-in', async () => {
    const cases: [string, string][] = [
      ['ab', 'USERNAME_TOO_SHORT'],
      ['x'.repeat(31), 'USERNAME_TOO_LONG'],
      ['has space', 'INVALID_USERNAME'],
      ['dash-name', 'INVALID_USERNAME'],
    ];
    const me = await signUpUser(t.app);
    for (const [username, code] of cases) {
      const up = await t.app
        .client()
        .post('/sign-up/email', { name: 'U', email: `${unique('e')}@example.test`, password: PASSWORD, username });
      expect([up.status, up.json.code]).toEqual([400, code]);
      const upd = await me.client.post('/update-user', { username });
      expect([upd.status, upd.json.code]).toEqual([400, code]);
      const inn = await t.app.client().post('/sign-in/username', { username, password: PASSWORD });
      expect([inn.status, inn.json.code]).toEqual([422, code]);
    }
  });

  it('credential failures never reveal which part was wrong', async () => {
    const typed = unique('known');
    await signUpUser(t.app, { username: typed });
    const wrong = await t.app.client().post('/sign-in/username', { username: typed, password: 'Wrong-Password-1' });
    const ghost = await t.app.client().post('/sign-in/username', { username: unique('ghost'), password: PASSWORD });
    const empty = await t.app.client().post('/sign-in/username', { username: '', password: '' });
    for (const res of [wrong, ghost, empty])
      expect([res.status, res.json.code]).toEqual([401, 'INVALID_USERNAME_OR_PASSWORD']);
  });

  it('usernames are unique whatever the case, and is-username-available agrees', async () => {
    const typed = unique('Bob');
    const me = await signUpUser(t.app, { username: typed });
    const taken = await t.app.client().post('/sign-up/email', {
      name: 'U',
      email: `${unique('e')}@example.test`,
      password: PASSWORD,
      username: typed.toUpperCase(),
    });
    expect([taken.status, taken.json.code]).toEqual([400, 'USERNAME_IS_ALREADY_TAKEN']);
    expect((await t.app.client().post('/is-username-available', { username: typed.toUpperCase() })).json).toEqual({
      available: false,
    });
    expect((await t.app.client().post('/is-username-available', { username: unique('free') })).json).toEqual({
      available: true,
    });
    expect((await t.app.client().post('/is-username-available', { username: 'a!' })).status).toBe(422);
    expect((await me.client.post('/update-user', { username: typed.toUpperCase() })).status).toBe(200);
  });

  it('two people racing for one username: exactly one wins, the other hears "already taken"', async () => {
    const wanted = unique('racer');
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.client().post('/sign-up/email', {
          name: 'R',
          email: `${unique(`racer${i}`)}@example.test`,
          password: PASSWORD,
          username: wanted,
        }),
      ),
    );
    expect(attempts.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of attempts.filter((x) => x.status !== 200))
      expect([r.status, r.json.code]).toEqual([400, 'USERNAME_IS_ALREADY_TAKEN']);
    const users = await t.db.handle.db
      .selectFrom('user')
      .select('id')
      .where('username', '=', wanted.toLowerCase())
      .execute();
    expect(users).toHaveLength(1);
  });

  it('two people renaming to the same username at once: one wins, no 500', async () => {
    const wanted = unique('rename');
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const results = await Promise.all([
      a.client.post('/update-user', { username: wanted }),
      b.client.post('/update-user', { username: wanted }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
