/**
 * The email-verification step of the sign-in pipeline: with requireEmailVerification an
 * unverified account gets no session (403 EMAIL_NOT_VERIFIED), after the verification
 * mail is sent again when sendOnSignIn is set.
 */
import { authError } from '../../core/errors.ts';
import type { SignInCheck } from '../sign-in/index.ts';
import { sendVerificationMail } from './service.ts';

export const emailVerificationCheck: SignInCheck = {
  name: 'email-verification',
  // not the verification link itself (it proves the address), nor a second step of an
  // attempt that passed this check, nor a session that exists already
  appliesTo: ['password', 'username', 'sign-up', 'social', 'id-token', 'passkey'],
  async run(ctx, { user, callbackURL }) {
    const { config, logger } = ctx.deps;
    if (!config.emailAndPassword.requireEmailVerification || user.emailVerified) return null;
    if (config.emailVerification.sendOnSignIn) {
      try {
        await sendVerificationMail(ctx, user, callbackURL);
      } catch (err) {
        logger.error('could not re-send the verification mail on sign-in', { userId: user.id, error: err });
      }
    }
    throw authError('EMAIL_NOT_VERIFIED');
  },
};
