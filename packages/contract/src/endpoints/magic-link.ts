/**
 * The magic-link plugin (better-auth's `magic-link`, issue 15 item 2): POST
 * /sign-in/magic-link mails a single-use link, GET /magic-link/verify follows it and signs
 * in through the sign-in pipeline. Every redirect target is checked against the trusted
 * origins before any work.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { sessionJson, userJson } from '../entities.ts';
import { emailField, redirectTarget, statusAnswer } from './common.ts';
import { twoFactorChallengeJson } from './two-factor.ts';

const tag = 'Magic link';
const plugin = 'magicLink';

export const signInMagicLink = endpoint({
  method: 'POST',
  path: '/sign-in/magic-link',
  tag,
  summary:
    'Mails a sign-in link (single use, 5 minutes by default); the same answer, in about the same time, whoever the address belongs to',
  body: z.object({
    email: emailField,
    /** The name of an account the link creates (a first sign-in); ignored for an existing one. */
    name: z.string().max(4096).optional(),
    callbackURL: redirectTarget,
    newUserCallbackURL: redirectTarget,
    errorCallbackURL: redirectTarget,
    /** better-auth hands it to its sendMagicLink callback; Latch sends its own mail and ignores it. */
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
  response: statusAnswer,
  errors: [],
  session: 'none',
  formCsrf: true,
  plugin,
});

export const magicLinkVerify = endpoint({
  method: 'GET',
  path: '/magic-link/verify',
  tag,
  summary:
    "Follows a mailed link: spends it and signs in (a new account when the address has none and sign-up is on); 302 to callbackURL (newUserCallbackURL for a new account), errors to errorCallbackURL with ?error=. A browser that did not ask for the link is sent, unspent, to the web app's /magic-link page, which names the account and asks first",
  query: z.object({
    token: z.string().max(1024),
    callbackURL: redirectTarget,
    errorCallbackURL: redirectTarget,
    newUserCallbackURL: redirectTarget,
  }),
  /** Without callbackURL: the session as better-auth answers, or the second factor's challenge. */
  response: z.union([z.object({ token: z.string(), user: userJson, session: sessionJson }), twoFactorChallengeJson]),
  answers: 'redirect',
  errors: ['INVALID_TOKEN', 'UNAUTHORIZED', 'BANNED_USER', 'FAILED_TO_CREATE_SESSION'],
  // a new sign-in ends the browser's earlier session
  session: 'optional',
  checksQueryCallbackURL: true,
  plugin,
});

const linkTargets = {
  token: z.string().max(1024),
  callbackURL: redirectTarget,
  newUserCallbackURL: redirectTarget,
};

export const describeMagicLink = endpoint({
  method: 'POST',
  path: '/magic-link/describe',
  tag,
  summary:
    'What the confirmation page shows for a link opened in a browser that did not ask for it: the address it signs in to, and whether it creates the account (nothing is spent)',
  body: z.object({ token: linkTargets.token }),
  response: z.object({ email: z.string(), isNew: z.boolean() }),
  errors: ['INVALID_TOKEN', 'UNAUTHORIZED'],
  session: 'optional',
  plugin,
});

export const confirmMagicLink = endpoint({
  method: 'POST',
  path: '/magic-link/confirm',
  tag,
  summary:
    'The person confirms, on the page that named the account, that this browser is to be signed in by the link: spends it and signs in; answers where to go next',
  body: z.object(linkTargets),
  /** `redirect`: callbackURL (newUserCallbackURL for a new account), or the two-factor page on the way there. */
  response: z.object({ redirect: z.string(), twoFactorRedirect: z.boolean() }),
  errors: ['INVALID_TOKEN', 'UNAUTHORIZED', 'BANNED_USER', 'FAILED_TO_CREATE_SESSION'],
  session: 'optional',
  // a sign-in: another site cannot post it (first-login CSRF protection)
  formCsrf: true,
  plugin,
});

export const magicLinkEndpoints = [signInMagicLink, magicLinkVerify, describeMagicLink, confirmMagicLink] as const;
