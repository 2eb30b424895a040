import type { AuthDeps } from '../../core/http/context.ts';
import { registerSignInExtension } from '../credentials/index.ts';
import { startChallenge } from './challenge.ts';
import { manageEndpoints } from './routes-manage.ts';
import { verifyEndpoints } from './routes-verify.ts';
import { useTrustedDevice } from './trust-device.ts';

export const twoFactorEndpoints = [...manageEndpoints, ...verifyEndpoints];

/**
 * A password sign-in of a two-factor user is taken over before any session exists:
 * a trusted browser goes through (its trust rotated), any other gets the challenge.
 * Social sign-in is not gated (as in better-auth).
 */
export function registerTwoFactor(deps: AuthDeps): void {
  if (!deps.config.plugins.twoFactor) return;
  registerSignInExtension(deps, {
    async intercept(ctx, user, { dontRemember }) {
      if (!user.twoFactorEnabled) return null;
      if (await useTrustedDevice(ctx, user.id)) return null;
      return startChallenge(ctx, user, dontRemember);
    },
  });
}
