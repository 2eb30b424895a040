/**
 * What a proof of the mailbox does to an account (issue 15, "Pre-account hijacking",
 * better-auth's GHSA-qq9h-g4jm-xgf3). A followed magic link or a right emailed code proves
 * that the person controls the address. An account at that address which nobody had
 * proven may have been set up by someone else (a password, a provider, a passkey, a second
 * factor, open sessions): the proof makes the address the prover's, so everything set up before
 * it goes, in one transaction, and the owner is told by mail. The same rule as a password
 * reset of an unproven address (docs/security.md rule 6), applied to the passwordless ways in.
 */
import type { Kysely } from 'kysely';
import { generateId } from '../../core/crypto/random.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { Database } from '../../core/db/schema.ts';
import { deleteSecretsOfUser } from '../../core/db/verification-store.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { webPageURL } from '../../core/http/page-url.ts';
import { sendAccountMail } from '../../core/mail/account-mail.ts';
import { deleteAccount, findAccountsOfUser } from '../accounts/index.ts';
import { recordEvent } from '../audit/index.ts';
import { deletePasskeysOfUser, listPasskeys } from '../passkey/index.ts';
import { deleteSessionsOfUser, listActiveSessionsOfUser } from '../session/index.ts';
import { deleteTwoFactorOfUser, findTwoFactorOfUser } from '../two-factor/index.ts';
import { findUserByEmail, insertUser, type User, updateUserRow } from '../user/index.ts';

type Ctx = RequestContext<unknown, unknown>;

/** The way the mailbox was proven (the audit log's `method`). */
export type MailboxProof = 'magic-link' | 'email-otp' | 'reset-link' | 'verification-link';

export interface ProvenUser {
  user: User;
  /** The proof created the account (a first sign-in). */
  isNew: boolean;
}

export interface ProvenAddress {
  email: string;
  method: MailboxProof;
  /**
   * The account the secret was issued for, or null when the address had none then. A
   * secret issued for one account never acts on another that took the address since.
   */
  boundUserId: string | null;
  /** May the proof create an account for an address without one. */
  allowSignUp: boolean;
  /** For a new account. */
  name?: string | undefined;
  image?: string | undefined;
}

/**
 * Whether a secret still fits its address, read only (a refusal then spends nothing): the
 * account it was issued for still has the address, or, issued to no account, the address
 * has one now or may get one.
 */
export async function secretStillFits(
  ctx: Ctx,
  proven: Pick<ProvenAddress, 'email' | 'boundUserId' | 'allowSignUp'>,
): Promise<boolean> {
  const current = await findUserByEmail(ctx.deps.db, proven.email);
  if (proven.boundUserId !== null) return current?.id === proven.boundUserId;
  return current !== null || proven.allowSignUp;
}

/**
 * The account the proven address belongs to, claimed for the prover (claimProvenAddress),
 * or a new one when the address has none and sign-up is allowed; null when the secret was
 * issued for another account, or there is no account and none may be created.
 */
