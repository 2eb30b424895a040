/**
 * Adding and managing passkeys (docs/passkeys.md). Adding one is adding a way into the
 * account (docs/security.md rules 3, 4, 7): a sign-in of the last
 * session.reauthenticationAge seconds, never an admin acting as the person, and a mail to
 * the verified address with a link that removes it and ends every session. Removing the
 * last one is refused while it is the only way in (no password, no linked provider).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateId } from '../../core/crypto/random.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { Database } from '../../core/db/schema.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps, RequestContext } from '../../core/http/context.ts';
import { CREDENTIAL_PROVIDER, findAccountsOfUser } from '../accounts/index.ts';
import { recordEvent } from '../audit/index.ts';
import { announceChange, notify } from '../security-notices/index.ts';
import type { SessionWithUser } from '../session/index.ts';
import type { User } from '../user/index.ts';
import {
  checkRegistration,
  type PasskeyOptions,
  type RegistrationBody,
  type RegistrationOptionsJSON,
  registrationOptions,
} from './ceremony.ts';
import { forgetChallenge, readChallenge, spendChallenge, storeChallenge } from './challenge.ts';
import { type PasskeyJson, passkeyToJson } from './model.ts';
import {
  deletePasskeyOfUser,
  findPasskeyOfUser,
  findPasskeysOfUser,
  insertPasskey,
  type Passkey,
  renamePasskey,
} from './repo.ts';

type Ctx = RequestContext<unknown, unknown>;

export function passkeyOptions(deps: AuthDeps): PasskeyOptions {
  const options = deps.config.plugins.passkey;
  // the routes are registered only with the plugin on (app.ts)
  if (!options) throw new Error('plugins.passkey is off');
  return options;
}

/**
 * The user handle the account's authenticators keep: one per account, so that an
 * authenticator asked again replaces its passkey for this account instead of adding one
 * (random, never the user id or address, WebAuthn §14.6.1).
 */
function userHandleOf(existing: readonly Passkey[]): Uint8Array<ArrayBuffer> {
  const known = existing.find((p) => p.webauthnUserID)?.webauthnUserID;
  return new Uint8Array(known ? Buffer.from(known, 'base64url') : randomBytes(32));
}

export async function startRegistration(
  ctx: Ctx,
  current: SessionWithUser,
  query: { authenticatorAttachment?: 'platform' | 'cross-platform' | undefined; name?: string | undefined },
): Promise<RegistrationOptionsJSON> {
  const { user } = current;
  const existing = await findPasskeysOfUser(ctx.deps.db, user.id);
  const options = await registrationOptions(passkeyOptions(ctx.deps), {
    userHandle: userHandleOf(existing),
    userName: query.name || user.email,
    displayName: user.name || user.email,
    existing,
    attachment: query.authenticatorAttachment,
  });
  await storeChallenge(ctx, {
    purpose: 'registration',
    challenge: options.challenge,
    userId: user.id,
    userHandle: options.user.id,
  });
  return options;
}

export async function finishRegistration(
  ctx: Ctx,
  current: SessionWithUser,
  input: { response: RegistrationBody; name?: string | undefined },
): Promise<PasskeyJson> {
  const { db, clock, logger } = ctx.deps;
  const { user } = current;
  const challenge = await readChallenge(ctx, 'registration');
  // options made for one account do not add a passkey to another (a shared browser, a switched session)
  if (challenge.value.userId !== user.id) throw authError('YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY');
  const checked = await checkRegistration(passkeyOptions(ctx.deps), {
    response: input.response,
    expectedChallenge: challenge.value.challenge,
  });
  if (!checked.ok) {
    logger.info('passkey registration refused', { userId: user.id, reason: checked.reason });
    throw authError('FAILED_TO_VERIFY_REGISTRATION');
  }
  const passkey: Passkey = {
    id: generateId(),
    name: input.name ?? null,
    userId: user.id,
    ...checked.passkey,
    createdAt: clock.now(),
    webauthnUserID: challenge.value.userHandle ?? null,
    lastUsedAt: null,
  };
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await spendChallenge(trx, challenge))) throw authError('CHALLENGE_NOT_FOUND');
      await insertPasskey(trx, passkey);
      await recordEvent(trx, ctx, {
        type: 'passkey.added',
        actorUserId: user.id,
        targetType: 'user',
        targetId: user.id,
        details: { credential: passkey.id, deviceType: passkey.deviceType, backedUp: passkey.backedUp },
      });
    });
  } catch (err) {
    // the same authenticator registered already, here or for another account
    if (isUniqueViolation(err)) throw authError('PREVIOUSLY_REGISTERED');
    throw err;
  }
  forgetChallenge(ctx);
  await announceChange(ctx, user, { kind: 'passkey-added', passkeyId: passkey.id });
  return passkeyToJson(passkey);
}

export async function listPasskeys(db: Kysely<Database>, userId: string): Promise<PasskeyJson[]> {
  return (await findPasskeysOfUser(db, userId)).map(passkeyToJson);
}

export async function renameUserPasskey(ctx: Ctx, user: User, id: string, name: string): Promise<PasskeyJson> {
  const { db } = ctx.deps;
  const passkey = await findPasskeyOfUser(db, user.id, id);
  if (!passkey) throw authError('PASSKEY_NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    await renamePasskey(trx, passkey.id, name);
    await recordEvent(trx, ctx, {
      type: 'passkey.renamed',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { credential: passkey.id },
    });
  });
  return passkeyToJson({ ...passkey, name });
}

/** Whether the account has a way in besides its passkeys: a password, or a linked provider. */
async function hasOtherWayIn(db: Kysely<Database>, userId: string): Promise<boolean> {
  const accounts = await findAccountsOfUser(db, userId);
  return accounts.some((a) => a.providerId !== CREDENTIAL_PROVIDER || a.password !== null);
}

export async function deleteUserPasskey(ctx: Ctx, user: User, id: string): Promise<void> {
  await ctx.deps.db.transaction().execute(async (trx) => {
    // the user's passkeys are locked until this commits: two deletions of the last two wait for each other
    const passkeys = await findPasskeysOfUser(trx, user.id, { lock: ctx.deps.dialect !== 'sqlite' });
    const target = passkeys.find((p) => p.id === id);
    if (!target) throw authError('PASSKEY_NOT_FOUND');
    if (passkeys.length === 1 && !(await hasOtherWayIn(trx, user.id)))
      throw authError('CANNOT_DELETE_THE_ONLY_WAY_TO_SIGN_IN');
    await deletePasskeyOfUser(trx, user.id, target.id);
    await recordEvent(trx, ctx, {
      type: 'passkey.removed',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { credential: target.id },
    });
  });
  await notify(ctx, user, { kind: 'passkey-removed' });
}
