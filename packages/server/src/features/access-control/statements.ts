/**
 * The organization access-control statements and the three default roles, as data
 * (seed-spec §6, CONTRACT §6.2). The client's `checkRolePermission` runs locally
 * against the same tables, so these must stay identical to better-auth's defaults.
 */
export const STATEMENTS = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
} as const;

export type Resource = keyof typeof STATEMENTS;
export type Statements = Readonly<Record<string, readonly string[]>>;

export const ROLES: Readonly<Record<string, Statements>> = {
  owner: STATEMENTS,
  admin: {
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
  },
  member: {
    organization: [],
    member: [],
    invitation: [],
    team: [],
    ac: ['read'],
  },
};

export const ROLE_NAMES: readonly string[] = Object.keys(ROLES);
