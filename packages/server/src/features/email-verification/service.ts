/**
 * Email verification (CONTRACT §4.9, §4.10; spec §4): issuing the emailed link, and
 * following it, for a plain verification and for the second half of an email change.
 *
 * The token is 32 random characters, stored only as a SHA-256 hash in `verification`
 * (`email-verification:<hash>`), its value binding it to the user id and to the address
 * it was sent for. Why not better-auth's stateless HS256 JWT: a stored token can be
 * single use (an email change must apply once), dies as soon as the address changes,
 * and follows the one rule of docs/email-flows.md for every emailed secret. Nothing on
 * the wire depends on the token's format.
 *
 * A verify-email link also keeps which browser asked for it (core/http/browser-binding.ts):
 * with autoSignInAfterVerification, a browser sent to the link by another page is signed in
 * only when it holds that binding, so a hostile page cannot sign a signed-out browser in as
 * the attacker through the attacker's own link (login CSRF).
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { randomString } from '../../core/crypto/random.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { Database } from '../../core/db/schema.ts';
import {
  consumeTokenById,
  deleteExpiredTokens,
  deleteResetTokensOfUser,
  deleteTokenById,
  findToken,
  storeToken,
  swapTokenValue,
} from '../../core/db/verification-store.ts';
import { AuthError, authError } from '../../core/errors.ts';
import { bindBrowser, browserHolds, followsWithoutBinding } from '../../core/http/browser-binding.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { sendAccountMail } from '../../core/mail/account-mail.ts';
import { MailDeliveryError } from '../../core/mail/transport.ts';
import { recordEvent } from '../audit/index.ts';
import { claimProvenAddress, hasWaysInBeyondPassword } from '../mailbox-proof/index.ts';
import { announceChange } from '../security-notices/index.ts';
import { getCurrentSession, setSessionCookies } from '../session/index.ts';
import { grantSession } from '../sign-in/index.ts';
import { findUserById, type User, updateUserIfEmail } from '../user/index.ts';
import { apiURL } from './urls.ts';

type Ctx = RequestContext<unknown, unknown>;

const tokenValue = z.object({
  /**
   * `verify-email`: proves the current address; `change-email`: proves `newEmail` and moves
   * the account there; `approve-change-email`: the current (verified) address approves the
   * move to `newEmail` (POST /change-email/approve, never GET /verify-email: a mail
   * scanner's GET must not approve anything).
   */
  kind: z.enum(['verify-email', 'change-email', 'approve-change-email']),
  userId: z.string(),
  /** The user's address when the link was issued; the link dies when it changes. */
  email: z.string(),
  newEmail: z.string().optional(),
  /** Set on the first successful use of a verify-email link (auto sign-in happens once). */
  used: z.boolean().optional(),
  /** Where the verification mail that follows an approved change leads back to. */
  callbackURL: z.string().optional(),
  /**
   * verify-email: SHA-256 of the `link_binding` cookie of the browser that asked for the link
   * (bindVerifyingBrowser). Rows without it (older ones, links the email change mails) are unbound.
   */
  browser: z.string().optional(),
});
export type EmailTokenValue = z.infer<typeof tokenValue>;

const DEFAULT_CALLBACK_URL = '/';
/** Expired links keep answering token_expired for a day, then their rows go. */
const EXPIRED_TOKEN_GRACE_SECONDS = 86_400;

/** An email token as issued: its value (for the link) and its row id (to withdraw it if the mail fails). */
export interface IssuedToken {
  token: string;
  id: string;
}

/** Stores a new email token (after removing long-expired ones) and returns it with the row id. */
export async function issueEmailToken(ctx: Ctx, value: EmailTokenValue): Promise<IssuedToken> {
  await deleteExpiredEmailTokens(ctx);
  return storeEmailToken(ctx, value, ctx.deps.db);
}

/**
 * Stores a new email token in `db`, the transaction of the change it belongs with (sign-up:
 * one commit for the account and its link). The caller removes the expired ones after the
 * commit (deleteExpiredEmailTokens): inside the transaction, MySQL's gap locks on the
 * expired range would make two concurrent sign-ups wait for each other.
 */
export async function storeEmailToken(ctx: Ctx, value: EmailTokenValue, db: Kysely<Database>): Promise<IssuedToken> {
  const token = randomString(32);
  const id = await storeToken(db, {
    purpose: 'email-verification',
    token,
    value: JSON.stringify(value),
    now: ctx.deps.clock.now(),
    expiresInSeconds: ctx.deps.config.emailVerification.expiresIn,
  });
  return { token, id };
}

/**
 * How often one instance removes expired email tokens on its own. The rows it removes
 * expired a day ago and answer token_expired until then, so a minute more changes nothing
 * anyone sees, and the maintenance sweep removes whatever is left; every sign-up running the
 * DELETE was a statement (and, alone, a commit) per sign-up for nothing (docs/performance.md).
 */
