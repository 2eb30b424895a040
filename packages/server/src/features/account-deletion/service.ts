/**
 * Account deletion (CONTRACT §4.16, spec §4): immediate with the password, or with a session
 * that is both fresh (freshAge) and recent (a sign-in of the last session.reauthenticationAge
 * seconds, docs/security.md rule 3: a cookie copied an hour ago is still fresh), otherwise through a 32-character `[0-9a-z]` token mailed to the user and
 * confirmed at GET /delete-user/callback by the same signed-in user. The token is stored
 * only as a SHA-256 hash (`delete-account:<hash>` → userId). The deletion itself, and the
 * spending of the token, happen in one transaction.
 */
import { LOWER_ALPHANUMERIC, randomString } from '../../core/crypto/random.ts';
import {
  consumeTokenById,
  deleteExpiredTokens,
  deleteTokenById,
  findToken,
  storeToken,
} from '../../core/db/verification-store.ts';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { sendAccountMail } from '../../core/mail/account-mail.ts';
import { MailDeliveryError } from '../../core/mail/transport.ts';
import { findCredentialAccount } from '../accounts/index.ts';
import { recordEvent } from '../audit/index.ts';
import { assertNotTooLong, checkPasswordInSession } from '../credentials/index.ts';
import { apiURL } from '../email-verification/index.ts';
import { clearSessionCookies, isFresh, isRecent, type SessionWithUser } from '../session/index.ts';
import { deleteUserAndDependents } from './repo.ts';

type Ctx = RequestContext<unknown, unknown>;

const DELETE_TOKEN_LENGTH = 32;
/** Expired rows linger a day (a late click still reads "invalid"), then the next request removes them. */
const CLEANUP_GRACE_SECONDS = 86_400;

export type DeletionOutcome = 'deleted' | 'verification-sent';

export interface DeleteRequest {
  password?: string | undefined;
  token?: string | undefined;
  callbackURL?: string | undefined;
}

export async function requestDeletion(
  ctx: Ctx,
  current: SessionWithUser,
  input: DeleteRequest,
): Promise<DeletionOutcome> {
  const { config, db, clock } = ctx.deps;
  if (!config.user.deleteUser.enabled) throw authError('DELETE_USER_DISABLED');
  const user = current.user;

  if (input.password !== undefined) {
    assertNotTooLong(input.password, config);
    const account = await findCredentialAccount(db, user.id);
    if (!account?.password) throw authError('CREDENTIAL_ACCOUNT_NOT_FOUND');
    if (!(await checkPasswordInSession(ctx, user, input.password))) throw authError('INVALID_PASSWORD');
    await deleteNow(ctx, user.id);
    return 'deleted';
  }
  if (input.token !== undefined) {
    await deleteWithToken(ctx, user.id, input.token);
    return 'deleted';
  }
  // without the password, only a sign-in of the last minutes deletes at once (the contract's
  // fresh session, narrowed by Latch's recent one): a copied or forgotten cookie has the mailbox decide
  const now = clock.now();
  if (isFresh(current.session, ctx.deps, now) && isRecent(current.session, ctx.deps, now)) {
    await deleteNow(ctx, user.id);
    return 'deleted';
  }

  // a stale session alone is not enough (it may be a forgotten tab, or a copy): ask the mailbox
  await deleteExpiredTokens(db, 'delete-account', now, CLEANUP_GRACE_SECONDS);
  const token = randomString(DELETE_TOKEN_LENGTH, LOWER_ALPHANUMERIC);
  const expiresInSeconds = config.user.deleteUser.deleteTokenExpiresIn;
  const id = await storeToken(db, { purpose: 'delete-account', token, value: user.id, now, expiresInSeconds });
  const url = apiURL(config, '/delete-user/callback', { token, callbackURL: input.callbackURL || '/' });
  try {
    await sendAccountMail(ctx, { to: user.email, kind: 'delete-account', user, vars: { url, expiresInSeconds } });
  } catch (err) {
    await deleteTokenById(db, id);
    if (!(err instanceof MailDeliveryError)) throw err;
    ctx.deps.logger.error('could not send the account-deletion mail', { userId: user.id, error: err });
    throw authError('FAILED_TO_CREATE_VERIFICATION');
  }
  return 'verification-sent';
}

/** Spends a deletion token of this user and deletes them; anything else is 404 INVALID_TOKEN. */
export async function deleteWithToken(ctx: Ctx, userId: string, token: string): Promise<void> {
  const { db, clock } = ctx.deps;
  const stored = token.length <= 256 ? await findToken(db, 'delete-account', token) : null;
  if (!stored || stored.value !== userId || stored.expiresAt <= clock.now()) throw invalidToken();
  await deleteNow(ctx, userId, stored.id);
}

async function deleteNow(ctx: Ctx, userId: string, tokenId?: string): Promise<void> {
  const { actedAs } = await ctx.deps.db.transaction().execute(async (trx) => {
    if (tokenId !== undefined && !(await consumeTokenById(trx, tokenId))) throw invalidToken();
    const removed = await deleteUserAndDependents(trx, userId);
    await recordEvent(trx, ctx, {
      type: 'user.deleted',
      actorUserId: userId,
      targetType: 'user',
      targetId: userId,
      details: { confirmedBy: tokenId === undefined ? 'session' : 'link' },
    });
    return removed;
  });
  ctx.deps.revocations.revoke(userId);
  // an admin who deletes their own account stops acting as anyone
  for (const other of actedAs) ctx.deps.revocations.revoke(other);
  clearSessionCookies(ctx);
}

function invalidToken() {
  return authError('INVALID_TOKEN', { status: 404 });
}
