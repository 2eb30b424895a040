/**
 * The optional "new sign-in" notice (security.newSignInNotification): a browser that has
 * not signed in to this account before gets a mark in a long-lived cookie, and the person
 * a mail saying from where. The mark is an HMAC of the user id, so the cookie tells nobody
 * who signed in there; it keeps the marks of the last few accounts used in that browser.
 */
import { hmacSha256 } from '../../core/crypto/hash.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { type NoticeRecipient, notify } from './announce.ts';

type Ctx = RequestContext<unknown, unknown>;

const MAX_MARKS = 5;
const COOKIE_MAX_AGE = 34_560_000;

function markOf(ctx: Ctx, userId: string): string {
  return hmacSha256(ctx.deps.config.secret, `known-device:${userId}`).toString('base64url').slice(0, 16);
}

export async function noticeNewSignIn(ctx: Ctx, user: NoticeRecipient): Promise<void> {
  if (!ctx.deps.config.security.newSignInNotification) return;
  const name = ctx.deps.cookieName('known_device');
  const marks = (ctx.getCookie(name) ?? '').split('.').filter((m) => /^[A-Za-z0-9_-]{16}$/.test(m));
  const mark = markOf(ctx, user.id);
  if (marks.includes(mark)) return;
  ctx.setCookie(name, [mark, ...marks].slice(0, MAX_MARKS).join('.'), { maxAge: COOKIE_MAX_AGE });
  const agent = ctx.userAgent.replace(/[^\x20-\x7e]/g, '').slice(0, 160) || 'an unknown browser';
  await notify(ctx, user, { kind: 'new-sign-in', device: ctx.ip ? `${agent} (${ctx.ip})` : agent });
}
