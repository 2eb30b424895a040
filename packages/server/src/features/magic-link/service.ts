/**
 * Magic links (issue 15 item 2, on the wire of better-auth's `magic-link` plugin). A link
 * carries 32 random characters (about 190 bits); the `verification` table keeps only their
 * SHA-256 under the purpose `magic-link`, so a reset token, an OAuth state or any other
 * secret is never found as a link, and a link is never found as one of them
 * (GHSA-965c-763c-88jm). The row binds the link to its address, to the account the address
 * had when it was sent (or to none), and to its expiry; one DELETE spends it, so of two
 * clicks only one signs in (GHSA-hc7v-x88r-fmh4).
 */
import { z } from 'zod';
import { randomString } from '../../core/crypto/random.ts';
import {
  consumeTokenById,
  deleteExpiredTokens,
  deleteTokenById,
  findToken,
  storeToken,
} from '../../core/db/verification-store.ts';
import { authError } from '../../core/errors.ts';
import { browserHolds } from '../../core/http/browser-binding.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { sendAccountMail } from '../../core/mail/account-mail.ts';
import { recordEvent } from '../audit/index.ts';
import { apiURL } from '../email-verification/index.ts';
import { findOrCreateProvenUser, type ProvenAddress, secretStillFits } from '../mailbox-proof/index.ts';
import { getCurrentSession, type Session } from '../session/index.ts';
import { grantSession } from '../sign-in/index.ts';
import { findUserByEmail, type User } from '../user/index.ts';

type Ctx = RequestContext<unknown, unknown>;

const TOKEN_LENGTH = 32;
/** Expired links stay a day (a late click still reads INVALID_TOKEN), then the next request removes them. */
const CLEANUP_GRACE_SECONDS = 86_400;

const linkValue = z.object({
  email: z.string(),
  /** The account the address had when the link was sent; null: none, the link may create one. */
  userId: z.string().nullable(),
  /** The name a new account gets. */
  name: z.string().optional(),
  /** SHA-256 of the `link_binding` cookie of the browser that asked (core/http/browser-binding.ts). */
  browser: z.string().optional(),
});
type LinkValue = z.infer<typeof linkValue>;

function optionsOf(ctx: Ctx): { expiresIn: number; disableSignUp: boolean } {
  const options = ctx.deps.config.plugins.magicLink;
  // the routes are served only when the plugin is on
  if (!options) throw authError('NOT_FOUND');
  return options;
}

export interface LinkRequest {
  email: string;
  /** The asking browser's binding (bindBrowser), so that browser is signed in without a question. */
  browser: string;
  name?: string | undefined;
  callbackURL?: string | undefined;
  newUserCallbackURL?: string | undefined;
  errorCallbackURL?: string | undefined;
}

/**
 * Mails a link to the address: to sign in to its account, or to create one when it has
 * none and sign-up is on (else nothing is sent). Answers nothing either way, and a mail
 * that cannot be delivered is logged and its link withdrawn: telling the caller would
 * tell a stranger whether the address has an account.
 */
export async function sendMagicLink(ctx: Ctx, request: LinkRequest): Promise<void> {
  const { db, clock, config, logger } = ctx.deps;
  const options = optionsOf(ctx);
  const user = await findUserByEmail(db, request.email);
  if (!user && options.disableSignUp) return;
  const now = clock.now();
  await deleteExpiredTokens(db, 'magic-link', now, CLEANUP_GRACE_SECONDS);
  const token = randomString(TOKEN_LENGTH);
  const value: LinkValue = {
    email: request.email,
    userId: user?.id ?? null,
    ...(!user && request.name ? { name: request.name } : {}),
    browser: request.browser,
  };
  const id = await storeToken(db, {
    purpose: 'magic-link',
    token,
    value: JSON.stringify(value),
    now,
    expiresInSeconds: options.expiresIn,
  });
  // as better-auth builds it: the targets ride on the link, and are checked again when it is followed
  const url = apiURL(config, '/magic-link/verify', {
    token,
    callbackURL: request.callbackURL || '/',
    ...(request.newUserCallbackURL ? { newUserCallbackURL: request.newUserCallbackURL } : {}),
    ...(request.errorCallbackURL ? { errorCallbackURL: request.errorCallbackURL } : {}),
  });
  try {
    await sendAccountMail(ctx, {
      to: request.email,
      kind: 'magic-link',
      user: user ?? { name: request.name ?? '', language: null },
      vars: { url, expiresInSeconds: options.expiresIn },
    });
  } catch (err) {
    await deleteTokenById(db, id);
    logger.error('could not send the magic link', { userId: user?.id ?? null, error: err });
  }
}

export type FollowedLink =
  | { kind: 'session'; token: string; session: Session; user: User; isNew: boolean }
  | { kind: 'challenge'; answer: { twoFactorRedirect: true; twoFactorMethods: string[] }; isNew: boolean };

