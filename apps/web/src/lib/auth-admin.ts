/**
 * The admin console's calls (docs/admin.md, docs/audit-log.md, docs/webhooks.md), part of the one
 * door `authClient` of lib/auth.ts as `authClient.admin`. Each is typed by its row of the endpoint
 * table (packages/contract/src/endpoints/admin.ts, audit.ts, webhooks.ts). The server checks an
 * admin role on every one of them; the web only hides what a person may not use.
 */
import { encodeQuery, type AuthClient as LatchClient } from '@latch/client';
import type { admin, adminOrganizations, audit, EndpointEntry, webhooks } from '@latch/contract';
import type { AnswerOf, AuthResult, InputOf } from './wire-types.ts';

type Call<E extends EndpointEntry> = (input: InputOf<E>) => Promise<AuthResult<AnswerOf<E>>>;
type Bare<E extends EndpointEntry> = () => Promise<AuthResult<AnswerOf<E>>>;

type QueryOf<E extends EndpointEntry> = NonNullable<InputOf<E> extends { query?: infer Q } ? Q : never>;
type QueryCall<E extends EndpointEntry> = (query: QueryOf<E>) => Promise<AuthResult<AnswerOf<E>>>;

/** The filters and format of GET /admin/export-audit-events. */
export type AuditExportQuery = QueryOf<typeof audit.exportAuditEvents>;

export interface WebhooksAdminClient {
  listEndpoints: Bare<typeof webhooks.listEndpoints>;
  /** Answers the signing secret, this once. */
  createEndpoint: Call<typeof webhooks.createEndpoint>;
  updateEndpoint: Call<typeof webhooks.updateEndpoint>;
  deleteEndpoint: Call<typeof webhooks.deleteEndpoint>;
  /** Answers the new signing secret, this once. */
  rotateSecret: Call<typeof webhooks.rotateSecret>;
  listDeliveries: QueryCall<typeof webhooks.listDeliveries>;
  replayDelivery: Call<typeof webhooks.replayDelivery>;
  listEventTypes: Bare<typeof webhooks.listEventTypes>;
}

export interface AdminClient {
  /** Whether the session's role grants the listed actions (`{ error: null, success }`). */
  hasPermission: Call<typeof admin.hasPermission>;
  listUsers: QueryCall<typeof admin.listUsers>;
  getUser: QueryCall<typeof admin.getUser>;
  createUser: Call<typeof admin.createUser>;
  updateUser: Call<typeof admin.updateUser>;
  removeUser: Call<typeof admin.removeUser>;
  setUserPassword: Call<typeof admin.setUserPassword>;
  banUser: Call<typeof admin.banUser>;
  unbanUser: Call<typeof admin.unbanUser>;
  listUserSessions: Call<typeof admin.listUserSessions>;
  revokeUserSession: Call<typeof admin.revokeUserSession>;
  revokeUserSessions: Call<typeof admin.revokeUserSessions>;
  impersonateUser: Call<typeof admin.impersonateUser>;
  stopImpersonating: Bare<typeof admin.stopImpersonating>;
  listAuditEvents: QueryCall<typeof admin.listAuditEvents>;
  /** Reads the whole log: the console runs it when asked, never by itself. */
  verifyAuditChain: Bare<typeof audit.verifyAuditChain>;
  /**
   * The address of an export (a file the server streams with its own name): a link the browser
   * downloads with the session's cookie, so a large log never sits in the page's memory.
   */
  exportAuditEventsHref: (query: AuditExportQuery) => string;
  listOrganizations: QueryCall<typeof adminOrganizations.listOrganizations>;
  /** One organization with a page of its members, its invitations and teams (the admin need not be a member). */
  getOrganization: QueryCall<typeof adminOrganizations.getOrganization>;
  /** A person's linked accounts: providers and scopes, never a token. */
  listUserAccounts: QueryCall<typeof adminOrganizations.listUserAccounts>;
  listUserOrganizations: QueryCall<typeof adminOrganizations.listUserOrganizations>;
  webhooks: WebhooksAdminClient;
}

/** The admin calls bound to the app's client (same origin, base path /api/auth). */
export function bindAdminClient(client: LatchClient<false>, basePath = '/api/auth'): AdminClient {
  return {
    hasPermission: (body) => client.admin.hasPermission(body),
    listUsers: (query) => client.admin.listUsers({ query }),
    getUser: (query) => client.admin.getUser({ query }),
    createUser: (body) => client.admin.createUser(body),
    updateUser: (body) => client.admin.updateUser(body),
    removeUser: (body) => client.admin.removeUser(body),
    setUserPassword: (body) => client.admin.setUserPassword(body),
    banUser: (body) => client.admin.banUser(body),
    unbanUser: (body) => client.admin.unbanUser(body),
    listUserSessions: (body) => client.admin.listUserSessions(body),
    revokeUserSession: (body) => client.admin.revokeUserSession(body),
    revokeUserSessions: (body) => client.admin.revokeUserSessions(body),
    impersonateUser: (body) => client.admin.impersonateUser(body),
    stopImpersonating: () => client.admin.stopImpersonating(),
    listAuditEvents: (query) => client.admin.listAuditEvents({ query }),
    verifyAuditChain: () => client.admin.verifyAuditChain(),
    exportAuditEventsHref: (query) => `${basePath}/admin/export-audit-events${encodeQuery(query)}`,
    listOrganizations: (query) => client.admin.listOrganizations({ query }),
    getOrganization: (query) => client.admin.getOrganization({ query }),
    listUserAccounts: (query) => client.admin.listUserAccounts({ query }),
    listUserOrganizations: (query) => client.admin.listUserOrganizations({ query }),
    webhooks: {
      listEndpoints: () => client.admin.webhooks.listEndpoints(),
      createEndpoint: (body) => client.admin.webhooks.createEndpoint(body),
      updateEndpoint: (body) => client.admin.webhooks.updateEndpoint(body),
      deleteEndpoint: (body) => client.admin.webhooks.deleteEndpoint(body),
      rotateSecret: (body) => client.admin.webhooks.rotateSecret(body),
      listDeliveries: (query) => client.admin.webhooks.listDeliveries({ query }),
      replayDelivery: (body) => client.admin.webhooks.replayDelivery(body),
      listEventTypes: () => client.admin.webhooks.listEventTypes(),
    },
  };
}
