/**
 * The admin console's calls for component tests (`mockClient.admin` of test/mock-auth.ts): the
 * permission check says "not an admin" and the lists answer "nothing yet"; a test that needs more
 * sets its answers.
 */
import { encodeQuery } from '@latch/client';
import { vi } from 'vitest';
import type { AdminClient, WebhooksAdminClient } from '../lib/auth-admin.ts';
import type { AuthResult } from '../lib/wire-types.ts';

const ok = <T>(data: T): Promise<AuthResult<T>> => Promise.resolve({ data, error: null });

function createMockWebhooksClient() {
  return {
    listEndpoints: vi.fn<WebhooksAdminClient['listEndpoints']>(() => ok({ endpoints: [] })),
    createEndpoint: vi.fn<WebhooksAdminClient['createEndpoint']>(),
    updateEndpoint: vi.fn<WebhooksAdminClient['updateEndpoint']>(),
    deleteEndpoint: vi.fn<WebhooksAdminClient['deleteEndpoint']>(() => ok({ success: true })),
    rotateSecret: vi.fn<WebhooksAdminClient['rotateSecret']>(),
    listDeliveries: vi.fn<WebhooksAdminClient['listDeliveries']>(() => ok({ deliveries: [], nextCursor: null })),
    replayDelivery: vi.fn<WebhooksAdminClient['replayDelivery']>(),
    listEventTypes: vi.fn<WebhooksAdminClient['listEventTypes']>(() => ok({ eventTypes: [] })),
  } satisfies WebhooksAdminClient;
}

export function createMockAdminClient() {
  return {
    hasPermission: vi.fn<AdminClient['hasPermission']>(() => ok({ error: null, success: false })),
    listUsers: vi.fn<AdminClient['listUsers']>(() => ok({ users: [], total: 0, totalCapped: false, nextCursor: null })),
    getUser: vi.fn<AdminClient['getUser']>(),
    createUser: vi.fn<AdminClient['createUser']>(),
    updateUser: vi.fn<AdminClient['updateUser']>(),
    removeUser: vi.fn<AdminClient['removeUser']>(() => ok({ success: true })),
    setUserPassword: vi.fn<AdminClient['setUserPassword']>(() => ok({ status: true })),
    banUser: vi.fn<AdminClient['banUser']>(),
    unbanUser: vi.fn<AdminClient['unbanUser']>(),
    listUserSessions: vi.fn<AdminClient['listUserSessions']>(() => ok({ sessions: [] })),
    revokeUserSession: vi.fn<AdminClient['revokeUserSession']>(() => ok({ success: true })),
    revokeUserSessions: vi.fn<AdminClient['revokeUserSessions']>(() => ok({ success: true })),
    impersonateUser: vi.fn<AdminClient['impersonateUser']>(),
    stopImpersonating: vi.fn<AdminClient['stopImpersonating']>(),
    listAuditEvents: vi.fn<AdminClient['listAuditEvents']>(() => ok({ events: [], nextCursor: null, people: {} })),
    verifyAuditChain: vi.fn<AdminClient['verifyAuditChain']>(),
    exportAuditEventsHref: vi.fn<AdminClient['exportAuditEventsHref']>(
      (query) => `/api/auth/admin/export-audit-events${encodeQuery(query)}`,
    ),
    listOrganizations: vi.fn<AdminClient['listOrganizations']>(() =>
      ok({ organizations: [], total: 0, nextCursor: null }),
    ),
    getOrganization: vi.fn<AdminClient['getOrganization']>(),
    listUserAccounts: vi.fn<AdminClient['listUserAccounts']>(() => ok({ accounts: [] })),
    listUserOrganizations: vi.fn<AdminClient['listUserOrganizations']>(() => ok({ memberships: [] })),
    webhooks: createMockWebhooksClient(),
  } satisfies AdminClient;
}
