/**
 * Members: list (paged, sorted, filtered), update-member-role, remove-member, leave,
 * get-active-member(-role) and has-permission. Changes that could leave an organization
 * without an owner run in one transaction with the organization row locked.
 */

import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { authorize, joinRoles, type PermissionRequest, parseRoleList, unknownRoles } from '../access-control/index.ts';
import { type AuditActor, byActor, recordEvent } from '../audit/index.ts';
import type { SessionWithUser } from '../session/index.ts';
import { holdsCreatorRole, organizationConfig, requireMembership, requirePermission } from './guard.ts';
import type { Member, MemberWithUser } from './model.ts';
import {
  clearActiveOrganizationOfUser,
  deleteMemberCascade,
  findMember,
  findMemberByEmail,
  findMemberById,
  findMemberInBatch,
  listMemberRoles,
  listMembersForCaller,
  lockOrganization,
  type MemberListQuery,
  updateMemberRoleRow,
} from './repo.ts';

type Db = Kysely<Database>;

export type ListMembersInput = Omit<MemberListQuery, 'limit' | 'offset'> & {
  limit?: number | undefined;
  offset?: number | undefined;
};

/** A page of members; the membership limit caps the page size, `total` is always the real count. */
export async function listMembers(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  input: ListMembersInput,
): Promise<{ members: MemberWithUser[]; total: number }> {
  const config = organizationConfig(deps);
  const limit = Math.max(0, Math.min(input.limit ?? config.membershipLimit, config.membershipLimit));
  // the caller's membership, the total and the page: one statement
  const page = await listMembersForCaller(deps.db, organizationId, userId, {
    ...input,
    limit,
    offset: Math.max(0, input.offset ?? 0),
  });
  if (!page) throw authError('YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
  return { members: page.members, total: page.total };
}

async function countOwners(db: Db, organizationId: string, creatorRole: string): Promise<number> {
  const rows = await listMemberRoles(db, organizationId);
  return rows.filter((r) => parseRoleList(r.role).includes(creatorRole)).length;
}

/** Audited as member.role_changed (from, to) in the change's transaction. */
export async function updateMemberRole(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  input: { memberId: string; role: string | readonly string[] },
  actor: AuditActor,
): Promise<Member> {
  const config = organizationConfig(deps);
  const roles = parseRoleList(input.role);
  if (roles.length === 0) throw authError('ROLE_NOT_FOUND');
  return deps.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, deps.dialect, organizationId);
    const caller = await findMember(trx, organizationId, userId);
    if (!caller) throw authError('MEMBER_NOT_FOUND');
    const target = caller.id === input.memberId ? caller : await findMemberById(trx, input.memberId);
    if (!target) throw authError('MEMBER_NOT_FOUND');
    // the member must belong to the organization the caller acts in
    if (target.organizationId !== organizationId) throw authError('YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    const callerIsCreator = holdsCreatorRole(caller.role, config);
    const settingCreator = roles.includes(config.creatorRole);
    if ((holdsCreatorRole(target.role, config) || settingCreator) && !callerIsCreator) {
      throw authError('YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    }
    if (
      holdsCreatorRole(target.role, config) &&
      !settingCreator &&
      (await countOwners(trx, organizationId, config.creatorRole)) <= 1
    ) {
      throw authError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER');
    }
    requirePermission(caller, { member: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    const unknown = unknownRoles(roles);
    if (unknown.length > 0) throw authError('ROLE_NOT_FOUND', { message: `ROLE_NOT_FOUND: ${unknown.join(', ')}` });
    const role = joinRoles(roles);
    await updateMemberRoleRow(trx, target.id, role);
    await recordEvent(trx, actor.ctx, {
      type: 'member.role_changed',
      ...byActor(actor),
      organizationId,
      targetType: 'user',
      targetId: target.userId,
      details: { memberId: target.id, from: target.role, to: role },
    });
    return { ...target, role };
  });
}

/**
 * Removes a member by id or email (a value with `@`). Owners are protected: only an
 * owner may remove one, and never the last. The removed person's sessions lose the
 * organization as their active one. Audited as member.removed in the same transaction.
 */
export async function removeMember(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  memberIdOrEmail: string,
  actor: AuditActor,
): Promise<Member> {
  const config = organizationConfig(deps);
  const removed = await deps.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, deps.dialect, organizationId);
    const caller = await findMember(trx, organizationId, userId);
    if (!caller) throw authError('MEMBER_NOT_FOUND');
    const target = memberIdOrEmail.includes('@')
      ? await findMemberByEmail(trx, organizationId, memberIdOrEmail)
      : await findMemberById(trx, memberIdOrEmail);
    if (!target || target.organizationId !== organizationId) throw authError('MEMBER_NOT_FOUND');
    if (holdsCreatorRole(target.role, config)) {
      if (!holdsCreatorRole(caller.role, config))
        throw authError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
      if ((await countOwners(trx, organizationId, config.creatorRole)) <= 1) {
        throw authError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
      }
    }
    // 401, not 403: the status better-auth answers (CONTRACT §6.2)
    requirePermission(caller, { member: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER', 401);
    if ((await deleteMemberCascade(trx, target)) === 0) throw authError('MEMBER_NOT_FOUND');
    const changed = await clearActiveOrganizationOfUser(trx, target.userId, organizationId);
    await recordEvent(trx, actor.ctx, {
      type: 'member.removed',
      ...byActor(actor),
      organizationId,
      targetType: 'user',
      targetId: target.userId,
      details: { memberId: target.id, role: target.role, reason: 'removed' },
    });
    return { target, changed };
  });
  // a cache cookie written before still names the organization as active: not believed any more
  for (const changedUser of removed.changed) deps.revocations.revoke(changedUser);
  return removed.target;
}

/** Audited as member.removed (reason `left`, the person as actor and target) in the same transaction. */
export async function leaveOrganization(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  actor: AuditActor,
): Promise<Member> {
  const config = organizationConfig(deps);
  const left = await deps.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, deps.dialect, organizationId);
    const member = await findMember(trx, organizationId, userId);
    if (!member) throw authError('MEMBER_NOT_FOUND');
    if (holdsCreatorRole(member.role, config) && (await countOwners(trx, organizationId, config.creatorRole)) <= 1) {
      throw authError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
    }
    await deleteMemberCascade(trx, member);
    const changed = await clearActiveOrganizationOfUser(trx, userId, organizationId);
    await recordEvent(trx, actor.ctx, {
      type: 'member.removed',
      ...byActor(actor),
      organizationId,
      targetType: 'user',
      targetId: userId,
      details: { memberId: member.id, role: member.role, reason: 'left' },
    });
    return { member, changed };
  });
  for (const changedUser of left.changed) deps.revocations.revoke(changedUser);
  return left.member;
}

