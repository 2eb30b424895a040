/**
 * How verification joins sign-up: the mail on sign-up (sendOnSignUp). The refusal of an
 * unverified sign-in is a step of the sign-in pipeline (sign-in-check.ts).
 */
import type { AuthDeps } from '../../core/http/context.ts';
import { registerSignUpExtension } from '../credentials/index.ts';
import {
  bindVerifyingBrowser,
  deleteExpiredEmailTokens,
  mailVerificationLink,
  storeVerificationToken,
} from './service.ts';

export function registerEmailVerification(deps: AuthDeps): void {
  const { config, logger } = deps;
  registerSignUpExtension(deps, {
    // Every sign-up that mails a link binds the browser (service.ts, bindVerifyingBrowser), here,
    // before anyone knows whether the address is taken: a taken address, answered with a
    // look-alike user when sign-up must not tell, gets the same cookie as a new one.
    prepare(ctx) {
      if (config.emailVerification.sendOnSignUp) bindVerifyingBrowser(ctx);
      return {};
    },
    // the link's row commits with the account (one commit instead of two); the mail goes after it
    async withinCreate(trx, ctx, user, { callbackURL }) {
      if (!config.emailVerification.sendOnSignUp) return undefined;
      const issued = await storeVerificationToken(ctx, user, trx, bindVerifyingBrowser(ctx));
      return async () => {
        // the account exists either way; a failed mail is logged and the user can ask for another link
        const sending = mailVerificationLink(ctx, user, issued, callbackURL).catch((err: unknown) =>
          logger.error('sign-up succeeded but the verification mail was not sent', { userId: user.id, error: err }),
        );
        const cleanup = deleteExpiredEmailTokens(ctx).catch((err: unknown) =>
          logger.warn('could not remove expired verification links; the sweep will', { error: err }),
        );
        // When sign-up must not reveal whether an address is taken (a taken one is answered at once with a
        // look-alike user), waiting for the SMTP server here would: the mail goes out in the background.
        const { requireEmailVerification, autoSignIn } = config.emailAndPassword;
        if (requireEmailVerification || !autoSignIn) return;
        await Promise.all([sending, cleanup]);
      };
    },
  });
}