export async function findOrCreateProvenUser(ctx: Ctx, proven: ProvenAddress): Promise<ProvenUser | null> {
  const existing = await findUserByEmail(ctx.deps.db, proven.email);
  if (proven.boundUserId !== null && existing?.id !== proven.boundUserId) return null;
  if (existing) return { user: await claimProvenAddress(ctx, existing, proven.method), isNew: false };
  if (!proven.allowSignUp) return null;
  try {
    return { user: await createProvenUser(ctx, proven), isNew: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // someone created an account at this address meanwhile: the proof claims it as it would have
    const raced = await findUserByEmail(ctx.deps.db, proven.email);
    if (!raced) throw err;
    return { user: await claimProvenAddress(ctx, raced, proven.method), isNew: false };
  }
}

async function createProvenUser(ctx: Ctx, proven: ProvenAddress): Promise<User> {
  const { db, clock, config } = ctx.deps;
  const now = clock.now();
  const user: User = {
    id: generateId(),
    name: proven.name?.trim() ?? '',
    email: proven.email,
    // the account is born with its address proven: that is how it was created
    emailVerified: true,
    image: proven.image ?? null,
    createdAt: now,
    updatedAt: now,
    username: null,
    displayUsername: null,
    language: null,
    role: config.plugins.admin ? config.plugins.admin.defaultRole : null,
    banned: false,
    banReason: null,
    banExpires: null,
    twoFactorEnabled: false,
  };
  await db.transaction().execute(async (trx) => {
    await insertUser(trx, user);
    await recordEvent(trx, ctx, {
      type: 'sign_up',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { method: proven.method },
    });
  });
  return user;
}

/**
 * Whether the account has ways in beyond a password: a second factor, a passkey, a provider.
 * Set up while nobody had proven its address, they are the stranger's part of a pre-registered
 * account (rule 6), and a mere verification of the address must not make them the owner's:
 * a verification followed outside a session of the account verifies such an account not.
 */
export async function hasWaysInBeyondPassword(db: Kysely<Database>, user: User): Promise<boolean> {
  if (user.twoFactorEnabled) return true;
  const [accounts, twoFactor, passkeys] = await Promise.all([
    findAccountsOfUser(db, user.id),
    findTwoFactorOfUser(db, user.id),
    listPasskeys(db, user.id),
  ]);
  return twoFactor !== null || passkeys.length > 0 || accounts.some((a) => a.providerId !== 'credential');
}

/**
 * Marks the address proven. When nobody had proven it before, whatever was set up on the
 * account until now goes first, in the same transaction (removeUnprovenAccess). Then the
 * owner hears of it, when there was anything to remove. Two proofs at once both remove and
 * both mark: the second finds nothing left, and repeats no harm.
 */
export async function claimProvenAddress(ctx: Ctx, user: User, method: MailboxProof): Promise<User> {
  if (user.emailVerified) return user;
  const now = ctx.deps.clock.now();
  const removed = await ctx.deps.db.transaction().execute((trx) => removeUnprovenAccess(trx, ctx, user, method));
  return afterClaim(ctx, user, removed, now);
}

/**
 * The part of a claim that runs inside the caller's transaction (a reset by link spends its
 * token, removes and sets the new password in one): every password and provider link, every
 * passkey, the second factor, every session, and every link, undo link or challenge issued
 * for the account go, the address is marked proven and the claim is recorded. Answers
 * whether there was anything to remove; the caller then calls afterClaim.
 */
export async function removeUnprovenAccess(
  trx: Kysely<Database>,
  ctx: Ctx,
  user: User,
  method: MailboxProof,
): Promise<boolean> {
  const now = ctx.deps.clock.now();
  const accounts = await findAccountsOfUser(trx, user.id);
  const sessions = await listActiveSessionsOfUser(trx, user.id, now);
  const twoFactor = await findTwoFactorOfUser(trx, user.id);
  const passkeys = await listPasskeys(trx, user.id);
  for (const account of accounts) await deleteAccount(trx, account.id);
  await deleteSessionsOfUser(trx, user.id);
  await deleteSecretsOfUser(trx, user.id);
  if (twoFactor) await deleteTwoFactorOfUser(trx, user.id);
  if (passkeys.length) await deletePasskeysOfUser(trx, user.id);
  await updateUserRow(trx, user.id, { emailVerified: true, twoFactorEnabled: false, updatedAt: now });
  await recordEvent(trx, ctx, {
    type: 'email.verified',
    actorUserId: user.id,
    targetType: 'user',
    targetId: user.id,
    details: {
      email: user.email,
      method,
      accountsRemoved: accounts.length,
      sessionsRevoked: sessions.length,
      twoFactorRemoved: twoFactor !== null,
      // not `passkeysRemoved`: the audit log drops detail keys that name a key or a secret
      webauthnCredentialsRemoved: passkeys.length,
    },
  });
  return (
    accounts.length > 0 || sessions.length > 0 || passkeys.length > 0 || twoFactor !== null || user.twoFactorEnabled
  );
}

/**
 * After the transaction of removeUnprovenAccess committed: cached session cookies of the
 * removed sessions are not believed any more (rule 11), and the owner is told when anything
 * went. Answers the user as the claim left it.
 */
export async function afterClaim(ctx: Ctx, user: User, removed: boolean, now: Date): Promise<User> {
  ctx.deps.revocations.revoke(user.id);
  const claimed: User = { ...user, emailVerified: true, twoFactorEnabled: false, updatedAt: now };
  if (removed) await tellOwner(ctx, claimed);
  return claimed;
}

/** The notice is not a reason to fail the sign-in: a mail that cannot go out is logged. */
async function tellOwner(ctx: Ctx, user: User): Promise<void> {
  try {
    await sendAccountMail(ctx, {
      to: user.email,
      kind: 'security-unproven-access-removed',
      user,
      vars: { email: user.email, url: webPageURL(ctx.deps.config, '/settings/profile') },
    });
  } catch (err) {
    ctx.deps.logger.error('could not send the unproven-access notice', { userId: user.id, error: err });
  }
}
