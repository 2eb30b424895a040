/** What an audit event is (docs/audit-log.md): its kinds, who acts, and the row as the list answers it. */

/** Every kind this build writes; the list in docs/audit-log.md says which are not written yet. */
export const AUDIT_EVENT_TYPES = [
  'sign_in',
  'sign_up',
  'sign_out',
  'session.revoked',
  'password.changed',
  'password.reset',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.backup_codes_regenerated',
  'two_factor.verified',
  'passkey.added',
  'passkey.removed',
  'passkey.renamed',
  'email.verified',
  'email.change_requested',
  'email.change_confirmed',
  'account.linked',
  'account.unlinked',
  'user.banned',
  'user.unbanned',
  'user.role_changed',
  'user.created',
  'user.updated',
  'user.deleted',
  'impersonation.started',
  'impersonation.stopped',
  'admin.action_refused',
  'webhook.endpoint_created',
  'webhook.endpoint_updated',
  'webhook.endpoint_deleted',
  'webhook.secret_rotated',
  'webhook.delivery_replayed',
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'member.added',
  'member.removed',
  'member.role_changed',
  'invitation.sent',
  'invitation.accepted',
  'invitation.rejected',
  'invitation.canceled',
  'team.created',
  'team.updated',
  'team.removed',
  'team.member_added',
  'team.member_removed',
  'jwt.keys_rotated',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];
export type AuditOutcome = 'success' | 'failure';
export type AuditActorType = 'user' | 'system' | 'server-api';

/** Small, flat and free of secrets: keys naming a token, code, secret or password are refused. */
export type AuditDetails = Readonly<Record<string, string | number | boolean | null>>;

export interface AuditEventInput {
  type: AuditEventType;
  outcome?: AuditOutcome;
  /** The person acting; omitted or null for the system. */
  actorUserId?: string | null;
  /** Who acts when no person is known: `user` for an anonymous request (a refused sign-in). */
  actorType?: AuditActorType;
  /** The admin behind an impersonated session. */
  impersonatorUserId?: string | null;
  targetType?: 'user' | 'session' | 'organization' | 'invitation' | 'team' | 'webhook_endpoint' | 'jwt_key' | null;
  targetId?: string | null;
  organizationId?: string | null;
  details?: AuditDetails;
}

export interface AuditEvent {
  id: string;
  createdAt: Date;
  type: string;
  outcome: AuditOutcome;
  actorUserId: string | null;
  actorType: AuditActorType;
  impersonatorUserId: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
  /** The chain the row sits in, its place and its hash (features/audit/chain.ts); null before 0009-audit-chain. */
  chainId: string | null;
  chainSeq: number | null;
  hash: string | null;
}
