import { expect, it } from 'vitest';
import { generateId } from '../../core/crypto/random.ts';
import { describeOnDatabases, signUpUser } from '../../test/harness.ts';

await describeOnDatabases('accounts', {}, (t) => {
  it('lists the credential account without secrets', async () => {
    const me = await signUpUser(t.app);
    const res = await me.client.get('/list-accounts');
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({
      providerId: 'credential',
      accountId: me.userId,
      userId: me.userId,
      scopes: [],
    });
    expect(res.json[0]).not.toHaveProperty('password');
  });

  it("refuses to unlink the last account, unlinks another, and never touches someone else's", async () => {
    const me = await signUpUser(t.app);
    const [credential] = (await me.client.get('/list-accounts')).json;
    const last = await me.client.post('/unlink-account', { providerId: 'credential', accountId: credential.id });
    expect([last.status, last.json.code]).toEqual([400, 'FAILED_TO_UNLINK_LAST_ACCOUNT']);
    const now = new Date();
    await t.db.handle.db
      .insertInto('account')
      .values({
        id: generateId(),
        accountId: `gh-${generateId()}`,
        providerId: 'github',
        userId: me.userId,
        scope: 'read:user,user:email',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const accounts = (await me.client.get('/list-accounts')).json;
    const github = accounts.find((a: { providerId: string }) => a.providerId === 'github');
    expect(github.scopes).toEqual(['read:user', 'user:email']);
    const stranger = await signUpUser(t.app);
    const theirs = await stranger.client.post('/unlink-account', { accountId: github.id });
    expect([theirs.status, theirs.json.code]).toEqual([400, 'ACCOUNT_NOT_FOUND']);
    expect((await me.client.post('/unlink-account', { providerId: 'github' })).json).toEqual({ status: true });
    expect((await me.client.get('/list-accounts')).json).toHaveLength(1);
  });

  it('unlinking needs a fresh session', async () => {
    const me = await signUpUser(t.app);
    t.app.clock.advance(86_401);
    const res = await me.client.post('/unlink-account', { providerId: 'credential' });
    expect([res.status, res.json.code]).toEqual([403, 'SESSION_NOT_FRESH']);
    t.app.clock.advance(-86_401);
  });
});
