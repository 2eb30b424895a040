/**
 * Account settings (CONTRACT §6.4): enable, disable, get-totp-uri and
 * generate-backup-codes. Each needs the session and the account's password.
 */
import { twoFactor as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { announceChange, notify } from '../security-notices/index.ts';
import { requireSession } from '../session/index.ts';
import { findTwoFactorOfUser } from './repo.ts';
import {
  assertPassword,
  enrolTotp,
  ensureTwoFactorRecord,
  openSecret,
  regenerateBackupCodes,
  removeTwoFactor,
  rotateSession,
  setTwoFactorEnabled,
  twoFactorOptions,
  uriFor,
} from './service.ts';
import { forgetTrustedDevices } from './trust-device.ts';

const enable = defineEndpoint(rows.enable, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    await assertPassword(ctx, current.user, ctx.body.password ?? '');
    if (ctx.body.method === 'otp') {
      // the mailbox would hold both factors (factors.ts): only with the operator's opt-in
      if (!twoFactorOptions(ctx.deps).allowEmailOtpAlone)
        throw authError('EMAILED_CODES_CANNOT_BE_THE_ONLY_SECOND_FACTOR');
      await ensureTwoFactorRecord(ctx, current.user.id);
      const user = await setTwoFactorEnabled(ctx, current.user, true);
      await rotateSession(ctx, current, user);
      return { method: 'otp' };
    }
    // twoFactorEnabled stays as it is until a first code confirms the app (CONTRACT §10.11)
    const { totpURI, backupCodes } = await enrolTotp(ctx, current.user, ctx.body.issuer);
    return { method: 'totp', totpURI, backupCodes };
  },
});

const disable = defineEndpoint(rows.disable, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    await assertPassword(ctx, current.user, ctx.body.password ?? '');
    const removed = await findTwoFactorOfUser(ctx.deps.db, current.user.id);
    const user = await removeTwoFactor(ctx, current.user);
    await forgetTrustedDevices(ctx, user.id);
    await rotateSession(ctx, current, user);
    // a protection taken away: the person hears of it, with a link that turns it back on
    if (removed && current.user.twoFactorEnabled)
      await announceChange(ctx, user, {
        kind: 'two-factor-disabled',
        twoFactor: {
          secret: removed.secretEnvelope,
          backupCodes: removed.backupCodesEnvelope,
          verified: removed.verified,
        },
      });
    return { status: true };
  },
});

const getTotpUri = defineEndpoint(rows.getTotpUri, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    const record = await findTwoFactorOfUser(ctx.deps.db, current.user.id);
    if (!record) throw authError('TOTP_NOT_ENABLED');
    await assertPassword(ctx, current.user, ctx.body.password ?? '');
    // the configured issuer: one given to enable is not remembered (as in better-auth)
    return { totpURI: uriFor(ctx.deps, current.user, openSecret(ctx.deps, record)) };
  },
});

const generateBackupCodes = defineEndpoint(rows.generateBackupCodes, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    if (!current.user.twoFactorEnabled) throw authError('TWO_FACTOR_NOT_ENABLED');
    await assertPassword(ctx, current.user, ctx.body.password ?? '');
    const backupCodes = await regenerateBackupCodes(ctx, current.user.id);
    await notify(ctx, current.user, { kind: 'backup-codes' });
    return { status: true, backupCodes };
  },
});

export const manageEndpoints = [enable, disable, getTotpUri, generateBackupCodes];