const CLEANUP_EVERY_MS = 60_000;
const lastCleanup = new WeakMap<object, number>();

/** Removes the email tokens that expired more than a day ago (opportunistic, at most once a minute; the sweep does the rest). */
export async function deleteExpiredEmailTokens(ctx: Ctx): Promise<void> {
  const now = ctx.deps.clock.now();
  const last = lastCleanup.get(ctx.deps.db);
  if (last !== undefined && now.getTime() - last < CLEANUP_EVERY_MS && now.getTime() >= last) return;
  lastCleanup.set(ctx.deps.db, now.getTime());
  await deleteExpiredTokens(ctx.deps.db, 'email-verification', now, EXPIRED_TOKEN_GRACE_SECONDS);
}

/**
 * Gives the browser asking for a verification link of its account's own address its binding
 * (core/http/browser-binding.ts) and answers the hash the link keeps. The binding decides
 * whether following the link signs in (autoSignInAfterVerification) and whether it asks first
 * (asksBeforeVerifying). Only requests another site cannot make call it (posts refused
 * cross-site, or JSON ones a form cannot send): never a link or a provider's callback.
 */
export function bindVerifyingBrowser(ctx: Ctx): string {
  return bindBrowser(ctx, ctx.deps.config.emailVerification.expiresIn);
}

export function verifyEmailURL(ctx: Ctx, token: string, callbackURL: string | undefined): string {
  return apiURL(ctx.deps.config, '/verify-email', { token, callbackURL: callbackURL || DEFAULT_CALLBACK_URL });
}

/**
 * Mails a verification link for the user's current address, bound to `browser` when given
 * (bindVerifyingBrowser). A mail that cannot be delivered withdraws the token and throws
 * 500 FAILED_TO_CREATE_VERIFICATION.
 */
export async function sendVerificationMail(
  ctx: Ctx,
  user: User,
  callbackURL?: string,
  browser?: string,
): Promise<void> {
  const issued = await issueEmailToken(ctx, verifyEmailValue(user, browser));
  await mailVerificationLink(ctx, user, issued, callbackURL);
}

/** The token of a verification link for the user's current address, stored in `db` (see storeEmailToken). */
export function storeVerificationToken(
  ctx: Ctx,
  user: User,
  db: Kysely<Database>,
  browser?: string,
): Promise<IssuedToken> {
  return storeEmailToken(ctx, verifyEmailValue(user, browser), db);
}

function verifyEmailValue(user: User, browser: string | undefined): EmailTokenValue {
  return { kind: 'verify-email', userId: user.id, email: user.email, ...(browser ? { browser } : {}) };
}

/** Mails the link of an issued verification token; see sendVerificationMail for a failure. */
export async function mailVerificationLink(
  ctx: Ctx,
  user: User,
  { token, id }: IssuedToken,
  callbackURL?: string,
): Promise<void> {
  try {
    await sendAccountMail(ctx, {
      to: user.email,
      kind: 'verify-email',
      user,
      vars: {
        url: verifyEmailURL(ctx, token, callbackURL),
        expiresInSeconds: ctx.deps.config.emailVerification.expiresIn,
      },
    });
  } catch (err) {
    await deleteTokenById(ctx.deps.db, id);
    if (!(err instanceof MailDeliveryError)) throw err;
    ctx.deps.logger.error('could not send the verification mail', { userId: user.id, error: err });
    throw authError('FAILED_TO_CREATE_VERIFICATION');
  }
}

/** The refusals of GET /verify-email; the redirect carries the spec's lower-case value (spec §8). */
export const VERIFY_ERRORS = {
  invalidToken: () => authError('INVALID_TOKEN', { status: 401 }),
  tokenExpired: () => authError('TOKEN_EXPIRED'),
  userNotFound: () => authError('USER_NOT_FOUND', { status: 401 }),
  unauthorized: () => authError('UNAUTHORIZED'),
} as const;

export interface FollowResult {
  kind: EmailTokenValue['kind'];
  /** The user after the change (email change), or null (plain verification, as better-auth answers). */
  user: User | null;
}

/**
 * The live email token, its value and its user; throws the refusals of GET /verify-email
 * (unknown, expired, user gone, or issued for an address the account no longer has).
 */
export async function findEmailToken(
  ctx: Ctx,
  token: string,
): Promise<{ stored: { id: string; value: string }; value: EmailTokenValue; user: User }> {
  const { db, clock } = ctx.deps;
  const stored = await findToken(db, 'email-verification', token);
  if (!stored) throw VERIFY_ERRORS.invalidToken();
  const parsed = tokenValue.safeParse(safeJson(stored.value));
  if (!parsed.success) throw VERIFY_ERRORS.invalidToken();
  if (stored.expiresAt <= clock.now()) throw VERIFY_ERRORS.tokenExpired();
  const value = parsed.data;
  const user = await findUserById(db, value.userId);
  if (!user) throw VERIFY_ERRORS.userNotFound();
  // the link was issued for an address the account no longer has: it proves nothing now
  if (user.email !== value.email) throw VERIFY_ERRORS.invalidToken();
  return { stored, value, user };
}

