/**
 * better-auth's security advisories about tokens and mailed links, replayed over HTTP
 * against Latch: each acts only for its own purpose (an OAuth state is no reset or
 * verification token, and the other way round) and on the account it was issued to.
 *
 * docs/security-advisories.md lists every advisory found, where, and why the ones without
 * a test do not apply; test/advisories.ts holds the shared setup (the snapshot of the account
 * tables each test compares before and after its attack).
 */
import { expect, it } from 'vitest';
import { REPLAYED, REPLAYED_OPTIONS, snapshot, unique, verifyLink } from '../test/advisories.ts';
import type { TestResponse } from '../test/client.ts';
import { BASE_URL, describeOnDatabases, signUpUser } from '../test/harness.ts';
import { lastLink } from '../test/mail-links.ts';
import { beginSocial, errorOf } from '../test/social-sign-in.ts';

await describeOnDatabases(REPLAYED, REPLAYED_OPTIONS, (t) => {
  it('GHSA-965c-763c-88jm (CVE-2026-114607), same class: an OAuth state is no token of another purpose, and no other token is a state', async () => {
    const victim = await signUpUser(t.app);
    const authorizationURL = await beginSocial(t.app.client(), {});
    const state = new URL(authorizationURL).searchParams.get('state') ?? '';
    expect(state).toHaveLength(32);
    const emailToken = verifyLink(t.app, victim.email).searchParams.get('token') ?? '';
    const before = await snapshot(t.db);
    const c = () => t.app.client();
    const attempts: [string, TestResponse][] = [
      ['POST /reset-password', await c().post('/reset-password', { token: state, newPassword: 'Attacker-Pass-9876' })],
      ['POST /reset-password/check', await c().post('/reset-password/check', { token: state })],
      ['GET /verify-email', await c().get('/verify-email', { query: { token: state } })],
      ['POST /change-email/approve', await c().post('/change-email/approve', { token: state })],
      ['POST /change-email/refuse', await c().post('/change-email/refuse', { token: state })],
      ['POST /undo-change', await c().post('/undo-change', { token: state })],
      ['GET /reset-password/:token', await c().get(`/reset-password/${state}`, { query: { callbackURL: '/reset' } })],
    ];
    const refused = (res: TestResponse) =>
      res.status >= 400 ||
      (res.status === 302 && new URL(res.location ?? '', BASE_URL).searchParams.get('error') !== null) ||
      (res.status === 200 && res.json?.valid === false);
    expect(attempts.map(([what, res]) => [what, refused(res)])).toEqual(attempts.map(([what]) => [what, true]));
    // the other way round: the email token presented as the state of a provider callback
    const asState = await c().get('/callback/github', { query: { state: emailToken, code: 'anything' } });
    expect(errorOf(asState)).toBe('state_not_found');
    expect(await snapshot(t.db)).toEqual(before);
    // both still do their own job
    expect((await c().get('/verify-email', { query: { token: emailToken } })).json.status).toBe(true);
  });

  it('better-auth 1.7.16 release note (no advisory id found): verification and email-change links act only on the account they were issued to', async () => {
    const owner = await signUpUser(t.app);
    const verify = verifyLink(t.app, owner.email);
    const newEmail = unique('moved');
    expect((await owner.client.post('/change-email', { newEmail })).status).toBe(200);
    const change = new URL(lastLink(t.app, newEmail, 'change-email-verification', '/verify-email'));
    const other = await signUpUser(t.app);
    const before = await snapshot(t.db);
    // another account's browser follows both links
    for (const link of [verify, change]) {
      const res = await other.client.get(link.href);
      expect([res.status, new URL(res.location ?? '', BASE_URL).searchParams.get('error')]).toEqual([
        302,
        'unauthorized',
      ]);
    }
    expect(await snapshot(t.db)).toEqual(before);
    // the owner's link, opened by its owner's mailbox, moves the owner only
    expect((await t.app.client().get(change.href)).status).toBe(302);
    const rows = await t.db.handle.db
      .selectFrom('user')
      .select(['id', 'email'])
      .where('id', 'in', [owner.userId, other.userId])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.email]))).toEqual({
      [owner.userId]: newEmail,
      [other.userId]: other.email,
    });
  });
});
