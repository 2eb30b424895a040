/**
 * How verification joins the credential flows: the mail on sign-up (sendOnSignUp) and
 * the refusal of an unverified sign-in (requireEmailVerification, re-sending the mail
 * first with sendOnSignIn).
 */
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { registerSignInExtension, registerSignUpExtension } from '../credentials/index.ts';
import { sendVerificationMail } from './service.ts';

export function registerEmailVerification(deps: AuthDeps): void {
  const { config, logger } = deps;
  registerSignUpExtension(deps, {
    async afterCreate(ctx, user, { callbackURL }) {
      if (!config.emailVerification.sendOnSignUp) return;
      // the account exists either way; a failed mail is logged and the user can ask for another link
      const sending = sendVerificationMail(ctx, user, callbackURL).catch((err: unknown) =>
        logger.error('sign-up succeeded but the verification mail was not sent', { userId: user.id, error: err }),
      );
      // When sign-up must not reveal whether an address is taken (a taken one is answered at once with a
      // look-alike user), waiting for the SMTP server here would: the mail goes out in the background.
      const { requireEmailVerification, autoSignIn } = config.emailAndPassword;
      if (requireEmailVerification || !autoSignIn) return;
      await sending;
    },
  });
  registerSignInExtension(deps, {
    async check(ctx, user) {
      if (!config.emailAndPassword.requireEmailVerification || user.emailVerified) return;
      if (config.emailVerification.sendOnSignIn) {
        const body = ctx.body as { callbackURL?: unknown } | undefined;
        const callbackURL = typeof body?.callbackURL === 'string' ? body.callbackURL : undefined;
        try {
          await sendVerificationMail(ctx, user, callbackURL);
        } catch (err) {
          logger.error('could not re-send the verification mail on sign-in', { userId: user.id, error: err });
        }
      }
      throw authError('EMAIL_NOT_VERIFIED');
    },
  });
}