/** Follows an emailed link (GET /verify-email). Throws AuthError; the route turns it into a redirect. */
export async function followEmailToken(
  ctx: Ctx,
  token: string,
  callbackURL: string | undefined,
  /** false: the confirmation page's answer, a script's post, never signs in (it did not ask for the link). */
  mayAutoSignIn = true,
): Promise<FollowResult> {
  const { db, clock } = ctx.deps;
  const { stored, value, user } = await findEmailToken(ctx, token);
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  if (current && current.user.id !== user.id) throw VERIFY_ERRORS.unauthorized();

  if (value.kind === 'approve-change-email') throw VERIFY_ERRORS.invalidToken();
  if (value.kind === 'change-email') {
    return { kind: value.kind, user: await applyEmailChange(ctx, stored.id, value, user, callbackURL) };
  }

  // An account set up beyond its password while nobody had proven the address (rule 6) is
  // verified only in its own session: the person following the link may not be whoever set it
  // up (anyone can have the mail sent), and would hand them the address (docs/security.md)
  if (!user.emailVerified && current?.user.id !== user.id && (await hasWaysInBeyondPassword(db, user)))
    throw VERIFY_ERRORS.unauthorized();

  // A verify-email link may be opened twice (a mail scanner, a second click): the address
  // is proven either way, but only the first use may sign the user in.
  const firstUse =
    !value.used &&
    (await swapTokenValue(db, stored.id, stored.value, JSON.stringify({ ...value, used: true }), clock.now()));
  const now = clock.now();
  if (!user.emailVerified) {
    await db.transaction().execute(async (trx) => {
      if (await updateUserIfEmail(trx, user.id, value.email, { emailVerified: true, updatedAt: now }))
        await recordEvent(trx, ctx, {
          type: 'email.verified',
          actorUserId: user.id,
          targetType: 'user',
          targetId: user.id,
          details: { email: value.email },
        });
    });
  }
  const verified: User = { ...user, emailVerified: true, updatedAt: user.emailVerified ? user.updatedAt : now };
  if (current?.token) {
    // refresh the cookie so that a cached session shows the verified address at once
    setSessionCookies(ctx, current.token, { session: current.session, user: verified });
  } else if (firstUse && mayAutoSignIn && ctx.deps.config.emailVerification.autoSignInAfterVerification) {
    await signInAfterVerification(ctx, value, verified);
  }
  return { kind: value.kind, user: null };
}

/**
 * Whether GET /verify-email asks before it verifies: a page navigation, in a browser that did
 * not ask for the link and is signed in to no account, to the link of an account nobody has
 * proven that has nothing but a password. Whoever follows such a link may not be whoever set the
 * account up: anyone can sign up with another's address, and the owner who follows the mail
 * would otherwise verify the stranger's account, password and all (pre-account hijacking). The
 * web app's /confirm-email page asks "did you set this account up?": yes verifies, no claims
 * the address as a reset link would. API clients (followsWithoutBinding) verify as the contract
 * says; so does the browser that asked (its `link_binding`) and the account's own session.
 * Throws the link's refusals, as following it would.
 */
export async function asksBeforeVerifying(ctx: Ctx, token: string): Promise<boolean> {
  if (followsWithoutBinding(ctx)) return false;
  const { value, user } = await findEmailToken(ctx, token);
  if (value.kind !== 'verify-email' || user.emailVerified || browserHolds(ctx, value.browser)) return false;
  // the account's own session verifies; another account's is refused by followEmailToken
  if (await getCurrentSession(ctx, { disableCookieCache: true })) return false;
  // set up beyond a password: refused outside its own session by followEmailToken
  return !(await hasWaysInBeyondPassword(ctx.deps.db, user));
}

/** The address of a verify-email link the confirmation page asks about (nothing spent). */
export async function describeVerifyLink(ctx: Ctx, token: string): Promise<{ email: string; createdAt: string }> {
  const { value, user } = await findEmailToken(ctx, token);
  if (value.kind !== 'verify-email') throw VERIFY_ERRORS.invalidToken();
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  if (current && current.user.id !== user.id) throw VERIFY_ERRORS.unauthorized();
  return { email: user.email, createdAt: user.createdAt.toISOString() };
}

/**
 * "I did not set this account up": the link proves the mailbox, so the address is claimed as a
 * reset link claims it (features/mailbox-proof): the password, sessions and links a stranger may
 * have set up go, the address is marked proven and the owner is mailed. The link is spent.
 */
