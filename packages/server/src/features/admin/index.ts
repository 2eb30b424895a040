import type { AuthDeps } from '../../core/http/context.ts';
import { registerSignInExtension, registerSignUpExtension } from '../credentials/index.ts';
import { adminSessionEndpoints } from './routes-sessions.ts';
import { adminUserEndpoints } from './routes-users.ts';
import { banCheckExtension, defaultRoleExtension } from './service.ts';

export const adminEndpoints = [...adminUserEndpoints, ...adminSessionEndpoints];
export { hasAdminPermission, isAdmin } from './permissions.ts';

/** New users get the default role; banned users get no session. */
export function registerAdmin(deps: AuthDeps): void {
  const options = deps.config.plugins.admin;
  if (!options) return;
  registerSignUpExtension(deps, defaultRoleExtension(options));
  registerSignInExtension(deps, banCheckExtension);
}
