/** GET /list-accounts and POST /unlink-account (CONTRACT §4.17). */
import { type AccountJson, accounts as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { recordEvent } from '../audit/index.ts';
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

const listAccounts = defineEndpoint(rows.listAccounts, {
  async handler(ctx) {
    const { user } = await requireSession(ctx, 'session');
    return (await findAccountsOfUser(ctx.deps.db, user.id)).map(accountToJson);
  },
});

const unlinkAccount = defineEndpoint(rows.unlinkAccount, {
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
    await recordEvent(ctx.deps.db, ctx, {
      type: 'account.unlinked',
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      details: { providerId: target.providerId },
    });
    if (target.providerId !== CREDENTIAL_PROVIDER)
      await notify(ctx, user, { kind: 'provider-unlinked', providerId: target.providerId });
    return { status: true };
  },
});

export const accountEndpoints = [listAccounts, unlinkAccount];
