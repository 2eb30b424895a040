/**
 * The email-verification step of the sign-in pipeline: with requireEmailVerification an
 * unverified account gets no session (403 EMAIL_NOT_VERIFIED), after the verification
 * mail is sent again when sendOnSignIn is set.
 */
import { authError } from '../../core/errors.ts';
import { bindingHeaders } from '../../core/http/browser-binding.ts';
import type { SignInCheck } from '../sign-in/index.ts';
import { bindVerifyingBrowser, sendVerificationMail } from './service.ts';

export const emailVerificationCheck: SignInCheck = {
  name: 'email-verification',
  // not the verification link itself (it proves the address), nor a second step of an
  // attempt that passed this check, nor a session that exists already
  appliesTo: ['password', 'username', 'sign-up', 'social', 'id-token', 'passkey'],
  async run(ctx, { user, method, callbackURL }) {
    const { config, logger } = ctx.deps;
    if (!config.emailAndPassword.requireEmailVerification || user.emailVerified) return null;
    if (!config.emailVerification.sendOnSignIn) throw authError('EMAIL_NOT_VERIFIED');
    // The link is bound to the browser that signed in (service.ts, bindVerifyingBrowser), but
    // not from a provider's callback: that is a navigation another site makes (its state
    // cookie ties it to the browser that started, yet the binding is set only by requests
    // another site cannot make at all); such a link signs in only through an API client.
    const browser = method === 'social' ? undefined : bindVerifyingBrowser(ctx);
    try {
      await sendVerificationMail(ctx, user, callbackURL, browser);
    } catch (err) {
      logger.error('could not re-send the verification mail on sign-in', { userId: user.id, error: err });
    }
    // the refusal carries the binding's cookie: a failing request's own cookies are not sent
    throw authError('EMAIL_NOT_VERIFIED', { headers: browser ? bindingHeaders(ctx) : {} });
  },
};
