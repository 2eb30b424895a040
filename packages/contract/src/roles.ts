/**
 * The organization access-control statements and the three default roles, as data
 * (seed-spec §6, CONTRACT §6.2). The server decides with them
 * (packages/server/src/features/access-control) and the web app shows or hides actions by
 * them; better-auth's client runs `checkRolePermission` locally against the same tables,
 * so they must stay identical to better-auth's defaults. One resource is Latch's own:
 * `auditLog` (reading the organization's audit events, docs/audit-log.md), which
 * better-auth does not have; its client, asked about it locally, answers no, and the
 * server decides.
 */

export const ORGANIZATION_STATEMENTS = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
  auditLog: ['read'],
} as const;

export type OrganizationResource = keyof typeof ORGANIZATION_STATEMENTS;

/** What one role may do: resource → actions. */
export type RoleStatements = Readonly<Record<string, readonly string[]>>;

/** The roles a member can be given, highest first. */
export const ORGANIZATION_ROLE_NAMES = ['owner', 'admin', 'member'] as const;

export type OrganizationRoleName = (typeof ORGANIZATION_ROLE_NAMES)[number];

export const ORGANIZATION_ROLES: Readonly<Record<OrganizationRoleName, RoleStatements>> = {
  owner: ORGANIZATION_STATEMENTS,
  admin: {
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
    auditLog: ['read'],
  },
  member: {
    organization: [],
    member: [],
    invitation: [],
    team: [],
    ac: ['read'],
    auditLog: [],
  },
};