export async function getActiveMember(deps: AuthDeps, current: SessionWithUser): Promise<MemberWithUser> {
  const organizationId = current.session.activeOrganizationId;
  if (!organizationId) throw authError('NO_ACTIVE_ORGANIZATION');
  // concurrent requests for members share one statement (the same member asked many times, one read)
  const member = await findMemberInBatch(deps, organizationId, current.user.id);
  if (!member) throw authError('MEMBER_NOT_FOUND');
  const { user } = current;
  return { ...member, user: { id: user.id, name: user.name, email: user.email, image: user.image } };
}

/** The role of the caller, or of another member of the same organization. */
export async function getMemberRole(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  ofUserId: string | undefined,
): Promise<{ role: string }> {
  const caller = await requireMembership(deps, organizationId, userId, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
  if (!ofUserId || ofUserId === userId) return { role: caller.role };
  const other = await findMember(deps.db, organizationId, ofUserId);
  if (!other) throw authError('MEMBER_NOT_FOUND');
  return { role: other.role };
}

export async function checkPermission(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  permissions: PermissionRequest,
): Promise<{ error: null; success: boolean }> {
  const member = await requireMembership(deps, organizationId, userId, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 401);
  return { error: null, success: authorize(member.role, permissions).success };
}

export function assertKnownRoles(roles: readonly string[]): void {
  const unknown = unknownRoles(roles);
  if (unknown.length > 0) throw authError('ROLE_NOT_FOUND', { message: `ROLE_NOT_FOUND: ${unknown.join(', ')}` });
}
