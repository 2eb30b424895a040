/**
 * The query keys of the admin console, below @latch/react's `['latch']` root: when the signed-in
 * person changes (an impersonation starts or stops, someone signs out) lib/session.ts resets
 * everything under that root, so one person's view of the console never shows to the next.
 *
 * The shape decides what an invalidation reaches: `users()` is every page of the user table,
 * `user(id)` one person with their sessions below it, `audit()` every read of the log (the whole
 * log and each person's trail), `webhooks()` the endpoints and every delivery log.
 */
import type { AuditFilters, DeliveryFilters, ListUsersQuery } from './types.ts';

export const adminKeys = {
  all: () => ['latch', 'admin'] as const,
  /** Whether this person may use the console (has-permission), per person. */
  access: (userId: string | null) => ['latch', 'admin', 'access', userId] as const,
  users: () => ['latch', 'admin', 'users'] as const,
  userList: (query: ListUsersQuery) => ['latch', 'admin', 'users', query] as const,
  user: (userId: string) => ['latch', 'admin', 'user', userId] as const,
  userSessions: (userId: string) => ['latch', 'admin', 'user', userId, 'sessions'] as const,
  userAccounts: (userId: string) => ['latch', 'admin', 'user', userId, 'accounts'] as const,
  userOrganizations: (userId: string) => ['latch', 'admin', 'user', userId, 'organizations'] as const,
  /** Every read of organizations: the list's pages and each organization. */
  organizations: () => ['latch', 'admin', 'organizations'] as const,
  organizationList: (search: string) => ['latch', 'admin', 'organizations', 'list', search] as const,
  organization: (organizationId: string) => ['latch', 'admin', 'organizations', 'one', organizationId] as const,
  audit: () => ['latch', 'admin', 'audit'] as const,
  auditEvents: (filters: AuditFilters) => ['latch', 'admin', 'audit', filters] as const,
  /** Not below `audit()`: a change adds events, but the check runs again only when asked. */
  auditChain: () => ['latch', 'admin', 'audit-chain'] as const,
  webhooks: () => ['latch', 'admin', 'webhooks'] as const,
  webhookEndpoints: () => ['latch', 'admin', 'webhooks', 'endpoints'] as const,
  /** Every page of every delivery log (any endpoint, any status). */
  webhookDeliveryLogs: () => ['latch', 'admin', 'webhooks', 'deliveries'] as const,
  webhookDeliveries: (filters: DeliveryFilters) => ['latch', 'admin', 'webhooks', 'deliveries', filters] as const,
  webhookEventTypes: () => ['latch', 'admin', 'webhook-event-types'] as const,
};
