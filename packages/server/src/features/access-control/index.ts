export {
  authorize,
  hasPermission,
  joinRoles,
  type PermissionRequest,
  parseRoleList,
  unknownRoles,
} from './permissions.ts';
