/** POST /sign-in/magic-link and GET /magic-link/verify (better-auth's `magic-link` plugin). */
import { magicLink as rows } from '@latch/contract';
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import { AuthError } from '../../core/errors.ts';
import { bindBrowser, followsWithoutBinding } from '../../core/http/browser-binding.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { webPageURL } from '../../core/http/page-url.ts';
import { limitAccount } from '../../core/http/rate-limit/index.ts';
import { checkRedirectTargets } from '../../core/http/request-checks.ts';
import { answerInFixedTime, appendQuery } from '../email-verification/index.ts';
import { sessionToJson } from '../session/index.ts';
import { userToJson } from '../user/index.ts';
import { checkMagicLink, describeMagicLink, type FollowedLink, followMagicLink, sendMagicLink } from './service.ts';

/** Known and unknown addresses answer alike, in the same time (a slower mail follows the answer). */
const SEND_MINIMUM_MS = 500;

const signInMagicLink = defineEndpoint(rows.signInMagicLink, {
  async handler(ctx) {
    // per address, whoever asks and from wherever: a mailbox is not flooded through rotating IPs
    await limitAccount(ctx, ctx.body.email);
    // every asking browser gets its binding, whether or not the address has an account
    const browser = bindBrowser(
      ctx,
      ctx.deps.config.plugins.magicLink ? ctx.deps.config.plugins.magicLink.expiresIn : 0,
    );
    await answerInFixedTime(ctx.deps.logger, SEND_MINIMUM_MS, 'a magic link', () =>
      sendMagicLink(ctx, { ...ctx.body, browser }),
    );
    return { status: true } as const;
  },
});

const magicLinkVerify = defineEndpoint(rows.magicLinkVerify, {
  async handler(ctx) {
    // the router checks the query's callbackURL; this link's two other targets are checked here, before any work
    checkRedirectTargets(ctx.query, 'query', ctx.deps.config, ['errorCallbackURL', 'newUserCallbackURL']);
    const { token, callbackURL, errorCallbackURL, newUserCallbackURL } = ctx.query;
    try {
      const link = await checkMagicLink(ctx, token);
      // A browser that did not ask for the link (the mail opened on another device, or a hostile
      // page sending the browser to the attacker's own link, or showing it as an image) is shown a
      // page that names the account and asks; the link stays unspent until the person confirms
      // there. Only an API client or a trusted origin's fetch follows it at once (browser-binding.ts).
      if (!link.askedHere && !followsWithoutBinding(ctx)) {
        return ctx.redirect(
          webPageURL(ctx.deps.config, '/magic-link', {
            token,
            callbackURL: callbackURL || '/',
            ...(newUserCallbackURL ? { newUserCallbackURL } : {}),
          }),
        );
      }
      const followed = await followMagicLink(ctx, link);
      if (!callbackURL) {
        if (followed.kind === 'challenge') return followed.answer;
        return { token: followed.token, user: userToJson(followed.user), session: sessionToJson(followed.session) };
      }
      return ctx.redirect(nextPage(ctx.deps.config, followed, callbackURL, newUserCallbackURL));
    } catch (err) {
      // as better-auth: the refusal goes to errorCallbackURL (else callbackURL) as ?error=<CODE>
      const target = errorCallbackURL || callbackURL;
      if (err instanceof AuthError && target) return ctx.redirect(appendQuery(target, { error: err.code }));
      throw err;
    }
  },
});

// the page is opened after GET /magic-link/verify checked the link and recorded any refusal
const describeLink = defineEndpoint(rows.describeMagicLink, {
  handler: (ctx) => describeMagicLink(ctx, ctx.body.token),
});

const confirmLink = defineEndpoint(rows.confirmMagicLink, {
  async handler(ctx) {
    const { token, callbackURL, newUserCallbackURL } = ctx.body;
    const followed = await followMagicLink(ctx, await checkMagicLink(ctx, token));
    const redirect = nextPage(ctx.deps.config, followed, callbackURL || '/', newUserCallbackURL);
    return { redirect, twoFactorRedirect: followed.kind === 'challenge' };
  },
});

/** Where a followed link goes: the new account's target or callbackURL, via the second factor when on. */
function nextPage(
  config: ResolvedConfig,
  followed: FollowedLink,
  callbackURL: string,
  newUserCallbackURL: string | undefined,
): string {
  const next = followed.isNew && newUserCallbackURL ? newUserCallbackURL : callbackURL;
  // two-factor on: the browser finishes at the challenge page, which goes on to `next`
  return followed.kind === 'challenge' ? challengePageURL(config, next) : next;
}

/**
 * The web app's two-factor page, told where to go afterwards: `next` is passed as a path
 * when it is on this origin (the page only follows same-origin paths), else the page goes home.
 */
function challengePageURL(config: ResolvedConfig, next: string): string {
  const target = new URL(next, `${config.origin}/`);
  const query: Record<string, string> =
    target.origin === config.origin ? { next: `${target.pathname}${target.search}${target.hash}` } : {};
  return webPageURL(config, '/two-factor', query);
}

export const magicLinkEndpoints = [signInMagicLink, magicLinkVerify, describeLink, confirmLink];
