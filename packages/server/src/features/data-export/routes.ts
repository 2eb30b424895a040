/**
 * GET /export-user-data: what Latch keeps about the signed-in person, as one JSON document
 * they can download (GDPR art. 15 and 20). Never a secret: no password hash, no provider
 * token, no TOTP secret or backup code, and sessions by their opaque id only. Only the
 * person themselves: an admin acting as them gets 403, as for every credential change. And
 * only a recent sign-in (session.reauthenticationAge, docs/security.md rule 3): the whole
 * record in one download (every session's address and browser among it, which list-sessions
 * keeps to a fresh session) is not for whoever holds a copied cookie.
 */
import { dataExport as rows } from '@latch/contract';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { accountToJson, findAccountsOfUser } from '../accounts/index.ts';
import { listPasskeys } from '../passkey/index.ts';
import { listActiveSessionsOfUser, requireSession, sessionToJson } from '../session/index.ts';
import { findTwoFactorOfUser, hasAuthenticator } from '../two-factor/index.ts';
import { userToJson } from '../user/index.ts';

const exportUserData = defineEndpoint(rows.exportUserData, {
  async handler(ctx) {
    const { user } = await requireSession(ctx, 'recent', { ownerOnly: true });
    const { db, clock } = ctx.deps;
    const now = clock.now();
    const [accounts, sessions, twoFactor, passkeys] = await Promise.all([
      findAccountsOfUser(db, user.id),
      listActiveSessionsOfUser(db, user.id, now),
      ctx.deps.config.plugins.twoFactor ? findTwoFactorOfUser(db, user.id) : Promise.resolve(null),
      listPasskeys(db, user.id),
    ]);
    ctx.headers.set('content-disposition', 'attachment; filename="latch-account.json"');
    return {
      exportedAt: now.toISOString(),
      user: userToJson(user),
      accounts: accounts.map(accountToJson),
      // an admin's impersonations are the admin's, not the person's
      sessions: sessions.filter((s) => !s.impersonatedBy).map(sessionToJson),
      twoFactor: { enabled: user.twoFactorEnabled, authenticatorApp: hasAuthenticator(twoFactor) },
      passkeys,
    };
  },
});

export const dataExportEndpoints = [exportUserData];
