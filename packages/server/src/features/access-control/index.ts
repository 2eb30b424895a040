export {
  type AuthorizeResult,
  authorize,
  hasPermission,
  isKnownRole,
  joinRoles,
  type PermissionRequest,
  parseRoleList,
  unknownRoles,
} from './permissions.ts';
export { type Resource, ROLE_NAMES, ROLES, STATEMENTS } from './statements.ts';