export async function claimByVerifyLink(ctx: Ctx, token: string): Promise<void> {
  const { stored, value, user } = await findEmailToken(ctx, token);
  if (value.kind !== 'verify-email') throw VERIFY_ERRORS.invalidToken();
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  if (current && current.user.id !== user.id) throw VERIFY_ERRORS.unauthorized();
  // proven already (the link followed, a reset, a magic link): nothing to claim, and a 200 would
  // tell the page the stranger's access went: refused, the link unspent
  if (user.emailVerified) throw VERIFY_ERRORS.invalidToken();
  // one answer per link: of two clicks, the one whose DELETE removes the row claims
  if (!(await consumeTokenById(ctx.deps.db, stored.id))) throw VERIFY_ERRORS.invalidToken();
  // proven already (by the owner's own proof meanwhile): nothing to claim
  await claimProvenAddress(ctx, user, 'verification-link');
}

/** The automatic sign-in of a verify-email link's first use (autoSignInAfterVerification). */
async function signInAfterVerification(ctx: Ctx, value: EmailTokenValue, verified: User): Promise<void> {
  if (!askedHere(ctx, value)) {
    // A page navigation in a browser that did not ask for the link: the mail opened on another
    // device, or a hostile page sending a signed-out browser to the attacker's own link, which
    // would make the browser the attacker's (login CSRF). The address is proven all the same;
    // the first use is spent, and the person signs in as usual.
    ctx.deps.logger.info('no automatic sign-in after verification', { userId: verified.id, code: 'OTHER_BROWSER' });
    return;
  }
  // through every check of a sign-in: a banned account stays out, and an account with
  // two-factor on is not signed in by a link alone. The address is proven either way: a
  // refused automatic sign-in is not an error of the link, the person signs in as usual.
  try {
    await grantSession(ctx, { user: verified, method: 'email-verification', challenge: 'skip' });
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    ctx.deps.logger.info('no automatic sign-in after verification', { userId: verified.id, code: err.code });
  }
}

/**
 * Whether following the link may sign this browser in: it holds the binding of the browser
 * that asked, or the request may follow without it (an API client, or a fetch from Latch's or
 * a trusted origin: core/http/browser-binding.ts followsWithoutBinding).
 */
function askedHere(ctx: Ctx, value: EmailTokenValue): boolean {
  return browserHolds(ctx, value.browser) || followsWithoutBinding(ctx);
}

/**
 * The second half of an email change (docs/email-flows.md): the link reached the new
 * address, so its owner controls it. In one transaction the token is spent and the
 * account moves, unverified (spec §4); then a fresh verification goes to the new address
 * and a notice to the old one.
 */
export async function applyEmailChange(
  ctx: Ctx,
  tokenId: string,
  value: EmailTokenValue,
  user: User,
  callbackURL: string | undefined,
): Promise<User> {
  const { db, clock, logger } = ctx.deps;
  const newEmail = value.newEmail;
  if (!newEmail) throw VERIFY_ERRORS.invalidToken();
  const now = clock.now();
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await consumeTokenById(trx, tokenId))) throw VERIFY_ERRORS.invalidToken();
      const moved = await updateUserIfEmail(trx, user.id, value.email, {
        email: newEmail,
        emailVerified: false,
        updatedAt: now,
      });
      if (!moved) throw VERIFY_ERRORS.invalidToken();
      // reset links went to the old address: it no longer answers for the account
      await deleteResetTokensOfUser(trx, user.id);
      await recordEvent(trx, ctx, {
        type: 'email.change_confirmed',
        actorUserId: user.id,
        targetType: 'user',
        targetId: user.id,
        details: { previousEmail: value.email, newEmail },
      });
    });
  } catch (err) {
    if (err instanceof AuthError) throw err;
    // someone took the address between the request and the click
    if (isUniqueViolation(err)) throw authError('COULDNT_UPDATE_YOUR_EMAIL');
    throw err;
  }
  const moved: User = { ...user, email: newEmail, emailVerified: false, updatedAt: now };
  const current = await getCurrentSession(ctx, { disableCookieCache: true });
  if (current?.token && current.user.id === user.id)
    setSessionCookies(ctx, current.token, { session: current.session, user: moved });
  try {
    await sendVerificationMail(ctx, moved, callbackURL);
  } catch (err) {
    // the move stands; the user can ask for another link (send-verification-email)
    logger.error('the email changed but its verification mail could not be sent', { userId: user.id, error: err });
  }
  // the old address hears of it; when it was proven, with a link that puts it back
  await announceChange(
    ctx,
    moved,
    { kind: 'email-changed', previousEmail: value.email, newEmail },
    { email: value.email, verified: user.emailVerified },
  );
  return moved;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