/** A live link that may be followed in this browser: what checkMagicLink found. */
export interface CheckedLink {
  readonly id: string;
  readonly email: string;
  /** Whether this browser asked for it (core/http/browser-binding.ts). */
  readonly askedHere: boolean;
  readonly address: ProvenAddress;
}

/**
 * Reads a link without spending it: unknown, expired, spent or foreign links are refused
 * (INVALID_TOKEN), and so is any link in a browser signed in as another account (UNAUTHORIZED).
 * `quiet`: a page describing the link the server already checked records no second refusal.
 */
export async function checkMagicLink(ctx: Ctx, token: string, quiet = false): Promise<CheckedLink> {
  const { db, clock } = ctx.deps;
  const options = optionsOf(ctx);
  const record = quiet ? async () => {} : (userId: string | null, reason: string) => recordRefusal(ctx, userId, reason);
  const refuse = async (userId: string | null, reason: string): Promise<never> => {
    await record(userId, reason);
    throw authError('INVALID_TOKEN');
  };
  const stored = token ? await findToken(db, 'magic-link', token) : null;
  const parsed = stored ? linkValue.safeParse(safeJson(stored.value)) : null;
  if (!stored || !parsed?.success) return refuse(null, 'invalid_token');
  const value = parsed.data;
  if (stored.expiresAt <= clock.now()) return refuse(value.userId, 'expired');
  // the account the link was sent for is gone, or another took the address since: refused unspent
  const address: ProvenAddress = {
    email: value.email,
    method: 'magic-link',
    boundUserId: value.userId,
    allowSignUp: !options.disableSignUp,
    name: value.name,
  };
  if (!(await secretStillFits(ctx, address))) return refuse(value.userId, 'account_changed');
  // A hostile page can send a browser to a link (a GET): the attacker's own link would end the
  // signed-in person's session and make the browser the attacker's, so that what the person
  // does next goes into the attacker's account (login CSRF). In a browser signed in as another
  // account the link is refused unspent, as a verification link is; the person signs out first.
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  if (current && current.user.email.toLowerCase() !== value.email.toLowerCase()) {
    await record(value.userId, 'other_account_signed_in');
    throw authError('UNAUTHORIZED');
  }
  return {
    id: stored.id,
    email: value.email,
    askedHere: browserHolds(ctx, value.browser),
    address,
  };
}

/**
 * What the confirmation page shows (nothing spent, no refusal recorded twice: the GET that sent
 * the browser there recorded it): the address, and whether following the link creates the account
 * (one sent to an address without an account, unless one was made there since).
 */
export async function describeMagicLink(ctx: Ctx, token: string): Promise<{ email: string; isNew: boolean }> {
  const link = await checkMagicLink(ctx, token, true);
  const isNew = link.address.boundUserId === null && !(await findUserByEmail(ctx.deps.db, link.email));
  return { email: link.email, isNew };
}

/**
 * Follows a checked link: spends it, proves the address (an account nobody had proven loses
 * what was set up before, features/mailbox-proof), and asks the sign-in pipeline for a session
 * (bans, the per-account limit and the second factor apply as to a password). Throws
 * INVALID_TOKEN when another click spent it first or the address changed hands meanwhile.
 */
export async function followMagicLink(ctx: Ctx, link: CheckedLink): Promise<FollowedLink> {
  const userId = link.address.boundUserId;
  // the DELETE decides between two clicks (or a click and a mail scanner): one spends the link
  if (!(await consumeTokenById(ctx.deps.db, link.id))) return refuse(ctx, userId, 'spent');
  const proven = await findOrCreateProvenUser(ctx, link.address);
  // the address changed hands between the check and now
  if (!proven) return refuse(ctx, userId, 'account_changed');
  const granted = await grantSession(ctx, { user: proven.user, method: 'magic-link' });
  if (granted.kind === 'challenge') return { kind: 'challenge', answer: granted.answer, isNew: proven.isNew };
  if (granted.kind !== 'session') throw authError('FAILED_TO_CREATE_SESSION');
  return { kind: 'session', token: granted.token, session: granted.session, user: granted.user, isNew: proven.isNew };
}

/** A refused link is a failed sign-in in the audit log (the reason only, never the link). */
async function refuse(ctx: Ctx, userId: string | null, reason: string): Promise<never> {
  await recordRefusal(ctx, userId, reason);
  throw authError('INVALID_TOKEN');
}

async function recordRefusal(ctx: Ctx, userId: string | null, reason: string): Promise<void> {
  await recordEvent(ctx.deps.db, ctx, {
    type: 'sign_in',
    outcome: 'failure',
    actorType: 'user',
    targetType: userId ? 'user' : null,
    targetId: userId,
    details: { method: 'magic-link', reason },
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
