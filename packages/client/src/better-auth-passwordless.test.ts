/**
 * Wire compatibility of the passwordless ways in (issue 15): better-auth's own
 * magicLinkClient and emailOTPClient (better-auth 1.7.25, a devDependency used only in
 * tests) complete each flow against a live Latch server over real HTTP, reading the link
 * or the code from the mail Latch sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthClient } from 'better-auth/client';
import { emailOTPClient, magicLinkClient } from 'better-auth/client/plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, createAuth } from '../../server/src/app.ts';
import { createMemoryLogger } from '../../server/src/core/logger.ts';
import { type CapturingMailer, createCapturingMailer, extractLinks } from '../../server/src/core/mail/transport.ts';
import { createNodeListener } from '../../server/src/node-adapter.ts';
import { openSharedDatabase, type SharedDatabase } from '../../server/src/test/harness.ts';

let server: Server;
let auth: Auth;
let db: SharedDatabase;
let baseURL: string;
let mailer: CapturingMailer;

beforeAll(async () => {
  db = await openSharedDatabase('sqlite');
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mailer = createCapturingMailer();
  auth = createAuth(
    {
      baseURL,
      secret: 'passwordless-compat-secret-long-enough-0123456789',
      rateLimit: { enabled: false },
      plugins: { magicLink: {}, emailOTP: {} },
    },
    { database: db.handle, mailer, logger: createMemoryLogger(), env: { test: true } },
  );
  server.on('request', createNodeListener(auth));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await auth.close();
  await db.close();
});

/** Node has no cookie store: a tiny jar that behaves like the browser's for one origin. */
function browserFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if ((init?.method ?? 'GET') !== 'GET') headers.set('origin', baseURL);
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (/Max-Age=0/.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
}

function client() {
  return createAuthClient({
    baseURL,
    plugins: [magicLinkClient(), emailOTPClient()],
    fetchOptions: { customFetchImpl: browserFetch() },
  });
}

function lastMail(to: string, kind: string): string {
  const mail = mailer.messages.filter((m) => m.to === to && m.kind === kind).at(-1);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return mail.text;
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const fresh = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;

describe("better-auth's magicLinkClient against Latch", () => {
  it('asks for a link, verifies its token and is signed in', async () => {
    const browser = client();
    const email = fresh('ml');
    const sent = await browser.signIn.magicLink({ email, name: 'Mags' });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ status: true });
    const link = extractLinks(lastMail(email, 'magic-link')).find((l) => l.includes('/magic-link/verify?')) ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    const verified = await browser.magicLink.verify({ query: { token } });
    expect(verified.error).toBeNull();
    expect(verified.data?.user.email).toBe(email);
    const session = await browser.getSession();
    expect(session.data?.user.name).toBe('Mags');
    expect(session.data?.user.emailVerified).toBe(true);

    const again = await client().magicLink.verify({ query: { token } });
    expect(again.data).toBeNull();
    expect(again.error).toMatchObject({ status: 400, code: 'INVALID_TOKEN' });
  });
});

describe("better-auth's emailOTPClient against Latch", () => {
  it('signs in with a code, and reports a wrong one with its code', async () => {
    const browser = client();
    const email = fresh('otp');
    expect((await browser.emailOtp.sendVerificationOtp({ email, type: 'sign-in' })).data).toEqual({ success: true });
    const code = codeIn(lastMail(email, 'email-otp-sign-in'));
    const wrong = await browser.signIn.emailOtp({ email, otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'INVALID_OTP' });
    const signedIn = await browser.signIn.emailOtp({ email, otp: code });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data?.token).toEqual(expect.any(String));
    expect((await browser.getSession()).data?.user.email).toBe(email);
  });

  it('verifies the address of a password account with a code', async () => {
    const browser = client();
    const email = fresh('verify');
    await browser.signUp.email({ name: 'Vera', email, password: 'Correct-Horse-9' });
    expect((await browser.emailOtp.sendVerificationOtp({ email, type: 'email-verification' })).error).toBeNull();
    const otp = codeIn(lastMail(email, 'email-otp-verify-email'));
    const verified = await browser.emailOtp.verifyEmail({ email, otp });
    expect(verified.error).toBeNull();
    expect(verified.data?.user.emailVerified).toBe(true);
    expect((await browser.getSession()).data?.user.emailVerified).toBe(true);
  });

  it('checks a reset code, resets the password with it, and signs in with the new one', async () => {
    const email = fresh('reset');
    await client().signUp.email({ name: 'Remy', email, password: 'Correct-Horse-9' });
    const browser = client();
    expect((await browser.forgetPassword.emailOtp({ email })).data).toEqual({ success: true });
    const otp = codeIn(lastMail(email, 'email-otp-reset-password'));
    const checked = await browser.emailOtp.checkVerificationOtp({ email, type: 'forget-password', otp });
    expect(checked.data).toEqual({ success: true });
    const reset = await browser.emailOtp.resetPassword({ email, otp, password: 'New-Correct-Horse-10' });
    expect(reset.error).toBeNull();
    expect(reset.data).toEqual({ success: true });
    expect((await client().signIn.email({ email, password: 'New-Correct-Horse-10' })).error).toBeNull();
    // the newer name of the request answers the same
    expect((await browser.emailOtp.requestPasswordReset({ email })).data).toEqual({ success: true });
  });
});
