/**
 * Organizations: create, check-slug, update, delete, list, set-active, get and
 * get-full, and admitting a member (used by create, accept-invitation and api.addMember).
 */
import type { Kysely } from 'kysely';
import { generateId } from '../../core/crypto/random.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { Database } from '../../core/db/schema.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { joinRoles } from '../access-control/index.ts';
import { type AuditActor, byActor, recordEvent } from '../audit/index.ts';
import { listInvitationsOfOrganization } from '../invitations/index.ts';
import type { SessionWithUser } from '../session/index.ts';
import { ensureTeamMember, insertTeam, listTeamsOfOrganization, teamIdsInOrganization } from '../teams/index.ts';
import { lockUser } from '../user/index.ts';
import { holdsCreatorRole, memberMay, organizationConfig, requireMembership, requirePermission } from './guard.ts';
import type { Member, Organization } from './model.ts';
import {
  clearActiveOrganizationEverywhere,
  countMembers,
  countOrganizationsOfUser,
  deleteOrganizationCascade,
  findMember,
  findOrganizationById,
  findOrganizationBySlug,
  findOrganizationWithMember,
  insertMember,
  insertOrganization,
  listMembersPage,
  lockOrganization,
  setSessionActive,
  updateOrganizationRow,
} from './repo.ts';

type Db = Kysely<Database>;

export interface CreateOrganizationInput {
  name: string;
  slug: string;
  logo?: string | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
  keepCurrentActiveOrganization?: boolean | undefined;
}

export interface CreatedOrganization {
  organization: Organization;
  member: Member;
  defaultTeamId: string | null;
}

/** Who acts, and in which organization: the common part of its audit events (docs/audit-log.md). */
function orgEvent(actor: AuditActor, organizationId: string) {
  return { ...byActor(actor), organizationId };
}

/**
 * Creates the organization with its creator as a member holding the creator role,
 * and (teams on) a default team named after it. `session` is the caller's session,
 * whose active organization becomes the new one; trusted server calls pass none.
 * Audited as organization.created and the creator's member.added, in its transaction.
 */
