/**
 * Who may touch which organization: resolving the organization a call is about,
 * requiring the caller's membership in it, and the permission check (through
 * access-control's hasPermission, the one place permissions are decided).
 */
import type { ErrorCode } from '@latch/contract';
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps, RequestContext } from '../../core/http/context.ts';
import { hasPermission, type PermissionRequest, parseRoleList } from '../access-control/index.ts';
import { requireSession, type SessionWithUser } from '../session/index.ts';
import type { Member } from './model.ts';
import { findMember, findOrganizationBySlug } from './repo.ts';

export type OrganizationConfig = Exclude<ResolvedConfig['plugins']['organization'], false>;

export function organizationConfig(deps: AuthDeps): OrganizationConfig {
  const config = deps.config.plugins.organization;
  if (!config) throw authError('NOT_FOUND');
  return config;
}

/**
 * The session of an organization call, read from the database: the active organization
 * and team must not come from a cookie cache that predates a removal or a switch.
 */
export function requireOrgSession(ctx: RequestContext<unknown, unknown>): Promise<SessionWithUser> {
  return requireSession(ctx, 'sensitive');
}

/** `organizationId`, else the organization of `organizationSlug`, else the session's active one. */
export async function resolveOrganizationId(
  deps: AuthDeps,
  current: SessionWithUser,
  input: { organizationId?: string | null | undefined; organizationSlug?: string | null | undefined },
): Promise<string | null> {
  if (input.organizationId) return input.organizationId;
  if (input.organizationSlug) {
    const org = await findOrganizationBySlug(deps.db, input.organizationSlug);
    if (!org) throw authError('ORGANIZATION_NOT_FOUND');
    return org.id;
  }
  return current.session.activeOrganizationId;
}

/**
 * What resolveOrganizationId would look up, without looking it up: for a read that finds
 * the organization (by id or slug) together with the caller's membership in one statement.
 */
export function organizationRef(
  current: SessionWithUser,
  input: { organizationId?: string | null | undefined; organizationSlug?: string | null | undefined },
): { id: string } | { slug: string } | null {
  if (input.organizationId) return { id: input.organizationId };
  if (input.organizationSlug) return { slug: input.organizationSlug };
  const active = current.session.activeOrganizationId;
  return active ? { id: active } : null;
}

/** Like resolveOrganizationId, but a call without any organization is refused. */
export async function requireOrganizationId(
  deps: AuthDeps,
  current: SessionWithUser,
  input: { organizationId?: string | null | undefined; organizationSlug?: string | null | undefined },
  refusal: ErrorCode = 'NO_ACTIVE_ORGANIZATION',
): Promise<string> {
  const id = await resolveOrganizationId(deps, current, input);
  if (!id) throw authError(refusal);
  return id;
}

/** The caller's membership, or the given refusal. */
export async function requireMembership(
  deps: AuthDeps,
  organizationId: string,
  userId: string,
  refusal: ErrorCode,
  status?: number,
): Promise<Member> {
  const member = await findMember(deps.db, organizationId, userId);
  if (!member) throw authError(refusal, status === undefined ? {} : { status });
  return member;
}

export function memberMay(member: Pick<Member, 'role'>, request: PermissionRequest): boolean {
  return hasPermission(member.role, request);
}

export function requirePermission(
  member: Pick<Member, 'role'>,
  request: PermissionRequest,
  refusal: ErrorCode,
  status?: number,
): void {
  if (!hasPermission(member.role, request)) throw authError(refusal, status === undefined ? {} : { status });
}

export function holdsCreatorRole(role: string | readonly string[], config: OrganizationConfig): boolean {
  return parseRoleList(role).includes(config.creatorRole);
}
