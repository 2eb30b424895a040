/**
 * A passkey as the second factor of a sign-in challenge (issue 15 item 1; docs/passkeys.md):
 * the same verification context, tries and lockout as a code (challenge.ts), with the
 * assertion checked by the passkey feature. User verification is not required here: the
 * password was the first factor, the passkey's possession is the second. Inside a session the
 * same assertion is a step-up: the session is replaced by one that proved a second factor now.
 */
import { twoFactor as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { checkSecondFactor, hasPasskey, startSecondFactor } from '../passkey/index.ts';
import { completeVerification, failVerification, guardVerification, resolveVerifier } from './challenge.ts';

const generatePasskeyOptions = defineEndpoint(rows.generatePasskeyOptions, {
  async handler(ctx) {
    const v = await resolveVerifier(ctx);
    if (!(await hasPasskey(ctx, v.user.id))) throw authError('PASSKEY_NOT_FOUND');
    return startSecondFactor(ctx, v.user.id);
  },
});

const verifyPasskey = defineEndpoint(rows.verifyPasskey, {
  async handler(ctx) {
    const v = await resolveVerifier(ctx);
    if (!(await hasPasskey(ctx, v.user.id))) throw authError('PASSKEY_NOT_FOUND');
    // a try of the challenge and of the account, taken before the assertion is looked at
    await guardVerification(ctx, v);
    if (!(await checkSecondFactor(ctx, v.user.id, ctx.body.response)))
      return failVerification(ctx, v, authError('AUTHENTICATION_FAILED'));
    // in a session: the step-up of admin actions (docs/admin.md)
    return completeVerification(ctx, v, { trustDevice: ctx.body.trustDevice, stepUp: 'passkey' });
  },
});

export const passkeyFactorEndpoints = [generatePasskeyOptions, verifyPasskey];
