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