export async function createOrganization(
  deps: AuthDeps,
  userId: string,
  input: CreateOrganizationInput,
  opts: { session: SessionWithUser | null; serverCall: boolean; actor: AuditActor },
): Promise<CreatedOrganization> {
  const config = organizationConfig(deps);
  if (!config.allowUserToCreateOrganization && !opts.serverCall)
    throw authError('YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
  if (
    config.organizationLimit !== null &&
    (await countOrganizationsOfUser(deps.db, userId)) >= config.organizationLimit
  ) {
    throw authError('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS');
  }
  if (await findOrganizationBySlug(deps.db, input.slug)) throw authError('ORGANIZATION_ALREADY_EXISTS');
  const now = deps.clock.now();
  const organization: Organization = {
    id: generateId(),
    name: input.name,
    slug: input.slug,
    logo: input.logo ?? null,
    metadata: input.metadata ? JSON.stringify(input.metadata) : null,
    createdAt: now,
  };
  const member: Member = {
    id: generateId(),
    organizationId: organization.id,
    userId,
    role: config.creatorRole,
    createdAt: now,
  };
  const defaultTeamId = config.teams.enabled ? generateId() : null;
  try {
    await deps.db.transaction().execute(async (trx) => {
      // counted again under a lock on the creator's row: a burst of creates must not all
      // pass the count above before any of them is written
      if (config.organizationLimit !== null) {
        await lockUser(trx, deps.dialect, userId);
        if ((await countOrganizationsOfUser(trx, userId)) >= config.organizationLimit)
          throw authError('YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS');
      }
      await insertOrganization(trx, organization);
      await insertMember(trx, { ...member, teamId: null });
      if (defaultTeamId) {
        await insertTeam(trx, {
          id: defaultTeamId,
          name: organization.name,
          organizationId: organization.id,
          createdAt: now,
          updatedAt: now,
        });
        await ensureTeamMember(trx, { id: generateId(), teamId: defaultTeamId, userId, createdAt: now });
      }
      const scope = orgEvent(opts.actor, organization.id);
      await recordEvent(trx, opts.actor.ctx, {
        type: 'organization.created',
        ...scope,
        targetType: 'organization',
        targetId: organization.id,
        details: { name: organization.name, slug: organization.slug, defaultTeamId },
      });
      await recordEvent(trx, opts.actor.ctx, {
        type: 'member.added',
        ...scope,
        targetType: 'user',
        targetId: userId,
        details: { memberId: member.id, role: member.role, via: 'creation' },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw authError('ORGANIZATION_ALREADY_EXISTS');
    throw err;
  }
  if (opts.session && !input.keepCurrentActiveOrganization) {
    await setSessionActive(deps.db, opts.session.session.id, {
      activeOrganizationId: organization.id,
      activeTeamId: defaultTeamId,
    });
  }
  return { organization, member, defaultTeamId };
}

export async function checkSlug(deps: AuthDeps, slug: string): Promise<{ status: true }> {
  if (await findOrganizationBySlug(deps.db, slug)) throw authError('ORGANIZATION_SLUG_ALREADY_TAKEN');
  return { status: true };
}

export interface OrganizationChanges {
  name?: string | undefined;
  slug?: string | undefined;
  logo?: string | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
}

/** Audited as organization.updated (the names of the fields changed) in the update's transaction. */
export async function updateOrganization(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  data: OrganizationChanges,
  actor: AuditActor,
): Promise<Organization> {
  const member = await requireMembership(deps, organizationId, userId, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 400);
  requirePermission(member, { organization: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION');
  const current = await findOrganizationById(deps.db, organizationId);
  if (!current) throw authError('ORGANIZATION_NOT_FOUND');
  if (data.slug !== undefined && data.slug !== current.slug) {
    const other = await findOrganizationBySlug(deps.db, data.slug);
    if (other && other.id !== organizationId) throw authError('ORGANIZATION_SLUG_ALREADY_TAKEN');
  }
  const values = {
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.slug !== undefined ? { slug: data.slug } : {}),
    ...(data.logo !== undefined ? { logo: data.logo } : {}),
    ...(data.metadata !== undefined ? { metadata: data.metadata === null ? null : JSON.stringify(data.metadata) } : {}),
  };
  if (Object.keys(values).length > 0) {
    try {
      await deps.db.transaction().execute(async (trx) => {
        await updateOrganizationRow(trx, organizationId, values);
        await recordEvent(trx, actor.ctx, {
          type: 'organization.updated',
          ...orgEvent(actor, organizationId),
          targetType: 'organization',
          targetId: organizationId,
          details: {
            fields: Object.keys(values).join(','),
            ...(values.name !== undefined && { name: values.name }),
            ...(values.slug !== undefined && { slug: values.slug }),
          },
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw authError('ORGANIZATION_SLUG_ALREADY_TAKEN');
      throw err;
    }
  }
  return { ...current, ...values };
}

/**
 * Deletes the organization and everything in it; every session loses it as the active one.
 * Audited as organization.deleted in the same transaction.
 */
export async function deleteOrganization(
  deps: AuthDeps,
  userId: string,
  organizationId: string,
  actor: AuditActor,
): Promise<Organization> {
  const member = await requireMembership(deps, organizationId, userId, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 400);
  requirePermission(member, { organization: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION');
  const org = await findOrganizationById(deps.db, organizationId);
  if (!org) throw authError('ORGANIZATION_NOT_FOUND');
  const changed = await deps.db.transaction().execute(async (trx) => {
    const users = await clearActiveOrganizationEverywhere(trx, organizationId);
    await deleteOrganizationCascade(trx, organizationId);
    await recordEvent(trx, actor.ctx, {
      type: 'organization.deleted',
      ...orgEvent(actor, organizationId),
      targetType: 'organization',
      targetId: organizationId,
      details: { name: org.name, slug: org.slug },
    });
    return users;
  });
  // cache cookies written before still name it as the active organization: not believed any more
  for (const changedUser of changed) deps.revocations.revoke(changedUser);
  return org;
}

/**
 * The organization a set-active call names (by id or slug), after checking the caller
 * is a member; a non-member also loses it as the active organization.
 */
export async function organizationToActivate(
  deps: AuthDeps,
  current: SessionWithUser,
  input: { organizationId?: string | undefined; organizationSlug?: string | undefined },
): Promise<Organization | null> {
  const id = input.organizationId ?? (input.organizationSlug ? undefined : current.session.activeOrganizationId);
  if (!id && !input.organizationSlug) return null;
  const org = id
    ? await findOrganizationById(deps.db, id)
    : await findOrganizationBySlug(deps.db, input.organizationSlug ?? '');
  if (!org) throw authError('ORGANIZATION_NOT_FOUND');
  const member = await findMember(deps.db, org.id, current.user.id);
  if (!member) {
    if (current.session.activeOrganizationId === org.id) {
      await setSessionActive(deps.db, current.session.id, { activeOrganizationId: null, activeTeamId: null });
    }
    throw authError('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  }
  return org;
}

/** The organization after checking that the caller is a member of it (one statement for both). */
export async function getOrganizationForMember(
  deps: AuthDeps,
  userId: string,
  organization: { id: string } | { slug: string },
): Promise<{ organization: Organization; member: Member }> {
  const found = await findOrganizationWithMember(deps.db, organization, userId);
  if (!found) throw authError('ORGANIZATION_NOT_FOUND');
  if (!found.member) throw authError('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  return { organization: found.organization, member: found.member };
}

/**
 * The organization with its members (and their users), its invitations when the caller
 * may invite (owner-role invitations only for owners), and its teams when teams are on.
 * A fixed number of statements whatever its size: the organization with the caller's
 * membership, then the page of members, the invitations and the teams side by side.
 */
export async function getFullOrganization(
  deps: AuthDeps,
  userId: string,
  organizationRef: { id: string } | { slug: string },
  membersLimit: number | undefined,
) {
  const config = organizationConfig(deps);
  const { organization, member: caller } = await getOrganizationForMember(deps, userId, organizationRef);
  const organizationId = organization.id;
  const limit = Math.max(0, Math.min(membersLimit ?? config.membershipLimit, config.membershipLimit));
  const [members, allInvitations, teams] = await Promise.all([
    listMembersPage(deps.db, organizationId, { limit, offset: 0, sortBy: null, sortDirection: 'asc', filter: null }),
    memberMay(caller, { invitation: ['create'] }) ? listInvitationsOfOrganization(deps.db, organizationId) : [],
    config.teams.enabled ? listTeamsOfOrganization(deps.db, organizationId) : null,
  ]);
  const invitations = holdsCreatorRole(caller.role, config)
    ? allInvitations
    : allInvitations.filter((i) => !holdsCreatorRole(i.role, config));
  return { organization, members, invitations, teams };
}

export interface AdmitMemberInput {
  organizationId: string;
  userId: string;
  role: string | readonly string[];
  teamIds: readonly string[];
  /** Refuse unknown team ids (api.addMember) instead of skipping them (a team removed since the invitation). */
  strictTeams: boolean;
  /** Who admits, and how: member.added is written in the caller's transaction. */
  actor: AuditActor;
  via: 'invitation' | 'server';
}

/**
 * Adds a member inside the caller's transaction: the organization row is locked, so the
 * membership limit holds under concurrent accepts, and UNIQUE(organizationId, userId)
 * makes two racing admissions of one person one member.
 */
export async function admitMember(deps: AuthDeps, trx: Db, input: AdmitMemberInput): Promise<Member> {
  const config = organizationConfig(deps);
  if (!(await lockOrganization(trx, deps.dialect, input.organizationId))) throw authError('ORGANIZATION_NOT_FOUND');
  if (await findMember(trx, input.organizationId, input.userId))
    throw authError('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
  if ((await countMembers(trx, input.organizationId)) >= config.membershipLimit)
    throw authError('ORGANIZATION_MEMBERSHIP_LIMIT_REACHED');
  const teamIds = await teamIdsInOrganization(trx, input.organizationId, input.teamIds);
  if (input.strictTeams && teamIds.length !== new Set(input.teamIds).size) throw authError('TEAM_NOT_FOUND');
  const now = deps.clock.now();
  const member: Member = {
    id: generateId(),
    organizationId: input.organizationId,
    userId: input.userId,
    role: joinRoles(input.role),
    createdAt: now,
  };
  try {
    await insertMember(trx, { ...member, teamId: null });
  } catch (err) {
    if (isUniqueViolation(err)) throw authError('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
    throw err;
  }
  for (const teamId of teamIds)
    await ensureTeamMember(trx, { id: generateId(), teamId, userId: input.userId, createdAt: now });
  await recordEvent(trx, input.actor.ctx, {
    type: 'member.added',
    ...orgEvent(input.actor, input.organizationId),
    targetType: 'user',
    targetId: input.userId,
    details: { memberId: member.id, role: member.role, via: input.via, teams: teamIds.length },
  });
  return member;
}
