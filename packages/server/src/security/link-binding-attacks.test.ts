/**
 * Attacks on the `link_binding` defence against login CSRF through mailed links
 * (core/http/browser-binding.ts, docs/magic-link.md, docs/email-flows.md), on every database.
 *
 * The defence: a browser that did not ask for a magic link is asked before it is signed in, and a
 * verification link signs in only the browser that asked; a request that is no page navigation
 * (an API client, better-auth's client) is signed in where it is made, on the ground that another
 * site cannot make such a request keep a session cookie. That ground fails for a *same-site*
 * page: a sibling subdomain that shows user content (a forum, webmail showing a mail's images, a
 * product showing user avatars, and `image` is any string the attacker sets on their own
 * profile) makes the browser load the attacker's link as an image, a style sheet or a prefetch
 * without any script, and the browser keeps the SameSite=Lax cookie of a same-site answer. The
 * request headers below are the ones Chromium 156 sends for each load (recorded against a real
 * Latch over HTTPS, auth.example.test and forum.example.test); the session cookie was kept in
 * every case, so the browser was signed in as the attacker without a question.
 */
import { expect, it } from 'vitest';
import type { TestClient } from '../test/client.ts';
import { BASE_URL, describeOnDatabases, signUpUser } from '../test/harness.ts';
import { lastLink } from '../test/mail-links.ts';
import { magicLinkOf, snapshot, tokenOf } from '../test/mailbox-proof.ts';

const fresh = () => `lba-${Math.random().toString(36).slice(2, 10)}@example.test`;
/** An origin of the same site as Latch that is not among its trusted origins (a sibling's forum). */
const SIBLING = 'http://forum.localhost:3000';
/** The operator's app on another origin, trusted (its better-auth client fetches with credentials). */
const TRUSTED_APP = 'http://app.localhost:3000';

/** What Chromium sends when a same-site page loads the link without a script. */
const SAME_SITE_LOADS: Record<string, Record<string, string>> = {
  '<img src>': {
    'sec-fetch-site': 'same-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'image',
    accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  },
  'CSS background-image': {
    'sec-fetch-site': 'same-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'image',
    accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  },
  '<link rel=prefetch>': {
    'sec-fetch-site': 'same-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'empty',
    'sec-purpose': 'prefetch',
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  },
  '<link rel=stylesheet>': {
    'sec-fetch-site': 'same-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'style',
    accept: 'text/css,*/*;q=0.1',
  },
  '<video src>': {
    'sec-fetch-site': 'same-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'video',
    accept: '*/*',
  },
};
/** Safari before 16.4 and Firefox before 90 send no fetch metadata: an `<img>` there says only what it accepts. */
const OLD_BROWSER_IMAGE = { accept: 'image/webp,image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5' };

/** `<link rel=preload as=fetch crossorigin=use-credentials>`: a credentialed cors fetch, no script needed. */
const SAME_SITE_PRELOAD = {
  'sec-fetch-site': 'same-site',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
  origin: SIBLING,
  accept: '*/*',
};

