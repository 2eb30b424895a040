/**
 * Who may do what in an organization: the owner/admin/member table of seed-spec §6 and
 * CONTRACT.md §6.2 comes from the contract (packages/contract/src/roles.ts), the same table
 * the server decides with; this module adds the creator-role rules on top of it. Every screen
 * asks it before it shows an action; the server decides again on every call.
 */
import {
  ORGANIZATION_ROLE_NAMES,
  ORGANIZATION_ROLES,
  ORGANIZATION_STATEMENTS,
  type OrganizationResource,
  type OrganizationRoleName,
  type RoleStatements,
} from '@latch/contract';

export const STATEMENTS = ORGANIZATION_STATEMENTS;
export type Resource = OrganizationResource;
export const ROLES: Readonly<Record<string, RoleStatements>> = ORGANIZATION_ROLES;

/** The roles a person can be given, highest first. */
export const ROLE_NAMES = ORGANIZATION_ROLE_NAMES;
export type RoleName = OrganizationRoleName;

/** The role given by the server to whoever creates an organization. */
export const CREATOR_ROLE: RoleName = 'owner';

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

/** `"admin, member"` → `['admin', 'member']` (roles are stored comma-joined). */
export function parseRoles(role: string | null | undefined): string[] {
  return (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

/** The highest known role of a comma-joined list, for a role picker showing one value. */
export function primaryRole(role: string | null | undefined): RoleName | null {
  const roles = parseRoles(role);
  return ROLE_NAMES.find((name) => roles.includes(name)) ?? null;
}

/** Whether any one of the roles grants every listed action of every listed resource. */
export function hasPermission(
  role: string | null | undefined,
  request: Readonly<Partial<Record<Resource, readonly string[]>>>,
): boolean {
  const entries = Object.entries(request);
  if (entries.length === 0) return false;
  return parseRoles(role).some((name) => {
    const statements = Object.hasOwn(ROLES, name) ? ROLES[name] : undefined;
    if (!statements) return false;
    return entries.every(([resource, actions]) => {
      const allowed = Object.hasOwn(statements, resource) ? statements[resource] : undefined;
      return Boolean(allowed && actions && actions.length > 0 && actions.every((a) => allowed.includes(a)));
    });
  });
}

export function isOwner(role: string | null | undefined): boolean {
  return parseRoles(role).includes(CREATOR_ROLE);
}

/** Who acts (the signed-in person's membership) and the members they act on. */
export interface Actor {
  id: string;
  role: string;
}

export interface Target {
  id: string;
  role: string;
}

function ownerCount(members: readonly Target[]): number {
  return members.filter((m) => isOwner(m.role)).length;
}

/** Everything the screens show or hide, for one person in one organization. */
export interface OrganizationAbilities {
  updateOrganization: boolean;
  deleteOrganization: boolean;
  invite: boolean;
  cancelInvitation: boolean;
  createTeam: boolean;
  updateTeam: boolean;
  deleteTeam: boolean;
  /** Put people in teams (add-team-member needs member:update). */
  addTeamMember: boolean;
  /** Take people out of teams (remove-team-member needs member:delete). */
  removeTeamMember: boolean;
  /** The roles this person may hand out (only owners grant the owner role). */
  assignableRoles: RoleName[];
}

export function abilitiesOf(role: string | null | undefined): OrganizationAbilities {
  const may = (resource: Resource, action: string) => hasPermission(role, { [resource]: [action] });
  const owner = isOwner(role);
  return {
    updateOrganization: may('organization', 'update'),
    deleteOrganization: may('organization', 'delete'),
    invite: may('invitation', 'create'),
    cancelInvitation: may('invitation', 'cancel'),
    createTeam: may('team', 'create'),
    updateTeam: may('team', 'update'),
    deleteTeam: may('team', 'delete'),
    addTeamMember: may('member', 'update'),
    removeTeamMember: may('member', 'delete'),
    assignableRoles:
      may('member', 'update') || may('invitation', 'create') ? ROLE_NAMES.filter((r) => owner || r !== 'owner') : [],
  };
}

/**
 * May `actor` change the role of `target`? Needs member:update; only an owner touches an owner;
 * one's own role is left alone here (the last owner could lock everyone out).
 */
export function canChangeRole(actor: Actor, target: Target): boolean {
  if (actor.id === target.id) return false;
  if (!hasPermission(actor.role, { member: ['update'] })) return false;
  return !isOwner(target.role) || isOwner(actor.role);
}

/**
 * May `actor` remove `target`? Needs member:delete; only an owner removes an owner; the last owner
 * stays; nobody removes themselves here (that is "leave").
 */
export function canRemoveMember(actor: Actor, target: Target, members: readonly Target[]): boolean {
  if (actor.id === target.id) return false;
  if (!hasPermission(actor.role, { member: ['delete'] })) return false;
  if (isOwner(target.role) && (!isOwner(actor.role) || ownerCount(members) <= 1)) return false;
  return true;
}

/** The only owner cannot leave (they delete the organization or hand it over first). */
export function canLeave(actor: Actor, members: readonly Target[]): boolean {
  return !(isOwner(actor.role) && ownerCount(members) <= 1);
}
