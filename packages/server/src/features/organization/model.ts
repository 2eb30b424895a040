/** Organizations and members as the service works with them, and their JSON forms (CONTRACT §6.2). */
import type { Selectable } from 'kysely';
import type { MemberTable, OrganizationTable } from '../../core/db/schema.ts';
import { toDate } from '../../core/db/values.ts';

export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  /** JSON text, as stored. */
  metadata: string | null;
  createdAt: Date;
}

export interface Member {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Date;
}

export interface MemberUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export interface MemberWithUser extends Member {
  user: MemberUser;
}

export interface OrganizationJson {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | Record<string, unknown> | null;
  createdAt: string;
}

export interface MemberJson {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
}

export function organizationFromRow(row: Selectable<OrganizationTable>): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    metadata: row.metadata,
    createdAt: toDate(row.createdAt),
  };
}

export function memberFromRow(row: Selectable<MemberTable>): Member {
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    role: row.role,
    createdAt: toDate(row.createdAt),
  };
}

function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * `metadata` is an object in the answers of create and update, the raw JSON text
 * everywhere else (observed in better-auth 1.7, CONTRACT §6.2 "Entity JSON").
 */
export function organizationToJson(org: Organization, opts: { metadataAsObject?: boolean } = {}): OrganizationJson {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    logo: org.logo,
    metadata: opts.metadataAsObject ? parseMetadata(org.metadata) : org.metadata,
    createdAt: org.createdAt.toISOString(),
  };
}

export function memberToJson(member: Member): MemberJson {
  return {
    id: member.id,
    organizationId: member.organizationId,
    userId: member.userId,
    role: member.role,
    createdAt: member.createdAt.toISOString(),
  };
}

export function memberWithUserToJson(member: MemberWithUser): MemberJson & { user: MemberUser } {
  return { ...memberToJson(member), user: { ...member.user } };
}
