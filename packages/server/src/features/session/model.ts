/** The session as the service works with it, and its JSON form (CONTRACT §4 "Session JSON"). */
import type { SessionJson } from '@latch/contract';
import type { Selectable } from 'kysely';
import type { SessionTable } from '../../core/db/schema.ts';
import { toDate } from '../../core/db/values.ts';
import type { User } from '../user/index.ts';

export interface Session {
  id: string;
  /** SHA-256 of the cookie token; also the opaque id that list-sessions shows and revoke-session takes. */
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
  impersonatedBy: string | null;
  /**
   * When this session last proved a second factor (the two-factor step of its sign-in, a
   * passkey, or a code entered inside it); null: never. Read from the database only: a
   * session rebuilt from the cookie cache or the wire claims no proof.
   */
  secondFactorVerifiedAt: Date | null;
}

export interface SessionWithUser {
  session: Session;
  user: User;
  /** The raw token from the cookie (null when the session came from somewhere else). */
  token: string | null;
}

export function sessionFromRow(row: Selectable<SessionTable>): Session {
  return {
    id: row.id,
    tokenHash: row.token,
    userId: row.userId,
    expiresAt: toDate(row.expiresAt),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    activeOrganizationId: row.activeOrganizationId,
    activeTeamId: row.activeTeamId,
    impersonatedBy: row.impersonatedBy,
    secondFactorVerifiedAt: row.secondFactorVerifiedAt ? toDate(row.secondFactorVerifiedAt) : null,
  };
}

export function sessionToJson(session: Session): SessionJson {
  return {
    id: session.id,
    token: session.tokenHash,
    userId: session.userId,
    expiresAt: session.expiresAt.toISOString(),
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
    activeOrganizationId: session.activeOrganizationId,
    activeTeamId: session.activeTeamId,
    impersonatedBy: session.impersonatedBy,
  };
}

export function sessionFromJson(json: SessionJson): Session {
  return {
    id: json.id,
    tokenHash: json.token,
    userId: json.userId,
    expiresAt: new Date(json.expiresAt),
    createdAt: new Date(json.createdAt),
    updatedAt: new Date(json.updatedAt),
    ipAddress: json.ipAddress,
    userAgent: json.userAgent,
    activeOrganizationId: json.activeOrganizationId,
    activeTeamId: json.activeTeamId,
    impersonatedBy: json.impersonatedBy,
    secondFactorVerifiedAt: null,
  };
}
