/** The shapes the admin console reads, each taken from its row of the endpoint table. */
import type { admin, adminOrganizations, audit, webhooks } from '@latch/contract';
import type { AdminClient, WebhooksAdminClient } from '../../lib/auth-admin.ts';
import type { AnswerOf } from '../../lib/wire-types.ts';

/** GET /admin/list-users as the console sends it (better-auth's wire shape). */
export type ListUsersQuery = Parameters<AdminClient['listUsers']>[0];
export type UserPage = AnswerOf<typeof admin.listUsers>;
export type AdminUser = UserPage['users'][number];
export type AdminSession = AnswerOf<typeof admin.listUserSessions>['sessions'][number];

/** The filters of GET /admin/list-audit-events, without the page (`cursor`). */
export type AuditFilters = Omit<Parameters<AdminClient['listAuditEvents']>[0], 'cursor'>;
export type AuditPage = AnswerOf<typeof admin.listAuditEvents>;
export type AuditEvent = AuditPage['events'][number];
export type ChainVerification = AnswerOf<typeof audit.verifyAuditChain>;
export type ChainBreak = ChainVerification['broken'][number];

export type WebhookEndpoint = AnswerOf<typeof webhooks.listEndpoints>['endpoints'][number];
export type WebhookDelivery = AnswerOf<typeof webhooks.listDeliveries>['deliveries'][number];
export type DeliveryPage = AnswerOf<typeof webhooks.listDeliveries>;
export type DeliveryStatus = WebhookDelivery['status'];
/** The filters of GET /admin/webhooks/list-deliveries, without the page (`cursor`). */
export type DeliveryFilters = Omit<Parameters<WebhooksAdminClient['listDeliveries']>[0], 'cursor'>;

export type OrganizationPage = AnswerOf<typeof adminOrganizations.listOrganizations>;
export type AdminOrganization = OrganizationPage['organizations'][number];
export type OrganizationDetail = AnswerOf<typeof adminOrganizations.getOrganization>;
export type OrganizationMember = OrganizationDetail['members'][number];
export type OrganizationInvitation = OrganizationDetail['invitations'][number];
export type OrganizationTeam = OrganizationDetail['teams'][number];
export type LinkedAccount = AnswerOf<typeof adminOrganizations.listUserAccounts>['accounts'][number];
export type UserMembership = AnswerOf<typeof adminOrganizations.listUserOrganizations>['memberships'][number];
