/**
 * Enrolment and management: the TOTP secret and backup codes (encrypted at rest),
 * turning two-factor on and off, and the session rotation that follows a change of
 * the account's security level.
 */
import { createEncrypter, type Encrypter } from '../../core/crypto/encryption.ts';
import { generateId, randomString, URL_SAFE } from '../../core/crypto/random.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps, RequestContext } from '../../core/http/context.ts';
import { recordEvent } from '../audit/index.ts';
import { checkPasswordInSession } from '../credentials/index.ts';
import { notify } from '../security-notices/index.ts';
import type { SessionWithUser } from '../session/index.ts';
import { replaceCurrentSession } from '../sign-in/index.ts';
import { findUserById, type User, updateUserRow } from '../user/index.ts';
import { generateBackupCodes, parseBackupCodes } from './backup-codes.ts';
import {
  deleteTwoFactorOfUser,
  findTwoFactorOfUser,
  insertTwoFactor,
  type TwoFactorRecord,
  updateTwoFactor,
} from './repo.ts';
import { totpURI } from './totp.ts';

type Ctx = RequestContext<unknown, unknown>;

export type TwoFactorOptions = Exclude<AuthDeps['config']['plugins']['twoFactor'], false>;

export function twoFactorOptions(deps: AuthDeps): TwoFactorOptions {
  const options = deps.config.plugins.twoFactor;
  if (!options) throw authError('NOT_FOUND');
  return options;
}

// One key per purpose (HKDF inside createEncrypter): a leaked backup-code key opens no secret.
const encrypters = new WeakMap<AuthDeps, { secret: Encrypter; backupCodes: Encrypter }>();

function encryptersOf(deps: AuthDeps): { secret: Encrypter; backupCodes: Encrypter } {
  let e = encrypters.get(deps);
  if (!e) {
    e = {
      secret: createEncrypter(deps.config.secret, 'two-factor-secret'),
      backupCodes: createEncrypter(deps.config.secret, 'two-factor-backup-codes'),
    };
    encrypters.set(deps, e);
  }
  return e;
}

/** The HMAC key of the TOTP: the UTF-8 bytes of the stored secret (CONTRACT §6.4). */
export function openSecret(deps: AuthDeps, record: TwoFactorRecord): Buffer {
  return Buffer.from(encryptersOf(deps).secret.decrypt(record.secretEnvelope), 'utf8');
}

export function openBackupCodes(deps: AuthDeps, record: TwoFactorRecord): string[] {
  return parseBackupCodes(encryptersOf(deps).backupCodes.decrypt(record.backupCodesEnvelope));
}

export function sealBackupCodes(deps: AuthDeps, codes: readonly string[]): string {
  return encryptersOf(deps).backupCodes.encrypt(JSON.stringify(codes));
}

/** 32 characters of [A-Za-z0-9_-] (192 bits), as better-auth generates it. */
function newSecretEnvelope(deps: AuthDeps): { key: Buffer; envelope: string } {
  const secret = randomString(32, URL_SAFE);
  return { key: Buffer.from(secret, 'utf8'), envelope: encryptersOf(deps).secret.encrypt(secret) };
}

export function uriFor(deps: AuthDeps, user: User, key: Buffer, issuer?: string): string {
  return totpURI({ issuer: issuer || twoFactorOptions(deps).issuer, account: user.email, key });
}

/** Password confirmation for every management endpoint; social-only users have none. */
export async function assertPassword(ctx: Ctx, user: User, password: string): Promise<void> {
  if (!password || !(await checkPasswordInSession(ctx, user, password))) throw authError('INVALID_PASSWORD');
}

/**
 * A new (unverified) TOTP enrolment: a fresh secret and backup codes replace any earlier
 * unconfirmed ones. A lockout in force stays in force.
 */