await describeOnDatabases(
  'attacks on the link binding',
  {
    plugins: { magicLink: {} },
    trustedOrigins: [TRUSTED_APP],
    emailAndPassword: { requireEmailVerification: true },
    emailVerification: { sendOnSignIn: true, autoSignInAfterVerification: true },
  },
  (t) => {
    const sessionOf = async (browser: TestClient) => (await browser.get('/get-session')).json?.user?.id ?? null;
    const sessionCookies = (setCookies: string[]) => setCookies.filter((c) => c.includes('.session_token='));
    const sessionsOf = async (userId: string) =>
      (await t.db.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;
    /** The attacker's own live magic link (to an address of theirs with no account yet: the link creates it). */
    async function attackersMagicLink(): Promise<string> {
      const email = fresh();
      const res = await t.app.client().post('/sign-in/magic-link', { email, callbackURL: '/dashboard' });
      expect([res.status, res.json]).toEqual([200, { status: true }]);
      return magicLinkOf(t.app, email);
    }

    for (const [load, headers] of Object.entries(SAME_SITE_LOADS)) {
      it(`a same-site page loading the attacker's magic link as ${load} neither signs the browser in nor spends the link`, async () => {
        const link = await attackersMagicLink();
        const victim = t.app.client();
        const before = await snapshot(t.db);
        const res = await victim.get(link, { headers });
        expect(sessionCookies(res.setCookies)).toEqual([]);
        expect(res.status).toBe(302);
        expect(res.location).toMatch(new RegExp(`^${BASE_URL}/magic-link\\?`));
        expect(await sessionOf(victim)).toBeNull();
        expect(await snapshot(t.db)).toBe(before);
      });
    }

    it("an older browser's image load, and a scanner's HEAD, neither sign in nor spend the link", async () => {
      const link = await attackersMagicLink();
      const before = await snapshot(t.db);
      const victim = t.app.client();
      const image = await victim.get(link, { headers: OLD_BROWSER_IMAGE });
      expect(sessionCookies(image.setCookies)).toEqual([]);
      expect(image.location).toMatch(new RegExp(`^${BASE_URL}/magic-link\\?`));
      const head = await victim.request('HEAD', link, { headers: { accept: '*/*' } });
      expect(sessionCookies(head.setCookies)).toEqual([]);
      expect(head.status).toBe(302);
      expect(await sessionOf(victim)).toBeNull();
      expect(await snapshot(t.db)).toBe(before);
    });

    it('a credentialed fetch from an untrusted same-site origin is asked too (the preload needs no script)', async () => {
      const link = await attackersMagicLink();
      const victim = t.app.client();
      const before = await snapshot(t.db);
      const res = await victim.get(link, { headers: SAME_SITE_PRELOAD });
      expect(sessionCookies(res.setCookies)).toEqual([]);
      expect(res.location).toMatch(new RegExp(`^${BASE_URL}/magic-link\\?`));
      expect(await sessionOf(victim)).toBeNull();
      expect(await snapshot(t.db)).toBe(before);
    });

    it("the web app's own fetch and a trusted origin's are still signed in where they are made", async () => {
      const fetches: Record<string, string>[] = [
        { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
        { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', origin: TRUSTED_APP },
        // Node's fetch (undici) says `cors` and nothing else: a server calling for its user
        { 'sec-fetch-mode': 'cors' },
      ];
      for (const headers of fetches) {
        const email = fresh();
        await t.app.client().post('/sign-in/magic-link', { email });
        const client = t.app.client();
        const res = await client.get('/magic-link/verify', {
          query: { token: tokenOf(magicLinkOf(t.app, email)) },
          headers,
        });
        expect([res.status, res.json?.user?.email]).toEqual([200, email]);
        expect(await sessionOf(client)).toBe(res.json?.user?.id);
      }
    });

    for (const [load, headers] of [
      ...Object.entries(SAME_SITE_LOADS),
      ['a credentialed preload', SAME_SITE_PRELOAD] as const,
    ]) {
      it(`a same-site page loading the attacker's verification link as ${load} does not sign the browser in`, async () => {
        const attacker = await signUpUser(t.app, { callbackURL: '/dashboard' });
        const link = lastLink(t.app, attacker.email, 'verify-email', '/verify-email');
        const victim = t.app.client();
        const res = await victim.get(link, { headers });
        expect(sessionCookies(res.setCookies)).toEqual([]);
        expect(await sessionOf(victim)).toBeNull();
        expect(await sessionsOf(attacker.userId)).toBe(0);
      });
    }

    it('another site cannot plant the binding with a form of any encoding, nor can an untrusted sibling', async () => {
      // an unverified account: a sign-in that passed the origin checks would mail a link and bind
      const attacker = await signUpUser(t.app);
      const bodies: Record<string, Record<string, string>> = {
        '/sign-in/magic-link': { email: attacker.email },
        '/sign-up/email': { name: 'Mallory', email: fresh(), password: 'Correct-Horse-9-Battery' },
        '/sign-in/email': { email: attacker.email, password: 'Correct-Horse-9-Battery' },
        '/send-verification-email': { email: attacker.email },
      };
      const encodings: Record<string, (fields: Record<string, string>) => { rawBody: string; contentType: string }> = {
        urlencoded: (fields) => ({
          rawBody: new URLSearchParams(fields).toString(),
          contentType: 'application/x-www-form-urlencoded',
        }),
        // the classic trick: one field whose name and value make a JSON document
        'text/plain': (fields) => ({ rawBody: JSON.stringify(fields), contentType: 'text/plain' }),
        multipart: (fields) => ({
          rawBody: `${Object.entries(fields)
            .map(([k, v]) => `--b\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
            .join('')}--b--\r\n`,
          contentType: 'multipart/form-data; boundary=b',
        }),
      };
      const senders: Record<string, Record<string, string>> = {
        'another site': { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
        'a sibling subdomain': {
          'sec-fetch-site': 'same-site',
          'sec-fetch-mode': 'navigate',
          'sec-fetch-dest': 'document',
        },
      };
      const before = await snapshot(t.db);
      const mails = t.app.mailer.messages.length;
      for (const [path, fields] of Object.entries(bodies))
        for (const [encoding, encode] of Object.entries(encodings))
          for (const [sender, headers] of Object.entries(senders)) {
            const victim = t.app.client();
            const origin = sender === 'another site' ? 'https://evil.example' : SIBLING;
            const res = await victim.post(path, undefined, { ...encode(fields), origin, headers });
            expect([path, encoding, sender, res.status >= 400]).toEqual([path, encoding, sender, true]);
            expect([path, encoding, sender, res.setCookies]).toEqual([path, encoding, sender, []]);
          }
      expect(t.app.mailer.messages.length).toBe(mails);
      expect(await snapshot(t.db)).toBe(before);
    });
  },
);
