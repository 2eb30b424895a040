/**
 * The tables as Kysely sees them. Column names follow the spec's entities (camelCase,
 * singular table names). Dates come back as Date (Postgres, MariaDB) or ISO text
 * (SQLite) and booleans as boolean or 0/1: repos read them through values.ts.
 */
import type { ColumnType, Generated } from 'kysely';

type DateColumn = ColumnType<Date | string, Date, Date>;
type NullableDate = ColumnType<Date | string | null, Date | null | undefined, Date | null>;
type Bool = ColumnType<boolean | number, boolean, boolean>;
type NullableBool = ColumnType<boolean | number | null, boolean | null | undefined, boolean | null>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: DateColumn;
  updatedAt: DateColumn;
  username: string | null;
  displayUsername: string | null;
  language: number | null;
  role: string | null;
  banned: NullableBool;
  banReason: string | null;
  banExpires: NullableDate;
  twoFactorEnabled: NullableBool;
}

export interface SessionTable {
  id: string;
  /** SHA-256 of the cookie's token (base64url): the token itself is never stored. */
  token: string;
  userId: string;
  expiresAt: DateColumn;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: DateColumn;
  updatedAt: DateColumn;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
  impersonatedBy: string | null;
  /** When this session last proved a second factor (0011-session-second-factor); null: never. */
  secondFactorVerifiedAt: NullableDate;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: NullableDate;
  refreshTokenExpiresAt: NullableDate;
  scope: string | null;
  password: string | null;
  createdAt: DateColumn;
  updatedAt: DateColumn;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: DateColumn;
  createdAt: DateColumn;
  updatedAt: DateColumn;
  /** Tries spent on a code or challenge (0002-attempt-counters); taken atomically before a check. */
  attempts: Generated<number>;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  createdAt: DateColumn;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  teamId: string | null;
  createdAt: DateColumn;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: string;
  teamId: string | null;
  inviterId: string;
  expiresAt: DateColumn;
  createdAt: DateColumn;
}

export interface TeamTable {
  id: string;
  name: string;
  organizationId: string;
  createdAt: DateColumn;
  updatedAt: NullableDate;
}

export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  createdAt: NullableDate;
}

export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: NullableBool;
  failedVerificationCount: number | null;
  lockedUntil: NullableDate;
}

export interface JwksTable {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: DateColumn;
  expiresAt: NullableDate;
  alg: string | null;
  crv: string | null;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  /** Milliseconds since the epoch. */
  lastRequest: ColumnType<number | string, number, number>;
}

/** Consecutive sign-in failures of one identity (0003-sign-in-lockout, features/credentials/lockout.ts). */
export interface SignInLockoutTable {
  /** `user:<id>`, or `unknown:<digest>` for an address or username without an account. */
  key: string;
  failures: Generated<number>;
  /** Milliseconds since the epoch before which no password is compared for this key. */
  lockedUntil: ColumnType<number | string, number | undefined, number>;
}

/** One security-relevant event (0004-audit-events, features/audit). */
export interface AuditEventTable {
  id: string;
  createdAt: DateColumn;
  type: string;
  outcome: 'success' | 'failure';
  /** Null when the system acted (a sweep, a server-side call without a person). */
  actorUserId: string | null;
  actorType: 'user' | 'system' | 'server-api';
  /** The admin behind an impersonated session, when the actor is impersonated. */
  impersonatorUserId: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** Small JSON object; never a token, code, secret or password. */
  details: string | null;
  /** The chain the row was written on (0009-audit-chain); null for rows written before it. */
  chainId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The row's place in its chain, from 1 (pg returns a bigint as text). */
  chainSeq: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The hash of the chain's previous row (null for a chain's first). */
  prevHash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Keyed hash of the row's content and its link (features/audit/chain.ts). */
  hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One head per audit chain (0009-audit-chain, features/audit/chain.ts). */
export interface AuditChainTable {
  id: string;
  seq: ColumnType<number | string, number, number>;
  lastHash: string | null;
  headMac: string | null;
  prunedSeq: ColumnType<number | string, number, number>;
  prunedHash: string | null;
  prunedMac: string | null;
}

/** An operator's subscription of an HTTPS endpoint to audit event types (0006-webhooks, features/webhooks). */
export interface WebhookEndpointTable {
  id: string;
  url: string;
  description: string | null;
  /** JSON array of event types, or ["*"]. */
  eventTypes: string;
  enabled: Bool;
  /** The `whsec_…` signing secret, encrypted at rest. */
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: NullableDate;
  createdAt: DateColumn;
  updatedAt: DateColumn;
}

/** One event for one endpoint: the durable queue and the delivery log (0006-webhooks). */
export interface WebhookDeliveryTable {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** The webhook-id header, the same for every attempt and replay. */
  messageId: string;
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: Generated<number>;
  nextAttemptAt: DateColumn;
  leaseToken: string | null;
  lastAttemptAt: NullableDate;
  lastStatusCode: number | null;
  lastError: string | null;
  replayOf: string | null;
  createdAt: DateColumn;
  completedAt: NullableDate;
}

/** One WebAuthn credential of a user (0005-passkeys, features/passkey). */
export interface PasskeyTable {
  id: string;
  name: string | null;
  /** The COSE public key, base64 (better-auth's encoding). */
  publicKey: string;
  userId: string;
  /** base64url, case-sensitive. */
  credentialID: string;
  /** The authenticator's signature counter (unsigned 32-bit; pg returns a bigint as text). */
  counter: ColumnType<number | string, number, number>;
  deviceType: string;
  backedUp: Bool;
  /** Comma-separated, as better-auth stores them. */
  transports: string | null;
  createdAt: DateColumn;
  aaguid: string | null;
  /** The user handle (base64url) given to the authenticator at registration. */
  webauthnUserID: string | null;
  lastUsedAt: NullableDate;
}

/** Who runs a job that must run on one instance at a time, and until when (0010-leases, core/db/lease.ts). */
export interface LeaseTable {
  name: string;
  holder: string;
  expiresAt: DateColumn;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  twoFactor: TwoFactorTable;
  jwks: JwksTable;
  rateLimit: RateLimitTable;
  signInLockout: SignInLockoutTable;
  auditEvent: AuditEventTable;
  auditChain: AuditChainTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookDelivery: WebhookDeliveryTable;
  passkey: PasskeyTable;
  lease: LeaseTable;
}

export type Dialect = 'sqlite' | 'postgres' | 'mysql';
