/**
 * Trusted devices: after a second factor with `trustDevice:true`, the browser gets a
 * signed `trust_device` cookie `<hmac>!trust-device-<32>` for 30 days and the next
 * password sign-in there skips the challenge. Each use rotates it (new id, old row gone),
 * so a copied cookie works once at most and the owner's next sign-in reveals the theft.
 * The row's identifier holds the user id and a hash of the device id, never the id itself.
 */
import { hashToken, hmacSha256, safeEqual } from '../../core/crypto/hash.ts';
import { generateId, randomString } from '../../core/crypto/random.ts';
import { deleteTrustedDevicesOfUser, trustedDevicePrefix } from '../../core/db/verification-store.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { consumeVerification, findVerification, insertVerification } from './repo.ts';

type Ctx = RequestContext<unknown, unknown>;

const TRUST_DEVICE_SECONDS = 2_592_000;

function cookieName(ctx: Ctx): string {
  return ctx.deps.cookieName('trust_device');
}

function identifierOf(userId: string, deviceId: string): string {
  return `${trustedDevicePrefix(userId)}${hashToken(deviceId)}`;
}

function macOf(ctx: Ctx, userId: string, deviceId: string): string {
  return hmacSha256(ctx.deps.config.secret, `${userId}!${deviceId}`).toString('base64url');
}

/** Stores a new trusted-device row and sets its cookie. */
export async function trustDevice(ctx: Ctx, userId: string): Promise<void> {
  const deviceId = `trust-device-${randomString(32)}`;
  await insertVerification(ctx.deps.db, {
    id: generateId(),
    identifier: identifierOf(userId, deviceId),
    value: userId,
    now: ctx.deps.clock.now(),
    expiresInSeconds: TRUST_DEVICE_SECONDS,
  });
  ctx.setSignedCookie(cookieName(ctx), `${macOf(ctx, userId, deviceId)}!${deviceId}`, {
    maxAge: TRUST_DEVICE_SECONDS,
  });
}

/**
 * Whether this browser is trusted by `userId`; when it is, the trust is rotated. A
 * cookie of another user, a forged or expired one is simply not trust.
 */
export async function useTrustedDevice(ctx: Ctx, userId: string): Promise<boolean> {
  const value = ctx.getSignedCookie(cookieName(ctx));
  if (!value) return false;
  const bang = value.indexOf('!');
  if (bang <= 0) return false;
  const deviceId = value.slice(bang + 1);
  if (!safeEqual(value.slice(0, bang), macOf(ctx, userId, deviceId))) return false;
  const row = await findVerification(ctx.deps.db, identifierOf(userId, deviceId));
  if (!row || row.value !== userId || row.expiresAt <= ctx.deps.clock.now()) return false;
  // two sign-ins racing with one cookie: only the one that deletes the row is trusted
  if (!(await consumeVerification(ctx.deps.db, row.id))) return false;
  await trustDevice(ctx, userId);
  return true;
}

/** Forgets every device the user trusted, and expires this browser's cookie. */
export async function forgetTrustedDevices(ctx: Ctx, userId: string): Promise<void> {
  await deleteTrustedDevicesOfUser(ctx.deps.db, userId);
  if (ctx.getCookie(cookieName(ctx)) !== null) ctx.deleteCookie(cookieName(ctx));
}
