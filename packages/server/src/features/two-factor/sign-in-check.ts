/**
 * The second-factor step of the sign-in pipeline: an account with two-factor on gets no
 * session from a first factor alone. A browser the person trusted goes through (its trust
 * rotated); any other gets the challenge, whatever the first factor was (password,
 * username, a provider, an ID token, a magic link or an emailed code; after the last two the
 * challenge offers no code by mail). The second step (routes-verify.ts) grants the
 * session through the same pipeline with `secondFactor: true`.
 */
import type { SignInCheck } from '../sign-in/index.ts';
import { startChallenge } from './challenge.ts';
import { useTrustedDevice } from './trust-device.ts';

export const secondFactorCheck: SignInCheck = {
  name: 'second-factor',
  appliesTo: ['password', 'username', 'social', 'id-token', 'email-verification', 'magic-link', 'email-otp'],
  async run(ctx, attempt) {
    if (attempt.secondFactor || !attempt.user.twoFactorEnabled || !ctx.deps.config.plugins.twoFactor) return null;
    // an automatic sign-in that would need a challenge simply does not happen (and starts nothing)
    if (attempt.challenge === 'skip') return { challenge: { twoFactorRedirect: true, twoFactorMethods: [] } };
    if (await useTrustedDevice(ctx, attempt.user.id)) return null;
    // the mailbox was the first factor: the challenge does not offer a code by mail (factors stand alone)
    const firstFactorByMail = attempt.method === 'magic-link' || attempt.method === 'email-otp';
    return { challenge: await startChallenge(ctx, attempt.user, attempt.dontRemember ?? false, { firstFactorByMail }) };
  },
};
