/**
 * Who a provider's user is here (CONTRACT §5.6) and explicit linking (§4.18).
 *
 * Sign-in resolution:
 *  1. a known (provider, provider user id) signs its owner in, and the stored tokens are refreshed;
 *  2. else a user with the same (lower-cased) email is linked only when linking is enabled, the provider is
 *     trusted or vouches for the email, and the local email is verified: otherwise anyone who can make a
 *     provider account with your address would walk into your account (pre-account-takeover);
 *  3. else a new user is created, unless the provider's sign-up is disabled.
 *
 * The (providerId, accountId) and user-email unique constraints make races safe: two callbacks for the same new
 * provider account both try to insert, one loses on the constraint, and the loser resolves again and finds the
 * winner's rows. Multi-row writes (user + account) run in one transaction.
 */
import { generateId } from '../../core/crypto/random.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { type Account, findAccountByProvider, insertAccount, updateAccount } from '../accounts/index.ts';
import { recordEvent } from '../audit/index.ts';
import { sendVerificationMail } from '../email-verification/index.ts';
import { announceChange } from '../security-notices/index.ts';
import { findUserByEmail, findUserById, insertUser, type User, updateUserRow } from '../user/index.ts';
import type { OAuthProfile } from './providers/index.ts';
import { type TokenSet, tokenColumns, updatedTokenColumns } from './tokens.ts';

type Ctx = RequestContext<unknown, unknown>;

/** The callback's `?error=` values (spec §8); the idToken flow turns them into OAUTH_LINK_ERROR messages. */
export type ResolveFailure = 'account_not_linked' | 'signup_disabled' | 'unable_to_create_user' | 'email_not_found';
export type LinkFailure =
  | 'unable_to_link_account'
  | 'email_does_not_match'
  | 'account_already_linked_to_different_user'
  /** The insert itself failed (a database problem): the callback says unable_to_link_account, the API 417. */
  | 'linking_failed';

export interface ProviderAccountInput {
  providerId: string;
  /** The provider's options: `disableSignUp`, `disableImplicitSignUp`. */
  options: { disableSignUp?: boolean | undefined; disableImplicitSignUp?: boolean | undefined };
  /**
   * Some providers never share an email (Reddit, Roblox, TikTok; Facebook and X when the person has none):
   * such an account can still sign in once linked, and be linked by a signed-in person, but not create a user.
   */
  profile: OAuthProfile;
  tokens: TokenSet;
}

function isTrustedProvider(ctx: Ctx, providerId: string): boolean {
  return ctx.deps.config.account.accountLinking.trustedProviders.includes(providerId);
}

