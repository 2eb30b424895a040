/**
 * What the admin console reads, each under its key of keys.ts, so that a change in mutations.ts
 * reaches exactly the answers it makes wrong. Lists paged by the server's opaque cursor (the audit
 * log, the delivery log) are infinite queries: "Show more" asks for the next page.
 */
import { authQueryOptions, toLatchError } from '@latch/react';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { authClient } from '../../lib/auth.ts';
import type { AuthResult } from '../../lib/wire-types.ts';
import { adminKeys } from './keys.ts';
import type {
  AuditFilters,
  AuditPage,
  DeliveryFilters,
  DeliveryPage,
  ListUsersQuery,
  OrganizationDetail,
  OrganizationPage,
} from './types.ts';

/** The one permission every page of the console needs (list-users and the audit log ask for it too). */
const CONSOLE_PERMISSION = { user: ['list'] };

/**
 * Whether the signed-in person may use the console: the server's own answer for their role
 * (`adminRoles`, `adminUserIds`). A server without the admin plugin answers 404: nobody may.
 */
async function readAccess(): Promise<AuthResult<boolean>> {
  const result = await authClient.admin.hasPermission({ permissions: CONSOLE_PERMISSION });
  if (result.error) {
    if (result.error.status === 404 || result.error.status === 401) return { data: false, error: null };
    return result;
  }
  return { data: result.data.success, error: null };
}

/** How long the answer holds before the console asks again (a role changes rarely; the server checks each call). */
const ACCESS_FRESH_MS = 60_000;

export function accessQuery(userId: string | null) {
  return {
    ...authQueryOptions(adminKeys.access(userId), readAccess),
    enabled: userId !== null,
    staleTime: ACCESS_FRESH_MS,
  };
}

export function usersQuery(query: ListUsersQuery) {
  return authQueryOptions(adminKeys.userList(query), () => authClient.admin.listUsers(query));
}

export function userQuery(userId: string) {
  return authQueryOptions(adminKeys.user(userId), () => authClient.admin.getUser({ id: userId }));
}

export function userSessionsQuery(userId: string) {
  return authQueryOptions(adminKeys.userSessions(userId), () => authClient.admin.listUserSessions({ userId }));
}

export function userAccountsQuery(userId: string) {
  return authQueryOptions(adminKeys.userAccounts(userId), () => authClient.admin.listUserAccounts({ userId }));
}

export function userOrganizationsQuery(userId: string) {
  return authQueryOptions(adminKeys.userOrganizations(userId), () =>
    authClient.admin.listUserOrganizations({ userId }),
  );
}

/** Rows per page of the organization list, and members per page of an organization. */
export const ORGANIZATION_PAGE_SIZE = 25;
export const MEMBER_PAGE_SIZE = 50;

/** Every organization (newest first) that matches the search, a page at a time ("Show more"). */
export function organizationsQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.organizationList(search),
    queryFn: ({ pageParam }): Promise<OrganizationPage> =>
      unwrap(
        authClient.admin.listOrganizations({
          limit: ORGANIZATION_PAGE_SIZE,
          ...(search ? { search } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: OrganizationPage) => last.nextCursor,
  });
}

/**
 * One organization: the first page brings the organization, its invitations and teams; "Show more"
 * asks for the next members (by offset, which the server reads along member's index).
 */
export function organizationQuery(organizationId: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.organization(organizationId),
    queryFn: ({ pageParam }): Promise<OrganizationDetail> =>
      unwrap(
        authClient.admin.getOrganization({
          id: organizationId,
          membersLimit: MEMBER_PAGE_SIZE,
          membersOffset: pageParam,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last: OrganizationDetail, pages: OrganizationDetail[]) => {
      const shown = pages.reduce((sum, page) => sum + page.members.length, 0);
      return last.members.length > 0 && shown < last.memberCount ? shown : undefined;
    },
  });
}

/** Rows per page of the audit log and the delivery log. */
export const LOG_PAGE_SIZE = 25;

async function unwrap<T>(call: Promise<AuthResult<T>>): Promise<T> {
  const result = await call;
  if (result.error !== null) throw toLatchError(result.error);
  return result.data;
}

export function auditEventsQuery(filters: AuditFilters, limit = LOG_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: [...adminKeys.auditEvents(filters), limit] as const,
    queryFn: ({ pageParam }): Promise<AuditPage> =>
      unwrap(authClient.admin.listAuditEvents({ ...filters, limit, ...(pageParam ? { cursor: pageParam } : {}) })),
    initialPageParam: null as string | null,
    getNextPageParam: (last: AuditPage) => last.nextCursor,
  });
}

/** Reads the whole log: enabled only when the admin asks (the page calls `refetch`). */
export function auditChainQuery() {
  return {
    ...authQueryOptions(adminKeys.auditChain(), () => authClient.admin.verifyAuditChain()),
    enabled: false,
  };
}

export function webhookEndpointsQuery() {
  return authQueryOptions(adminKeys.webhookEndpoints(), () => authClient.admin.webhooks.listEndpoints());
}

export function webhookEventTypesQuery() {
  return authQueryOptions(adminKeys.webhookEventTypes(), () => authClient.admin.webhooks.listEventTypes());
}

export function deliveriesQuery(filters: DeliveryFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.webhookDeliveries(filters),
    queryFn: ({ pageParam }): Promise<DeliveryPage> =>
      unwrap(
        authClient.admin.webhooks.listDeliveries({
          ...filters,
          limit: LOG_PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DeliveryPage) => last.nextCursor,
  });
}
