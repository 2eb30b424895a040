/** ID-token sign-in and link (CONTRACT §4.5 idToken flow, §4.18): native apps and One Tap, no redirect. */
import { type AuthError, authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { grantSession } from '../sign-in/index.ts';
import { userToJson } from '../user/index.ts';
import { type LinkFailure, linkOAuthAccount, resolveOAuthUser } from './linking.ts';
import type { OAuthProvider } from './oauth-client.ts';
import type { OAuthProfile, ProviderUserHint } from './providers/index.ts';
import type { TokenSet } from './tokens.ts';

type Ctx = RequestContext<unknown, unknown>;

export interface IdTokenInput {
  token: string;
  nonce?: string | undefined;
  accessToken?: string | undefined;
  refreshToken?: string | undefined;
  expiresAt?: number | undefined;
  user?: ProviderUserHint | undefined;
}

/**
 * `expiresAt` arrives as epoch milliseconds (better-auth's client) or, from some native SDKs, seconds. Values that
 * are not a date the databases can store are dropped rather than refused: the access token still works.
 */
function expiryOf(value: number | undefined): Date | null {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return null;
  const ms = value < 1e11 ? value * 1000 : value;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999 ? null : date;
}

/** Verifies a provider's ID token (signature through its JWKS, issuer, audience, expiry, nonce). */
async function verifiedProfile(
  provider: OAuthProvider,
  input: IdTokenInput,
): Promise<{ profile: OAuthProfile & { email: string }; tokens: TokenSet }> {
  if (!provider.definition.supportsIdTokenSignIn) throw authError('ID_TOKEN_NOT_SUPPORTED');
  const profile = await provider.verifyIdToken(input.token, { nonce: input.nonce, user: input.user });
  if (!profile) throw authError('INVALID_TOKEN', { status: 401, message: 'invalid token' });
  if (!profile.email) throw authError('USER_EMAIL_NOT_FOUND');
  return {
    profile: { ...profile, email: profile.email },
    tokens: {
      accessToken: input.accessToken ?? '',
      refreshToken: input.refreshToken ?? null,
      idToken: input.token,
      accessTokenExpiresAt: expiryOf(input.expiresAt),
      refreshTokenExpiresAt: null,
      scopes: [],
    },
  };
}

/** POST /sign-in/social with `idToken` (native apps, Google One Tap): `{redirect:false, token, user}`. */
export async function signInWithIdToken(
  ctx: Ctx,
  provider: OAuthProvider,
  input: IdTokenInput,
  requestSignUp: boolean,
): Promise<Record<string, unknown>> {
  const { profile, tokens } = await verifiedProfile(provider, input);
  const resolved = await resolveOAuthUser(ctx, {
    providerId: provider.id,
    options: provider.options,
    profile,
    tokens,
    requestSignUp,
  });
  if (!resolved.ok) throw authError('OAUTH_LINK_ERROR', { message: resolved.reason.replace(/_/g, ' ') });
  const granted = await grantSession(ctx, { user: resolved.user, method: 'id-token' });
  // two-factor on: the same answer as a password sign-in's, the challenge cookie is set
  if (granted.kind === 'challenge') return { ...granted.answer };
  if (granted.kind !== 'session') throw authError('FAILED_TO_CREATE_SESSION');
  return { redirect: false, token: granted.token, user: userToJson(granted.user) };
}

const LINK_ERRORS: Record<LinkFailure, () => AuthError> = {
  unable_to_link_account: () => authError('LINKING_NOT_ALLOWED'),
  email_does_not_match: () => authError('LINKING_DIFFERENT_EMAILS_NOT_ALLOWED'),
  account_already_linked_to_different_user: () => authError('SOCIAL_ACCOUNT_ALREADY_LINKED'),
  linking_failed: () => authError('LINKING_FAILED'),
};

/** POST /link-social with `idToken` (CONTRACT §4.18). */
export async function linkWithIdToken(
  ctx: Ctx,
  provider: OAuthProvider,
  target: { userId: string; email: string },
  input: IdTokenInput,
): Promise<Record<string, unknown>> {
  const { profile, tokens } = await verifiedProfile(provider, input);
  const linked = await linkOAuthAccount(ctx, target, {
    providerId: provider.id,
    options: provider.options,
    profile,
    tokens,
  });
  if (!linked.ok) throw LINK_ERRORS[linked.reason]();
  return { url: '', status: true, redirect: false };
}
