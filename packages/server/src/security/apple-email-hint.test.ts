/**
 * Sign in with Apple posts a `user` field (name, email) that the browser, or whoever calls
 * /sign-in/social with an id token, writes themselves. The address of an Apple account comes
 * from the signed ID token alone: with `apple` trusted for linking, a token without an email
 * claim plus someone else's address in `user` must not open that person's account.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appleDialect } from '../features/social/providers/fixtures/apple.ts';
import { snapshot } from '../test/advisories.ts';
import {
  createTestApp,
  openSharedDatabase,
  type SharedDatabase,
  signUpVerifiedUser,
  type TestApp,
} from '../test/harness.ts';
import { CLIENT_ID, CLIENT_SECRET, type DialectFake, fakeEndpoints, startDialectFake } from '../test/oauth-provider.ts';

let fake: DialectFake;
let db: SharedDatabase;
let app: TestApp;

beforeAll(async () => {
  fake = (await startDialectFake(appleDialect)).fake;
  db = await openSharedDatabase('sqlite');
  app = createTestApp(db, {
    socialProviders: {
      apple: {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        ...appleDialect.options,
        endpoints: fakeEndpoints(fake.url),
      },
    },
    account: { accountLinking: { trustedProviders: ['apple'] } },
  });
  // the fake signs its tokens with the real time
  app.clock.set(Date.now());
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await fake?.close();
});

it("an id token without an email claim does not borrow the victim's address from the body's user field", async () => {
  const victim = await signUpVerifiedUser(app);
  const before = await snapshot(db);
  const token = await fake.signIdToken({ sub: 'attacker-apple-sub' });
  const attacker = app.client();
  const res = await attacker.post('/sign-in/social', {
    provider: 'apple',
    idToken: { token, user: { email: victim.email } },
  });
  // whatever the answer, it is not the victim's account, and the victim's rows are untouched
  expect(res.json?.user?.id).not.toBe(victim.userId);
  expect((await attacker.get('/get-session')).json?.user?.id).not.toBe(victim.userId);
  const after = await snapshot(db);
  expect((after.account ?? []).filter((row) => row.includes(victim.userId))).toEqual(
    (before.account ?? []).filter((row) => row.includes(victim.userId)),
  );
});

it("the redirect flow: a user field added to the attacker's own callback does not link the victim", async () => {
  const victim = await signUpVerifiedUser(app);
  fake.person = { ...fake.person, id: 'attacker-apple-2', email: null };
  const attacker = app.client();
  const start = await attacker.post('/sign-in/social', { provider: 'apple', callbackURL: '/after' });
  const authorize = new URL(start.json.url);
  authorize.searchParams.delete('scope');
  authorize.searchParams.delete('response_mode');
  const answer = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location') ?? '');
  callback.searchParams.set('user', JSON.stringify({ email: victim.email }));
  await attacker.get(callback.href);
  expect((await attacker.get('/get-session')).json?.user?.id).not.toBe(victim.userId);
  const linked = await db.handle.db
    .selectFrom('account')
    .select('providerId')
    .where('userId', '=', victim.userId)
    .execute();
  expect(linked.map((a) => a.providerId)).toEqual(['credential']);
});
