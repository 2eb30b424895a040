/**
 * Provider tokens for the signed-in user (CONTRACT §4.19): POST /refresh-token, POST /get-access-token and
 * GET /account-info. Every endpoint first checks that the account belongs to the session's user: an account id
 * of someone else answers exactly like an unknown one (400 ACCOUNT_NOT_FOUND). Tokens are opened only in memory.
 * An impersonation session is refused (403 NOT_ALLOWED_WHILE_IMPERSONATING) before any account is read.
 */
import { social as rows } from '@latch/contract';
import type { z } from 'zod';
import { AuthError, authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { type Account, findAccountsOfUser } from '../accounts/index.ts';
import { requireSession } from '../session/index.ts';
import type { OAuthProvider } from './oauth-client.ts';
import { findProvider } from './service.ts';
import { openAccountTokens, refreshAccountTokens, type TokenSet } from './tokens.ts';

type Ctx = RequestContext<unknown, unknown>;

/** Refresh when the access token expires within this many seconds (better-auth's margin). */
const EXPIRY_MARGIN_SECONDS = 5;

type Selection = z.output<typeof rows.refreshToken.body>;

async function findOwnedAccount(ctx: Ctx, selection: Selection): Promise<Account> {
  // the person's provider tokens are theirs: an admin acting as them reads none
  // (403 NOT_ALLOWED_WHILE_IMPERSONATING, as export-user-data and unlink-account), and the
  // session is read from the store, so a revoked one never opens a token from a cache cookie
  const { user } = await requireSession(ctx, 'sensitive', { ownerOnly: true });
  const { accountId, providerId } = selection;
  if (selection.useAccountCookie || (accountId === undefined && providerId === undefined)) {
    throw authError('ACCOUNT_NOT_FOUND');
  }
  const accounts = await findAccountsOfUser(ctx.deps.db, user.id);
  const account =
    accounts.find((a) => providerId === undefined && a.id === accountId) ??
    accounts.find(
      (a) =>
        providerId !== undefined &&
        a.providerId === providerId &&
        (accountId === undefined || a.accountId === accountId || a.id === accountId),
    );
  if (!account) throw authError('ACCOUNT_NOT_FOUND');
  return account;
}

function socialProviderOf(ctx: Ctx, account: Account): OAuthProvider {
  const provider = findProvider(ctx.deps, account.providerId);
  if (!provider) {
    throw authError('PROVIDER_NOT_SUPPORTED', { message: `Provider ${account.providerId} is not supported.` });
  }
  return provider;
}

/** The access token, refreshed first when it is (about to be) expired and a refresh token exists. */
async function currentTokens(ctx: Ctx, provider: OAuthProvider, account: Account): Promise<TokenSet> {
  const tokens = openAccountTokens(ctx.deps, account);
  const expiresAt = tokens.accessTokenExpiresAt?.getTime();
  const soon = ctx.deps.clock.now().getTime() + EXPIRY_MARGIN_SECONDS * 1000;
  const expiring = expiresAt !== undefined && expiresAt <= soon;
  if ((expiring || !tokens.accessToken) && tokens.refreshToken && provider.definition.supportsRefresh) {
    return refreshAccountTokens(ctx.deps, provider, account, tokens.refreshToken);
  }
  return tokens;
}

const refreshToken = defineEndpoint(rows.refreshToken, {
  async handler(ctx) {
    const account = await findOwnedAccount(ctx, ctx.body);
    const provider = socialProviderOf(ctx, account);
    if (!provider.definition.supportsRefresh) throw authError('TOKEN_REFRESH_NOT_SUPPORTED');
    const stored = openAccountTokens(ctx.deps, account);
    if (!stored.refreshToken) throw authError('REFRESH_TOKEN_NOT_FOUND');
    let tokens: TokenSet;
    try {
      tokens = await refreshAccountTokens(ctx.deps, provider, account, stored.refreshToken);
    } catch (err) {
      ctx.deps.logger.warn('a provider refused to refresh an access token', {
        providerId: account.providerId,
        error: String(err),
      });
      throw authError('FAILED_TO_REFRESH_ACCESS_TOKEN');
    }
    return {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt?.toISOString() ?? null,
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt?.toISOString() ?? null,
      scope: tokens.scopes.join(','),
      idToken: tokens.idToken,
      providerId: account.providerId,
      accountId: account.accountId,
    };
  },
});

const getAccessToken = defineEndpoint(rows.getAccessToken, {
  async handler(ctx) {
    const account = await findOwnedAccount(ctx, ctx.body);
    const provider = socialProviderOf(ctx, account);
    let tokens: TokenSet;
    try {
      tokens = await currentTokens(ctx, provider, account);
    } catch (err) {
      if (err instanceof AuthError) throw err;
      ctx.deps.logger.warn('could not refresh an expiring access token', {
        providerId: account.providerId,
        error: String(err),
      });
      throw authError('FAILED_TO_GET_ACCESS_TOKEN');
    }
    if (!tokens.accessToken) throw authError('FAILED_TO_GET_ACCESS_TOKEN');
    return {
      accessToken: tokens.accessToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt?.toISOString() ?? null,
      scopes: tokens.scopes,
      idToken: tokens.idToken,
    };
  },
});

const accountInfo = defineEndpoint(rows.accountInfo, {
  async handler(ctx) {
    const account = await findOwnedAccount(ctx, { accountId: ctx.query.accountId });
    const provider = findProvider(ctx.deps, account.providerId);
    if (!provider) throw authError('PROVIDER_NOT_CONFIGURED');
    let tokens: TokenSet;
    try {
      tokens = await currentTokens(ctx, provider, account);
    } catch {
      throw authError('FAILED_TO_GET_USER_INFO');
    }
    if (!tokens.accessToken) throw authError('ACCESS_TOKEN_NOT_FOUND');
    const profile = await provider.getUserProfile({ ...tokens, tokenType: 'Bearer', raw: {} }).catch(() => null);
    if (!profile) throw authError('FAILED_TO_GET_USER_INFO');
    return {
      user: {
        id: profile.id,
        name: profile.name,
        email: profile.email,
        image: profile.image,
        emailVerified: profile.emailVerified,
      },
      data: profile.raw,
      account: { id: account.id, providerId: account.providerId, accountId: account.accountId },
    };
  },
});

export const tokenEndpoints = [refreshToken, getAccessToken, accountInfo];