export async function resolveOAuthUser(
  ctx: Ctx,
  input: ProviderAccountInput & { requestSignUp: boolean },
): Promise<{ ok: true; user: User; isNew: boolean } | { ok: false; reason: ResolveFailure }> {
  try {
    return await resolveOnce(ctx, input);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  // Lost a race to a concurrent callback for the same provider account (or email): theirs is the row now.
  try {
    return await resolveOnce(ctx, input);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { ok: false, reason: 'unable_to_create_user' };
  }
}

async function resolveOnce(
  ctx: Ctx,
  input: ProviderAccountInput & { requestSignUp: boolean },
): Promise<{ ok: true; user: User; isNew: boolean } | { ok: false; reason: ResolveFailure }> {
  const { db, clock, config } = ctx.deps;
  const { providerId, profile } = input;
  const now = clock.now();

  const account = await findAccountByProvider(db, providerId, profile.id);
  if (account) {
    const owner = await findUserById(db, account.userId);
    if (!owner) return { ok: false, reason: 'unable_to_create_user' };
    await updateAccount(db, account.id, { ...updatedTokenColumns(ctx.deps, account, input.tokens), updatedAt: now });
    // The provider now vouches for the address this user signed up with: take it as verified.
    if (profile.email && profile.emailVerified && !owner.emailVerified && owner.email === profile.email.toLowerCase()) {
      await updateUserRow(db, owner.id, { emailVerified: true, updatedAt: now });
      return { ok: true, user: { ...owner, emailVerified: true, updatedAt: now }, isNew: false };
    }
    return { ok: true, user: owner, isNew: false };
  }

  // without an email there is nobody to link to and nothing to create a user with
  if (!profile.email) return { ok: false, reason: 'email_not_found' };
  const email = profile.email.toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const linking = config.account.accountLinking;
    const vouched = isTrustedProvider(ctx, providerId) || profile.emailVerified;
    if (!linking.enabled || !vouched || !existing.emailVerified) return { ok: false, reason: 'account_not_linked' };
    const row = newAccountRow(ctx, existing.id, input, now);
    await db.transaction().execute(async (trx) => {
      await insertAccount(trx, row);
      await recordEvent(trx, ctx, {
        type: 'account.linked',
        actorUserId: existing.id,
        targetType: 'user',
        targetId: existing.id,
        details: { providerId, implicit: true },
      });
    });
    // a new way into an existing account: its owner hears of it, with a link that undoes it
    await announceChange(ctx, existing, { kind: 'provider-linked', accountRowId: row.id, providerId });
    return { ok: true, user: existing, isNew: false };
  }

  if (input.options.disableSignUp || (input.options.disableImplicitSignUp && !input.requestSignUp)) {
    return { ok: false, reason: 'signup_disabled' };
  }
  const user: User = {
    id: generateId(),
    name: profile.name ?? email.split('@')[0] ?? email,
    email,
    emailVerified: profile.emailVerified,
    image: profile.image,
    createdAt: now,
    updatedAt: now,
    username: null,
    displayUsername: null,
    language: null,
    role: null,
    banned: false,
    banReason: null,
    banExpires: null,
    twoFactorEnabled: false,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, user);
      await insertAccount(trx, newAccountRow(ctx, user.id, input, now));
      await recordEvent(trx, ctx, {
        type: 'sign_up',
        actorUserId: user.id,
        targetType: 'user',
        targetId: user.id,
        details: { method: 'social', providerId },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw err;
    ctx.deps.logger.error('could not create a user from a social sign-in', { providerId, error: err });
    return { ok: false, reason: 'unable_to_create_user' };
  }
  if (!user.emailVerified && config.emailVerification.sendOnSignUp) {
    try {
      await sendVerificationMail(ctx, user);
    } catch (err) {
      ctx.deps.logger.error('social sign-up succeeded but the verification mail was not sent', {
        userId: user.id,
        error: err,
      });
    }
  }
  return { ok: true, user, isNew: true };
}

function newAccountRow(ctx: Ctx, userId: string, input: ProviderAccountInput, now: Date) {
  return {
    id: generateId(),
    accountId: input.profile.id,
    providerId: input.providerId,
    userId,
    ...tokenColumns(ctx.deps, input.tokens),
    password: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Links the provider account to a signed-in user (link-social). Requires the provider to vouch for the email (or
 * be trusted) and, unless `allowDifferentEmails`, the same email as the user's. Re-linking one's own account
 * refreshes its tokens.
 */
export async function linkOAuthAccount(
  ctx: Ctx,
  target: { userId: string; email: string },
  input: ProviderAccountInput,
): Promise<{ ok: true; account: Account | null } | { ok: false; reason: LinkFailure }> {
  const { db, clock, config } = ctx.deps;
  const linking = config.account.accountLinking;
  const { providerId, profile } = input;
  if (!linking.enabled) return { ok: false, reason: 'unable_to_link_account' };
  // The email rules keep a provider from vouching for someone else's address. A provider that shares no email
  // vouches for nothing: the binding is the signed-in person who also signed in at the provider.
  if (profile.email) {
    if (!isTrustedProvider(ctx, providerId) && !profile.emailVerified)
      return { ok: false, reason: 'unable_to_link_account' };
    if (profile.email.toLowerCase() !== target.email.toLowerCase() && !linking.allowDifferentEmails) {
      return { ok: false, reason: 'email_does_not_match' };
    }
  }
  // the person must still have a proven address when the provider answers (item 4 of the security issue)
  const owner = await findUserById(db, target.userId);
  if (!owner?.emailVerified) return { ok: false, reason: 'unable_to_link_account' };
  const now = clock.now();
  const existing = await findAccountByProvider(db, providerId, profile.id);
  if (existing) {
    if (existing.userId !== target.userId) return { ok: false, reason: 'account_already_linked_to_different_user' };
    await updateAccount(db, existing.id, { ...updatedTokenColumns(ctx.deps, existing, input.tokens), updatedAt: now });
    return { ok: true, account: existing };
  }
  const row = newAccountRow(ctx, target.userId, input, now);
  try {
    await insertAccount(db, row);
  } catch (err) {
    if (!isUniqueViolation(err)) {
      ctx.deps.logger.error('could not link a provider account', { providerId, error: err });
      return { ok: false, reason: 'linking_failed' };
    }
    const winner = await findAccountByProvider(db, providerId, profile.id);
    if (winner?.userId === target.userId) return { ok: true, account: winner };
    return { ok: false, reason: winner ? 'account_already_linked_to_different_user' : 'linking_failed' };
  }
  await recordEvent(db, ctx, {
    type: 'account.linked',
    actorUserId: owner.id,
    targetType: 'user',
    targetId: owner.id,
    details: { providerId, implicit: false },
  });
  await announceChange(ctx, owner, { kind: 'provider-linked', accountRowId: row.id, providerId });
  return { ok: true, account: null };
}
