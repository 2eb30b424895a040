/** GET /list-accounts and POST /unlink-account (CONTRACT §4.17). */
import type { AccountJson } from '@latch/contract';
import { z } from 'zod';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { notify } from '../security-notices/index.ts';
import { requireSession } from '../session/index.ts';
import { type Account, CREDENTIAL_PROVIDER, deleteAccount, findAccountsOfUser } from './repo.ts';

export function accountToJson(account: Account): AccountJson {
  return {
    id: account.id,
    accountId: account.accountId,
    providerId: account.providerId,
    provider: account.providerId,
    userId: account.userId,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
    scopes: account.scope ? account.scope.split(/[,\s]+/).filter(Boolean) : [],
  };
}

const listAccounts = defineEndpoint({
  method: 'GET',
  path: '/list-accounts',
  async handler(ctx) {
    const { user } = await requireSession(ctx, 'session');
    return (await findAccountsOfUser(ctx.deps.db, user.id)).map(accountToJson);
  },
});

const unlinkAccount = defineEndpoint({
  method: 'POST',
  path: '/unlink-account',
  // the spec's {providerId, accountId?} and better-auth 1.7's {accountId: <account row id>}
  body: z
    .object({ providerId: z.string().min(1).max(255).optional(), accountId: z.string().min(1).max(255).optional() })
    .refine((b) => b.providerId !== undefined || b.accountId !== undefined, {
      message: 'providerId or accountId is required',
    }),
  async handler(ctx) {
    // removing a way in is a change of the account's credentials: never as an admin acting as the person
    const { user } = await requireSession(ctx, 'fresh', { ownerOnly: true });
    const accounts = await findAccountsOfUser(ctx.deps.db, user.id);
    const { providerId, accountId } = ctx.body;
    const target =
      accounts.find((a) => accountId !== undefined && a.id === accountId) ??
      accounts.find(
        (a) =>
          providerId !== undefined &&
          a.providerId === providerId &&
          (accountId === undefined || a.accountId === accountId),
      );
    if (!target) throw authError('ACCOUNT_NOT_FOUND');
    if (accounts.length === 1 && !ctx.deps.config.account.accountLinking.allowUnlinkingAll) {
      throw authError('FAILED_TO_UNLINK_LAST_ACCOUNT');
    }
    await deleteAccount(ctx.deps.db, target.id);
    if (target.providerId !== CREDENTIAL_PROVIDER)
      await notify(ctx, user, { kind: 'provider-unlinked', providerId: target.providerId });
    return { status: true };
  },
});

export const accountEndpoints = [listAccounts, unlinkAccount];
