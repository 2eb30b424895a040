/** POST /send-verification-email and GET /verify-email (CONTRACT §4.9, §4.10). */
import { emailVerification as rows } from '@latch/contract';
import { AuthError, authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { webPageURL } from '../../core/http/page-url.ts';
import { limitAccount } from '../../core/http/rate-limit/index.ts';
import { getCurrentSession } from '../session/index.ts';
import { findUserByEmail, userToJson } from '../user/index.ts';
import {
  asksBeforeVerifying,
  bindVerifyingBrowser,
  claimByVerifyLink,
  describeVerifyLink,
  followEmailToken,
  sendVerificationMail,
} from './service.ts';
import { answerInFixedTime, appendQuery } from './urls.ts';

/** Without a session the answer takes at least this long, whoever the address belongs to. */
const ANONYMOUS_SEND_MINIMUM_MS = 500;

const sendVerificationEmail = defineEndpoint(rows.sendVerificationEmail, {
  async handler(ctx) {
    const { email, callbackURL } = ctx.body;
    // per address, whoever asks and from wherever: an inbox is not flooded through rotating IPs
    await limitAccount(ctx, email);
    const current = await getCurrentSession(ctx, { disableCookieCache: true });
    if (!current) {
      // every asking browser gets its binding, before the timed work (which may outlast the
      // answer), whether or not a mail goes: the cookie tells nothing about the address
      const browser = bindVerifyingBrowser(ctx);
      // the same answer, in the same time, for unknown, verified and unverified addresses (a
      // slower mail follows the answer)
      await answerInFixedTime(ctx.deps.logger, ANONYMOUS_SEND_MINIMUM_MS, 'a verification mail', async () => {
        const user = await findUserByEmail(ctx.deps.db, email);
        if (!user || user.emailVerified) return;
        try {
          await sendVerificationMail(ctx, user, callbackURL, browser);
        } catch (err) {
          // a failure said out loud would tell a stranger the address has an unverified
          // account (CONTRACT §4.9): logged (a failed delivery already was, its token withdrawn)
          if (!(err instanceof AuthError && err.code === 'FAILED_TO_CREATE_VERIFICATION'))
            ctx.deps.logger.error('could not send the verification mail', { userId: user.id, error: err });
        }
      });
      return { status: true };
    }
    if (current.user.email.toLowerCase() !== email) throw authError('EMAIL_MISMATCH');
    if (current.user.emailVerified) throw authError('EMAIL_ALREADY_VERIFIED');
    await sendVerificationMail(ctx, current.user, callbackURL, bindVerifyingBrowser(ctx));
    return { status: true };
  },
});

const verifyEmail = defineEndpoint(rows.verifyEmail, {
  async handler(ctx) {
    const { token, callbackURL } = ctx.query;
    try {
      // an unproven password-only account's link, opened in a browser that did not ask for it:
      // the web app asks whether the person set the account up, before anything is spent
      if (await asksBeforeVerifying(ctx, token)) {
        return ctx.redirect(
          webPageURL(ctx.deps.config, '/confirm-email', { token, ...(callbackURL ? { callbackURL } : {}) }),
        );
      }
      const result = await followEmailToken(ctx, token, callbackURL);
      if (callbackURL) return ctx.redirect(callbackURL);
      return { status: true, user: result.user ? userToJson(result.user) : null };
    } catch (err) {
      if (err instanceof AuthError && callbackURL) {
        // the spec's redirect values are the codes in lower case: invalid_token, token_expired, …
        return ctx.redirect(appendQuery(callbackURL, { error: err.code.toLowerCase() }));
      }
      throw err;
    }
  },
});

const describeVerification = defineEndpoint(rows.describeVerification, {
  handler: (ctx) => describeVerifyLink(ctx, ctx.body.token),
});

const confirmVerification = defineEndpoint(rows.confirmVerification, {
  async handler(ctx) {
    const { token, callbackURL, mine } = ctx.body;
    if (!mine) {
      await claimByVerifyLink(ctx, token);
      return { redirect: null };
    }
    // verified, never signed in: this browser did not ask for the link
    await followEmailToken(ctx, token, callbackURL, false);
    return { redirect: callbackURL || '/' };
  },
});

export const emailVerificationEndpoints = [
  sendVerificationEmail,
  verifyEmail,
  describeVerification,
  confirmVerification,
];
