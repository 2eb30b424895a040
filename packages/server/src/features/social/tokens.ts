/**
 * Provider tokens at rest. With `account.encryptOAuthTokens` (the default) the access, refresh and ID tokens
 * are sealed with AES-256-GCM under a key derived from the secret for this purpose only
 * (core/crypto/encryption.ts), so a copy of the database does not hand out access to people's GitHub or Google
 * accounts. They are opened only in memory, for a refresh or for trusted server code (get-access-token).
 * Plain values (the option off, or rows imported from better-auth) are read as they are.
 */

import { createEncrypter, type Encrypter } from '../../core/crypto/encryption.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { type Account, updateAccount } from '../accounts/index.ts';
import type { OAuthTokens } from './providers/index.ts';

const ENVELOPE_PREFIX = 'v1:';
const encrypters = new WeakMap<AuthDeps, Encrypter>();

function encrypterOf(deps: AuthDeps): Encrypter {
  let encrypter = encrypters.get(deps);
  if (!encrypter) {
    encrypter = createEncrypter(deps.config.secret, 'oauth-tokens');
    encrypters.set(deps, encrypter);
  }
  return encrypter;
}

function sealToken(deps: AuthDeps, token: string | null): string | null {
  if (token === null || token === '') return null;
  return deps.config.account.encryptOAuthTokens ? encrypterOf(deps).encrypt(token) : token;
}

/** The plaintext token, or null when there is none or it cannot be opened (a rotated secret). */
export function openToken(deps: AuthDeps, stored: string | null): string | null {
  if (stored === null || stored === '') return null;
  if (!stored.startsWith(ENVELOPE_PREFIX)) return stored;
  try {
    return encrypterOf(deps).decrypt(stored);
  } catch {
    deps.logger.warn('a stored provider token could not be decrypted (was the secret changed?)');
    return null;
  }
}

/** The token columns of an account row for these tokens (CONTRACT §5.6 point 4: scopes joined with ","). */
export interface TokenColumns {
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scope: string | null;
}

export type TokenSet = Pick<
  OAuthTokens,
  'accessToken' | 'refreshToken' | 'idToken' | 'accessTokenExpiresAt' | 'refreshTokenExpiresAt' | 'scopes'
>;

export function tokenColumns(deps: AuthDeps, tokens: TokenSet): TokenColumns {
  return {
    accessToken: sealToken(deps, tokens.accessToken),
    refreshToken: sealToken(deps, tokens.refreshToken),
    idToken: sealToken(deps, tokens.idToken),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    scope: tokens.scopes.length > 0 ? tokens.scopes.join(',') : null,
  };
}

/**
 * Columns for a sign-in or refresh on an existing account: a provider that does not send a new refresh token
 * (or scope) keeps the old one valid (RFC 6749 §6), so the stored one is kept.
 */
export function updatedTokenColumns(deps: AuthDeps, previous: Account, tokens: TokenSet): TokenColumns {
  const next = tokenColumns(deps, tokens);
  return {
    ...next,
    refreshToken: next.refreshToken ?? previous.refreshToken,
    refreshTokenExpiresAt: next.refreshToken ? next.refreshTokenExpiresAt : previous.refreshTokenExpiresAt,
    idToken: next.idToken ?? previous.idToken,
    scope: next.scope ?? previous.scope,
  };
}

/** The account's tokens in plaintext, in memory only. */
export function openAccountTokens(deps: AuthDeps, account: Account): TokenSet {
  return {
    accessToken: openToken(deps, account.accessToken) ?? '',
    refreshToken: openToken(deps, account.refreshToken),
    idToken: openToken(deps, account.idToken),
    accessTokenExpiresAt: account.accessTokenExpiresAt,
    refreshTokenExpiresAt: account.refreshTokenExpiresAt,
    scopes: account.scope ? account.scope.split(/[,\s]+/).filter(Boolean) : [],
  };
}

/**
 * Refreshes the account's access token at the provider and stores the new tokens (sealed). Answers the plaintext
 * tokens, or throws the provider's error. The caller has checked the account belongs to the session's user.
 */
export async function refreshAccountTokens(
  deps: AuthDeps,
  provider: { refreshAccessToken(refreshToken: string): Promise<OAuthTokens> },
  account: Account,
  refreshToken: string,
): Promise<TokenSet> {
  const previous = openAccountTokens(deps, account);
  const fresh = await provider.refreshAccessToken(refreshToken);
  const merged: TokenSet = {
    accessToken: fresh.accessToken,
    refreshToken: fresh.refreshToken ?? previous.refreshToken,
    idToken: fresh.idToken ?? previous.idToken,
    accessTokenExpiresAt: fresh.accessTokenExpiresAt,
    refreshTokenExpiresAt: fresh.refreshToken ? fresh.refreshTokenExpiresAt : previous.refreshTokenExpiresAt,
    scopes: fresh.scopes.length > 0 ? fresh.scopes : previous.scopes,
  };
  await updateAccount(deps.db, account.id, { ...tokenColumns(deps, merged), updatedAt: deps.clock.now() });
  return merged;
}
