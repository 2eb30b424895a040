/**
 * The operator's way to the first admin (`npm run make-admin -- <email>`, and `api.makeAdmin`
 * for trusted server code): gives an existing account the first of `plugins.admin.adminRoles`,
 * in one transaction with its audit row (`user.role_changed`, actor `server-api`), and
 * revokes the account's cache cookies so no instance reads the old role from one.
 */
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { recordEvent } from '../audit/index.ts';
import { findUserByEmail, updateUserRow } from '../user/index.ts';
import { isAdmin } from './permissions.ts';

export async function makeAdmin(
  deps: AuthDeps,
  email: string,
): Promise<{ userId: string; role: string; changed: boolean }> {
  const options = deps.config.plugins.admin;
  if (!options) throw authError('NOT_FOUND', { message: 'The admin plugin is off (plugins.admin: false)' });
  const user = await findUserByEmail(deps.db, email.trim());
  if (!user) throw authError('USER_NOT_FOUND');
  const [role = 'admin'] = options.adminRoles;
  if (isAdmin(user, options)) return { userId: user.id, role: user.role ?? role, changed: false };
  await deps.db.transaction().execute(async (trx) => {
    await updateUserRow(trx, user.id, { role, updatedAt: deps.clock.now() });
    await recordEvent(
      trx,
      { deps, isServerCall: true },
      { type: 'user.role_changed', targetType: 'user', targetId: user.id, details: { from: user.role, to: role } },
    );
  });
  deps.revocations.revoke(user.id);
  return { userId: user.id, role, changed: true };
}