export async function enrolTotp(
  ctx: Ctx,
  user: User,
  issuer: string | undefined,
): Promise<{ totpURI: string; backupCodes: string[] }> {
  const { deps } = ctx;
  const existing = await findTwoFactorOfUser(deps.db, user.id);
  if (existing?.verified) throw authError('TOTP_ALREADY_ENABLED');
  const { key, envelope } = newSecretEnvelope(deps);
  const backupCodes = generateBackupCodes(twoFactorOptions(deps).backupCodeCount);
  const backupCodesEnvelope = sealBackupCodes(deps, backupCodes);
  if (existing) {
    await updateTwoFactor(deps.db, existing.id, { secretEnvelope: envelope, backupCodesEnvelope, verified: false });
  } else {
    await insertTwoFactor(deps.db, {
      id: generateId(),
      userId: user.id,
      secretEnvelope: envelope,
      backupCodesEnvelope,
      verified: false,
    });
  }
  return { totpURI: uriFor(deps, user, key, issuer), backupCodes };
}

/**
 * Emailed codes need no enrolment: the row is created (unverified, so "totp" is not
 * offered) only to hold backup codes and the lockout counters.
 */
export async function ensureTwoFactorRecord(ctx: Ctx, userId: string): Promise<void> {
  const { deps } = ctx;
  if (await findTwoFactorOfUser(deps.db, userId)) return;
  await insertTwoFactor(deps.db, {
    id: generateId(),
    userId,
    secretEnvelope: newSecretEnvelope(deps).envelope,
    backupCodesEnvelope: sealBackupCodes(deps, generateBackupCodes(twoFactorOptions(deps).backupCodeCount)),
    verified: false,
  });
}

export async function regenerateBackupCodes(ctx: Ctx, userId: string): Promise<string[]> {
  const record = await findTwoFactorOfUser(ctx.deps.db, userId);
  if (!record) throw authError('TWO_FACTOR_NOT_ENABLED');
  const codes = generateBackupCodes(twoFactorOptions(ctx.deps).backupCodeCount);
  await ctx.deps.db.transaction().execute(async (trx) => {
    await updateTwoFactor(trx, record.id, { backupCodesEnvelope: sealBackupCodes(ctx.deps, codes) });
    // that they were regenerated, never the codes
    await recordEvent(trx, ctx, {
      type: 'two_factor.backup_codes_regenerated',
      actorUserId: userId,
      targetType: 'user',
      targetId: userId,
    });
  });
  return codes;
}

export async function setTwoFactorEnabled(ctx: Ctx, user: User, enabled: boolean): Promise<User> {
  const now = ctx.deps.clock.now();
  const changed = enabled !== Boolean(user.twoFactorEnabled);
  await ctx.deps.db.transaction().execute(async (trx) => {
    await updateUserRow(trx, user.id, { twoFactorEnabled: enabled, updatedAt: now });
    if (changed)
      await recordEvent(trx, ctx, {
        type: enabled ? 'two_factor.enabled' : 'two_factor.disabled',
        actorUserId: user.id,
        targetType: 'user',
        targetId: user.id,
      });
  });
  const updated = (await findUserById(ctx.deps.db, user.id)) ?? { ...user, twoFactorEnabled: enabled, updatedAt: now };
  if (enabled && !user.twoFactorEnabled) await notify(ctx, updated, { kind: 'two-factor-enabled' });
  return updated;
}

export async function removeTwoFactor(ctx: Ctx, user: User): Promise<User> {
  await deleteTwoFactorOfUser(ctx.deps.db, user.id);
  return setTwoFactorEnabled(ctx, user, false);
}

/**
 * A new session replaces the current one after the account's second factor changes,
 * so a token captured before the change is worth nothing after it (OWASP ASVS 3.3.3).
 */
export async function rotateSession(
  ctx: Ctx,
  current: SessionWithUser,
  user: User,
  opts: { secondFactor?: boolean } = {},
): Promise<string> {
  return (await replaceCurrentSession(ctx, current, user, 'rotation', opts)).token;
}

/**
 * Puts back an enrolment that was turned off (the undo of a security notice): the stored
 * secret and backup codes as they were, and two-factor on. An enrolment made since wins.
 */
export async function restoreTwoFactor(
  db: AuthDeps['db'],
  userId: string,
  removed: { secret: string; backupCodes: string; verified: boolean },
  now: Date,
): Promise<void> {
  if (await findTwoFactorOfUser(db, userId)) return;
  await insertTwoFactor(db, {
    id: generateId(),
    userId,
    secretEnvelope: removed.secret,
    backupCodesEnvelope: removed.backupCodes,
    verified: removed.verified,
  });
  await updateUserRow(db, userId, { twoFactorEnabled: true, updatedAt: now });
}
