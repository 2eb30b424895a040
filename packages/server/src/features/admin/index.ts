import type { AuthDeps } from '../../core/http/context.ts';
import { registerSignUpExtension } from '../credentials/index.ts';
import { adminAuditEndpoints } from './routes-audit.ts';
import { adminOrganizationEndpoints } from './routes-organizations.ts';
import { adminSessionEndpoints } from './routes-sessions.ts';
import { adminUserEndpoints } from './routes-users.ts';
import { defaultRoleExtension } from './service.ts';

export { makeAdmin } from './first-admin.ts';

/** The admin endpoints' guard, for admin endpoints of other features (webhooks). */
export { type AdminAccess, requireAdmin } from './guard.ts';

export const adminEndpoints = [
  ...adminUserEndpoints,
  ...adminSessionEndpoints,
  ...adminAuditEndpoints,
  ...adminOrganizationEndpoints,
];

/** New users get the default role (bans are a step of the sign-in pipeline). */
export function registerAdmin(deps: AuthDeps): void {
  const options = deps.config.plugins.admin;
  if (!options) return;
  registerSignUpExtension(deps, defaultRoleExtension(options));
}
