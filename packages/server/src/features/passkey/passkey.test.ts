/**
 * Passkeys over HTTP on every database (issue 15 item 1): real attestations and assertions
 * from the software authenticator (src/test/passkey-authenticator.ts), through the routes a browser
 * calls. Every refusal is checked to leave the database as it was (src/test/passkeys.ts
 * databaseState: passkeys, sessions, accounts, users, one-time rows).
 */
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import {
  BASE_URL,
  describeOnDatabases,
  PASSWORD,
  signUpUser,
  signUpVerifiedUser,
  type TestApp,
} from '../../test/harness.ts';
import { SoftwareAuthenticator } from '../../test/passkey-authenticator.ts';
import { databaseState, registerPasskey, signInWithPasskey } from '../../test/passkeys.ts';
import { enrolledUser } from '../../test/two-factor.ts';

const ORIGIN = new URL(BASE_URL).origin;

await describeOnDatabases(
  'passkeys',
  { plugins: { passkey: {}, admin: { adminRoles: ['admin'] } }, user: { deleteUser: { enabled: true } } },
  (t) => {
    /** A verified person with one passkey on a fresh authenticator. */
    async function personWithPasskey(extra: Record<string, unknown> = {}) {
      const person = await signUpVerifiedUser(t.app, extra);
      const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
      const { res } = await registerPasskey(person.client, authenticator, {}, { name: 'Laptop' });
      if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${res.text}`);
      return { ...person, authenticator, passkey: res.json as { id: string; credentialID: string } };
    }

    const passkeyRow = (id: string) =>
      t.db.handle.db.selectFrom('passkey').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const auditOf = (userId: string, type: string) =>
      t.db.handle.db
        .selectFrom('auditEvent')
        .select(['type', 'outcome', 'details'])
        .where('type', '=', type)
        .where('targetId', '=', userId)
        .execute();

    /** Runs a request that must be refused with `code`, and checks the database did not change. */
    async function refusedUnchanged(run: () => Promise<{ status: number; json: { code?: string } }>, code: string) {
      const before = await databaseState(t.db);
      const res = await run();
      expect([res.status >= 400, res.json.code]).toEqual([true, code]);
      expect(await databaseState(t.db)).toBe(before);
      return res;
    }

    describe('registration', () => {
      it('stores the passkey of a recent sign-in, answers it as better-auth does, and mails an undo link', async () => {
        const person = await signUpVerifiedUser(t.app);
        const options = await person.client.get('/passkey/generate-register-options', { query: { name: 'me' } });
        expect(options.status).toBe(200);
        expect(options.json).toMatchObject({
          rp: { id: 'localhost', name: 'Latch' },
          user: { name: 'me' },
          attestation: 'none',
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
          excludeCredentials: [],
        });
        // the user handle is random, neither the id nor the address
        expect(Buffer.from(options.json.user.id, 'base64url').toString()).not.toContain(person.userId);
        expect(options.json.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-8, -7, -257]);
        const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
        const response = authenticator.create(options.json);
        const res = await person.client.post('/passkey/verify-registration', { response, name: 'Laptop' });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({
          name: 'Laptop',
          userId: person.userId,
          credentialID: response.id,
          counter: 0,
          deviceType: 'singleDevice',
          backedUp: false,
          transports: 'internal,hybrid',
          aaguid: '00000000-0000-0000-0000-000000000000',
          lastUsedAt: null,
        });
        const row = await passkeyRow(res.json.id);
        expect(row.webauthnUserID).toBe(options.json.user.id);
        // the challenge cookie is spent
        expect(person.client.cookie('passkey')).toBeUndefined();
        const mail = t.app.mailer.messages.filter((m) => m.to === person.email && m.kind === 'security-passkey-added');
        expect(mail.length).toBe(1);
        expect(mail[0]?.text).toMatch(/\/undo-change\?token=/);
        expect((await auditOf(person.userId, 'passkey.added')).length).toBe(1);
        // a second passkey keeps the account's user handle and excludes the first
        const second = await person.client.get('/passkey/generate-register-options');
        expect(second.json.user.id).toBe(options.json.user.id);
        expect(second.json.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([response.id]);
      });

      it('needs a recent sign-in (REAUTHENTICATION_REQUIRED), which the password renews', async () => {
        const person = await signUpVerifiedUser(t.app);
        t.app.clock.advance(601);
        const stale = await person.client.get('/passkey/generate-register-options');
        expect([stale.status, stale.json.code]).toEqual([403, 'REAUTHENTICATION_REQUIRED']);
        expect((await person.client.post('/verify-password', { password: PASSWORD })).status).toBe(200);
        const { res } = await registerPasskey(person.client, new SoftwareAuthenticator({ origin: ORIGIN }));
        expect(res.status).toBe(200);
      });

      it('a verification after the session went stale is refused and stores nothing', async () => {
        const person = await signUpVerifiedUser(t.app);
        const options = await person.client.get('/passkey/generate-register-options');
        t.app.clock.advance(601);
        const response = new SoftwareAuthenticator({ origin: ORIGIN }).create(options.json);
        await refusedUnchanged(
          () => person.client.post('/passkey/verify-registration', { response }),
          'REAUTHENTICATION_REQUIRED',
        );
      });

      it('is refused signed out, and to an admin acting as the person', async () => {
        const signedOut = await t.app.client().get('/passkey/generate-register-options');
        expect([signedOut.status, signedOut.json.code]).toEqual([401, 'UNAUTHORIZED']);
        const person = await signUpUser(t.app);
        const admin = await signUpUser(t.app);
        await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
        const adminBrowser = t.app.client();
        await adminBrowser.post('/sign-in/email', { email: admin.email, password: PASSWORD });
        expect((await adminBrowser.post('/admin/impersonate-user', { userId: person.userId })).status).toBe(200);
        const res = await adminBrowser.get('/passkey/generate-register-options');
        expect([res.status, res.json.code]).toEqual([403, 'NOT_ALLOWED_WHILE_IMPERSONATING']);
      });

      it('options made for one account do not add a passkey to another that signed in in the same browser', async () => {
        const first = await signUpVerifiedUser(t.app);
        const second = await signUpVerifiedUser(t.app);
        const options = await first.client.get('/passkey/generate-register-options');
        // the same browser (its challenge cookie) now signed in as the second person
        await first.client.post('/sign-in/email', { email: second.email, password: PASSWORD });
        const response = new SoftwareAuthenticator({ origin: ORIGIN }).create(options.json);
        await refusedUnchanged(
          () => first.client.post('/passkey/verify-registration', { response }),
          'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
        );
      });

      it('refuses a wrong origin, a wrong relying party, another challenge and a sign-in assertion', async () => {
        const person = await signUpVerifiedUser(t.app);
        const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
        for (const wrong of [
          { origin: 'https://evil.example' },
          { rpId: 'evil.example' },
          { challenge: Buffer.from('another challenge').toString('base64url') },
          { type: 'webauthn.get' },
        ]) {
          const options = await person.client.get('/passkey/generate-register-options');
          const response = authenticator.create(options.json, wrong);
          await refusedUnchanged(
            () => person.client.post('/passkey/verify-registration', { response }),
            'FAILED_TO_VERIFY_REGISTRATION',
          );
        }
        expect(
          await t.db.handle.db.selectFrom('passkey').select('id').where('userId', '=', person.userId).execute(),
        ).toEqual([]);
      });

      it('a challenge is spent by its registration: a replay finds none, the same authenticator twice is refused', async () => {
        const person = await personWithPasskey();
        const replay = await person.client.get('/passkey/generate-register-options');
        const response = person.authenticator.create(replay.json, { credentialId: person.passkey.credentialID });
        await refusedUnchanged(
          () => person.client.post('/passkey/verify-registration', { response }),
          'PREVIOUSLY_REGISTERED',
        );
        // without options first there is no challenge at all
        const noChallenge = person.authenticator.create(replay.json);
        const fresh = person.client.fresh();
        for (const [k, v] of person.client.jar) if (!k.endsWith('.passkey')) fresh.jar.set(k, v);
        await refusedUnchanged(
          () => fresh.post('/passkey/verify-registration', { response: noChallenge }),
          'CHALLENGE_NOT_FOUND',
        );
      });

      it('answers VALIDATION_ERROR for a body that is not a WebAuthn response', async () => {
        const person = await signUpVerifiedUser(t.app);
        await person.client.get('/passkey/generate-register-options');
        for (const response of [
          {},
          { id: 'x' },
          { id: 'not base64url!', rawId: 'x', type: 'public-key', response: {} },
        ]) {
          const res = await person.client.post('/passkey/verify-registration', { response });
          expect([res.status, res.json.code]).toEqual([400, 'VALIDATION_ERROR']);
        }
      });
    });

    describe('signing in', () => {
      it('a discoverable passkey signs in without an address: two factors, a session, the counter and last use recorded', async () => {
        const person = await personWithPasskey();
        const browser = t.app.client();
        const { res, options } = await signInWithPasskey(browser, person.authenticator);
        // what conditional UI (the browser's autofill) needs: no allowCredentials, a challenge that lives as long as the prompt
        expect(options.json.allowCredentials).toBeUndefined();
        expect(options.json).toMatchObject({ rpId: 'localhost', userVerification: 'required', timeout: 300_000 });
        expect(res.status).toBe(200);
        expect(res.json.user.id).toBe(person.userId);
        expect(res.json.session.userId).toBe(person.userId);
        expect(typeof res.json.token).toBe('string');
        expect((await browser.get('/get-session')).json.user.id).toBe(person.userId);
        const row = await passkeyRow(person.passkey.id);
        expect([Number(row.counter), row.lastUsedAt !== null]).toEqual([1, true]);
        const events = await auditOf(person.userId, 'sign_in');
        const details = events.map((e) => JSON.parse(e.details ?? '{}')).filter((d) => d.method === 'passkey');
        expect(details).toEqual([expect.objectContaining({ method: 'passkey', secondFactor: true })]);
      });

      it('an account with two-factor on is not challenged again: the passkey is both factors', async () => {
        const person = await enrolledUser(t.app);
        const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
        const { res: added } = await registerPasskey(person.client, authenticator);
        expect(added.status).toBe(200);
        const browser = t.app.client();
        const { res } = await signInWithPasskey(browser, authenticator);
        expect(res.status).toBe(200);
        expect(res.json.twoFactorRedirect).toBeUndefined();
        expect(browser.cookie('two_factor')).toBeUndefined();
        expect((await browser.get('/get-session')).json.user.id).toBe(person.userId);
      });

      it('signed in, the options list only the person’s passkeys', async () => {
        const person = await personWithPasskey();
        const options = await person.client.get('/passkey/generate-authenticate-options');
        expect(options.json.allowCredentials.map((c: { id: string }) => c.id)).toEqual([person.passkey.credentialID]);
      });

      it('refuses an assertion without user verification, and changes nothing', async () => {
        const person = await personWithPasskey();
        const browser = t.app.client();
        const options = await browser.get('/passkey/generate-authenticate-options');
        const assertion = person.authenticator.get(options.json, { userVerified: false });
        await refusedUnchanged(
          () => browser.post('/passkey/verify-authentication', { response: assertion }),
          'AUTHENTICATION_FAILED',
        );
        expect(browser.cookie('session_token')).toBeUndefined();
        const events = await auditOf(person.userId, 'sign_in');
        expect(events.some((e) => e.outcome === 'failure' && e.details?.includes('user_not_verified'))).toBe(true);
      });

      it('refuses a wrong origin, a wrong relying party id and a registration type, and changes nothing', async () => {
        const person = await personWithPasskey();
        for (const wrong of [
          { origin: 'https://evil.example' },
          { rpId: 'evil.example' },
          { type: 'webauthn.create' },
        ]) {
          const browser = t.app.client();
          const options = await browser.get('/passkey/generate-authenticate-options');
          const assertion = person.authenticator.get(options.json, { ...wrong, counter: 50 });
          await refusedUnchanged(
            () => browser.post('/passkey/verify-authentication', { response: assertion }),
            'AUTHENTICATION_FAILED',
          );
        }
      });

      it('a replayed assertion finds its challenge spent', async () => {
        const person = await personWithPasskey();
        const browser = t.app.client();
        const options = await browser.get('/passkey/generate-authenticate-options');
        const assertion = person.authenticator.get(options.json);
        // the challenge cookie as it was, before the sign-in spends it
        const cookies = new Map(browser.jar);
        expect((await browser.post('/passkey/verify-authentication', { response: assertion })).status).toBe(200);
        const attacker = t.app.client();
        for (const [k, v] of cookies) attacker.jar.set(k, v);
        await refusedUnchanged(
          () => attacker.post('/passkey/verify-authentication', { response: assertion }),
          'CHALLENGE_NOT_FOUND',
        );
      });

      it('an expired challenge is refused', async () => {
        const person = await personWithPasskey();
        const browser = t.app.client();
        const options = await browser.get('/passkey/generate-authenticate-options');
        t.app.clock.advance(301);
        const assertion = person.authenticator.get(options.json);
        // the cookie outlived its Max-Age in this jar: the row's expiry is what refuses
        await refusedUnchanged(
          () => browser.post('/passkey/verify-authentication', { response: assertion }),
          'CHALLENGE_NOT_FOUND',
        );
      });

      it('a registration challenge is not a sign-in challenge', async () => {
        const person = await personWithPasskey();
        const options = await person.client.get('/passkey/generate-register-options');
        const assertion = person.authenticator.get({ challenge: options.json.challenge, rpId: 'localhost' });
        await refusedUnchanged(
          () => person.client.post('/passkey/verify-authentication', { response: assertion }),
          'CHALLENGE_NOT_FOUND',
        );
      });

      it('a counter that does not move forward is refused (a cloned authenticator), and changes nothing', async () => {
        const person = await personWithPasskey();
        expect((await signInWithPasskey(t.app.client(), person.authenticator, { counter: 7 })).res.status).toBe(200);
        for (const counter of [7, 3, 0]) {
          const browser = t.app.client();
          const options = await browser.get('/passkey/generate-authenticate-options');
          const assertion = person.authenticator.get(options.json, { counter });
          await refusedUnchanged(
            () => browser.post('/passkey/verify-authentication', { response: assertion }),
            'AUTHENTICATION_FAILED',
          );
        }
        expect(Number((await passkeyRow(person.passkey.id)).counter)).toBe(7);
      });

      it('two copies of one assertion counter raced in parallel: one session at most', async () => {
        const person = await personWithPasskey();
        const browsers = [t.app.client(), t.app.client(), t.app.client()];
        const assertions: ReturnType<SoftwareAuthenticator['get']>[] = [];
        for (const b of browsers) {
          const options = await b.get('/passkey/generate-authenticate-options');
          assertions.push(person.authenticator.get(options.json, { counter: 9 }));
        }
        const answers = await Promise.all(
          browsers.map((b, i) => b.post('/passkey/verify-authentication', { response: assertions[i] })),
        );
        expect(answers.filter((a) => a.status === 200).length).toBe(1);
        expect(answers.filter((a) => a.status !== 200).map((a) => a.json.code)).toEqual([
          'AUTHENTICATION_FAILED',
          'AUTHENTICATION_FAILED',
        ]);
      });

      it('a synced passkey (counter 0, backed up) signs in every time; one whose backup eligibility changes is refused', async () => {
        const person = await signUpVerifiedUser(t.app);
        const synced = new SoftwareAuthenticator({ origin: ORIGIN, synced: true });
        const { res } = await registerPasskey(person.client, synced);
        expect(res.json).toMatchObject({ deviceType: 'multiDevice', backedUp: true, counter: 0 });
        for (let i = 0; i < 2; i++) expect((await signInWithPasskey(t.app.client(), synced)).res.status).toBe(200);
        const browser = t.app.client();
        const options = await browser.get('/passkey/generate-authenticate-options');
        const assertion = synced.get(options.json, { backupEligible: false, backedUp: false });
        await refusedUnchanged(
          () => browser.post('/passkey/verify-authentication', { response: assertion }),
          'AUTHENTICATION_FAILED',
        );
      });

      it('an unknown credential, another account’s user handle and a forged signature are refused', async () => {
        const person = await personWithPasskey();
        const other = await personWithPasskey();
        const stranger = new SoftwareAuthenticator({ origin: ORIGIN });
        stranger.create({ challenge: 'x', rp: { id: 'localhost', name: 'x' }, user: { id: 'AAAA' } });
        const browser = t.app.client();
        const unknown = await browser.get('/passkey/generate-authenticate-options');
        await refusedUnchanged(
          () => browser.post('/passkey/verify-authentication', { response: stranger.get(unknown.json) }),
          'PASSKEY_NOT_FOUND',
        );
        const handle = await browser.get('/passkey/generate-authenticate-options');
        const wrongHandle = person.authenticator.get(handle.json, {
          userHandle: other.authenticator.credentials[0]?.userHandle ?? '',
        });
        await refusedUnchanged(
          () => browser.post('/passkey/verify-authentication', { response: wrongHandle }),
          'AUTHENTICATION_FAILED',
        );
        // the other person's key signing for this person's credential id
        const forged = await browser.get('/passkey/generate-authenticate-options');
        const signedByOther = other.authenticator.get(forged.json);
        const assertion = { ...signedByOther, id: person.passkey.credentialID, rawId: person.passkey.credentialID };
        assertion.response = {
          ...assertion.response,
          userHandle: person.authenticator.credentials[0]?.userHandle ?? '',
        };
        await refusedUnchanged(
          () => browser.post('/passkey/verify-authentication', { response: assertion }),
          'AUTHENTICATION_FAILED',
        );
      });

      it('a banned account gets no session from its passkey', async () => {
        const person = await personWithPasskey();
        await t.db.handle.db
          .updateTable('user')
          .set({ banned: true, banReason: 'test', banExpires: null })
          .where('id', '=', person.userId)
          .execute();
        const browser = t.app.client();
        const sessions = (await t.db.handle.db.selectFrom('session').select('id').execute()).length;
        const { res } = await signInWithPasskey(browser, person.authenticator);
        expect([res.status, res.json.code]).toEqual([403, 'BANNED_USER']);
        expect((await t.db.handle.db.selectFrom('session').select('id').execute()).length).toBe(sessions);
        expect(browser.cookie('session_token')).toBeUndefined();
      });
    });

    describe('managing', () => {
      it('lists, renames and deletes; deleting mails a notice and is recorded', async () => {
        const person = await personWithPasskey();
        const list = await person.client.get('/passkey/list-user-passkeys');
        expect(list.json.map((p: { id: string; name: string }) => [p.id, p.name])).toEqual([
          [person.passkey.id, 'Laptop'],
        ]);
        const renamed = await person.client.post('/passkey/update-passkey', {
          id: person.passkey.id,
          name: '  Phone ',
        });
        expect([renamed.status, renamed.json.passkey.name]).toEqual([200, 'Phone']);
        expect((await passkeyRow(person.passkey.id)).name).toBe('Phone');
        const deleted = await person.client.post('/passkey/delete-passkey', { id: person.passkey.id });
        expect([deleted.status, deleted.json]).toEqual([200, { status: true }]);
        expect((await person.client.get('/passkey/list-user-passkeys')).json).toEqual([]);
        const notice = t.app.mailer.messages.filter(
          (m) => m.to === person.email && m.kind === 'security-passkey-removed',
        );
        expect(notice.length).toBe(1);
        for (const type of ['passkey.renamed', 'passkey.removed'])
          expect((await auditOf(person.userId, type)).length, type).toBe(1);
        // and the deleted passkey signs nobody in
        const { res } = await signInWithPasskey(t.app.client(), person.authenticator);
        expect([res.status, res.json.code]).toEqual([401, 'PASSKEY_NOT_FOUND']);
      });

      it('another person’s passkey is not found: not renamed, not deleted, not listed', async () => {
        const owner = await personWithPasskey();
        const other = await signUpUser(t.app);
        await refusedUnchanged(
          () => other.client.post('/passkey/update-passkey', { id: owner.passkey.id, name: 'mine' }),
          'PASSKEY_NOT_FOUND',
        );
        await refusedUnchanged(
          () => other.client.post('/passkey/delete-passkey', { id: owner.passkey.id }),
          'PASSKEY_NOT_FOUND',
        );
        expect((await other.client.get('/passkey/list-user-passkeys')).json).toEqual([]);
      });

      it('the last passkey of an account without a password or provider stays; the one before it goes', async () => {
        const person = await personWithPasskey();
        const { res: second } = await registerPasskey(person.client, person.authenticator);
        expect(second.status).toBe(200);
        // the password is gone (an undo link cleared it, say): the passkeys are the only way in
        await t.db.handle.db.deleteFrom('account').where('userId', '=', person.userId).execute();
        expect((await person.client.post('/passkey/delete-passkey', { id: second.json.id })).status).toBe(200);
        const res = await refusedUnchanged(
          () => person.client.post('/passkey/delete-passkey', { id: person.passkey.id }),
          'CANNOT_DELETE_THE_ONLY_WAY_TO_SIGN_IN',
        );
        expect(res.status).toBe(400);
        // and it still signs in, as the account's only credential
        expect((await signInWithPasskey(t.app.client(), person.authenticator)).res.status).toBe(200);
      });

      it('two deletions of the last two passkeys racing: one stays', async () => {
        const person = await personWithPasskey();
        const { res: second } = await registerPasskey(person.client, person.authenticator);
        await t.db.handle.db.deleteFrom('account').where('userId', '=', person.userId).execute();
        const answers = await Promise.all(
          [person.passkey.id, second.json.id].map((id) => person.client.post('/passkey/delete-passkey', { id })),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
        expect((await person.client.get('/passkey/list-user-passkeys')).json.length).toBe(1);
      });

      it("the person's data export lists their passkeys, without the user handle", async () => {
        const person = await personWithPasskey();
        const res = await person.client.get('/export-user-data');
        expect(res.status).toBe(200);
        expect(res.json.passkeys.map((p: { id: string; name: string }) => [p.id, p.name])).toEqual([
          [person.passkey.id, 'Laptop'],
        ]);
        const row = await passkeyRow(person.passkey.id);
        expect(res.text.includes(row.webauthnUserID ?? 'no-handle')).toBe(false);
      });

      it('deleting the account deletes its passkeys', async () => {
        const person = await personWithPasskey();
        const res = await person.client.post('/delete-user', {});
        expect([res.status, res.json.success]).toEqual([200, true]);
        expect(
          await t.db.handle.db.selectFrom('passkey').select('id').where('userId', '=', person.userId).execute(),
        ).toEqual([]);
      });

      it('the undo link of the mail removes the passkey and ends every session', async () => {
        const person = await personWithPasskey();
        const mail = t.app.mailer.messages.find((m) => m.to === person.email && m.kind === 'security-passkey-added');
        const token = /undo-change\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        const res = await t.app.client().post('/undo-change', { token });
        expect([res.status, res.json.change]).toEqual([200, 'passkey-added']);
        expect(
          await t.db.handle.db.selectFrom('passkey').select('id').where('userId', '=', person.userId).execute(),
        ).toEqual([]);
        expect((await person.client.get('/get-session')).json).toBeNull();
      });

      // docs/security.md rules 4 and 10: a reset does not remove passkeys (they are the owner's
      // too), so the undo link of one a thief added must outlive the owner's reset and sign-out
      it("a thief's passkey outlives a reset and sign-out everywhere, and its undo link still removes it", async () => {
        const owner = await signUpVerifiedUser(t.app);
        const thief: TestClient = t.app.client();
        for (const [k, v] of owner.client.jar) thief.jar.set(k, v);
        const stolen = new SoftwareAuthenticator({ origin: ORIGIN });
        expect((await registerPasskey(thief, stolen)).res.status).toBe(200);
        const mail = t.app.mailer.messages.find((m) => m.to === owner.email && m.kind === 'security-passkey-added');
        const undo = /undo-change\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        // the owner resets the password by mail and signs every session out
        await t.app.client().post('/request-password-reset', { email: owner.email, redirectTo: '/reset' });
        const reset = [...t.app.mailer.messages]
          .reverse()
          .find((m) => m.to === owner.email && m.kind === 'reset-password');
        const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(reset?.text ?? '')?.[1] ?? '';
        expect((await t.app.client().post('/reset-password', { token, newPassword: 'Owner-New-Pass-99' })).status).toBe(
          200,
        );
        const browser = t.app.client();
        await browser.post('/sign-in/email', { email: owner.email, password: 'Owner-New-Pass-99' });
        await browser.post('/revoke-sessions', {});
        expect((await thief.get('/get-session')).json).toBeNull();
        // what the model promises: the passkey is still a way in until the owner follows the link
        const again = t.app.client();
        expect((await signInWithPasskey(again, stolen)).res.status).toBe(200);
        const res = await t.app.client().post('/undo-change', { token: undo });
        expect([res.status, res.json.change]).toEqual([200, 'passkey-added']);
        expect(
          await t.db.handle.db.selectFrom('passkey').select('id').where('userId', '=', owner.userId).execute(),
        ).toEqual([]);
        expect((await again.get('/get-session')).json).toBeNull();
        const { res: refused } = await signInWithPasskey(t.app.client(), stolen);
        expect([refused.status, refused.json.code]).toEqual([401, 'PASSKEY_NOT_FOUND']);
      });
    });
  },
);

await describeOnDatabases(
  'passkeys behind several origins',
  { trustedOrigins: ['http://app.localhost:5173', 'https://other.example'], plugins: { passkey: {} } },
  (t) => {
    it('an origin on the relying party id works; one outside it does not', async () => {
      expect(t.app.auth.config.plugins.passkey).toMatchObject({
        rpID: 'localhost',
        origins: ['http://localhost:3000', 'http://app.localhost:5173'],
      });
      const person = await signUpVerifiedUser(t.app);
      const app = new SoftwareAuthenticator({ origin: 'http://app.localhost:5173' });
      const { res } = await registerPasskey(person.client, app);
      expect(res.status).toBe(200);
      const browser = t.app.client();
      expect((await signInWithPasskey(browser, app)).res.status).toBe(200);
      const other = t.app.client();
      const { res: refused } = await signInWithPasskey(other, app, { origin: 'https://other.example' });
      expect([refused.status, refused.json.code]).toEqual([401, 'AUTHENTICATION_FAILED']);
    });
  },
);

describe('passkeys off (the default)', () => {
  it('answers 404 on every passkey route', async () => {
    const { openSharedDatabase, createTestApp } = await import('../../test/harness.ts');
    const db = await openSharedDatabase('sqlite');
    const app: TestApp = createTestApp(db);
    try {
      const client: TestClient = app.client();
      expect((await client.get('/passkey/generate-authenticate-options')).status).toBe(404);
      expect((await client.post('/passkey/verify-authentication', { response: {} })).status).toBe(404);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
