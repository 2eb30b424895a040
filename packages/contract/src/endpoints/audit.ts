/**
 * The audit log beyond the admin list (docs/audit-log.md): exports as JSON lines or CSV,
 * the hash chains' verification, and an organization's own events for its owners and
 * admins. The admin list itself is `admin.listAuditEvents`.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { isoDate } from '../entities.ts';
import { auditEventJson } from './admin.ts';

const tag = 'Audit log';

const auditId = z.string().min(1).max(255);
const cursor = z
  .string()
  .max(512)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The filters every audit read takes (all optional; `from`/`to` are inclusive bounds on createdAt). */
const filters = {
  type: z.string().min(1).max(255).optional(),
  actorUserId: auditId.optional(),
  targetId: auditId.optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};

/** `jsonl`: one event per line, as the list answers it; `csv`: a header row, then one row per event. */
const format = z.enum(['jsonl', 'csv']).default('jsonl');

const FILE_TYPES = ['application/x-ndjson', 'text/csv'] as const;

export const exportAuditEvents = endpoint({
  method: 'GET',
  path: '/admin/export-audit-events',
  tag,
  summary:
    'Every event that matches the filters, newest first, streamed as JSON lines or CSV (cells that a spreadsheet would run as a formula are prefixed with a quote)',
  query: z.object({ ...filters, organizationId: auditId.optional(), format }),
  response: z.string().describe('JSON lines (application/x-ndjson) or CSV (text/csv)'),
  answers: 'file',
  fileTypes: FILE_TYPES,
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin: 'admin',
});

const chainBreak = z.object({
  chainId: z.string(),
  reason: z.enum(['altered', 'missing', 'relinked', 'truncated', 'head_altered', 'anchor_altered', 'unknown_chain']),
  /** The row where the chain breaks (for `truncated`, the last row still there), when there is one. */
  eventId: z.string().nullable(),
  chainSeq: z.number().int().nullable(),
  createdAt: isoDate.nullable(),
});

export const verifyAuditChain = endpoint({
  method: 'GET',
  path: '/admin/verify-audit-chain',
  tag,
  summary:
    "Recomputes every chained event's hash and link, chain by chain, and reports the first broken link (reads the whole log: run it off-peak)",
  response: z
    .object({
      valid: z.boolean(),
      checkedEvents: z.number().int(),
      chains: z.number().int(),
      /** Events written before the chain existed (migration 0009): counted, not vouched for. */
      unchainedEvents: z.number().int(),
      firstBroken: chainBreak.nullable(),
      broken: z.array(chainBreak),
    })
    .meta({ id: 'AuditChainVerification' }),
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG'],
  session: 'sensitive',
  plugin: 'admin',
});

/** The organization: `organizationId`, else the session's active organization. */
const organizationQuery = { organizationId: auditId.optional() };

export const listOrganizationAuditEvents = endpoint({
  method: 'GET',
  path: '/organization/list-audit-events',
  tag,
  summary:
    "The organization's own audit events, newest first, filtered and paged by an opaque cursor (owners and admins: auditLog read)",
  query: z.object({
    ...organizationQuery,
    ...filters,
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: cursor.optional(),
  }),
  response: z.object({ events: z.array(auditEventJson), nextCursor: z.string().nullable() }),
  errors: ['UNAUTHORIZED', 'NO_ACTIVE_ORGANIZATION', 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin: 'organization',
});

export const exportOrganizationAuditEvents = endpoint({
  method: 'GET',
  path: '/organization/export-audit-events',
  tag,
  summary: "The organization's own audit events that match the filters, streamed as JSON lines or CSV",
  query: z.object({ ...organizationQuery, ...filters, format }),
  response: z.string().describe('JSON lines (application/x-ndjson) or CSV (text/csv)'),
  answers: 'file',
  fileTypes: FILE_TYPES,
  errors: ['UNAUTHORIZED', 'NO_ACTIVE_ORGANIZATION', 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin: 'organization',
});

/**
 * One of the signed-in person's own events: what they did, or what was done to their account.
 * The address and browser are the person's own: they are given only for what the person did
 * themselves, never for an admin's action, an impersonated one or an anonymous attempt.
 */
export const ownAuditEventJson = z
  .object({
    id: z.string(),
    createdAt: isoDate,
    type: z.string(),
    outcome: z.enum(['success', 'failure']),
    /** The person did it themselves (not an admin, not someone acting as them, not an anonymous attempt). */
    byYou: z.boolean(),
    actorType: z.enum(['user', 'system', 'server-api']),
    /** Done in an admin's impersonation of the person. */
    impersonated: z.boolean(),
    targetType: z.string().nullable(),
    organizationId: z.string().nullable(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'OwnAuditEvent' });

export const listOwnAuditEvents = endpoint({
  method: 'GET',
  path: '/list-own-audit-events',
  tag,
  summary:
    "The signed-in person's own security activity, newest first: the events they did and those done to their account (sign-ins, sessions, password, second factor, address, linked accounts, an admin's actions), paged by an opaque cursor; addresses and browsers only of what they did themselves",
  query: z.object({
    type: z.string().min(1).max(255).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: cursor.optional(),
  }),
  response: z.object({ events: z.array(ownAuditEventJson), nextCursor: z.string().nullable() }),
  errors: ['UNAUTHORIZED', 'NOT_ALLOWED_WHILE_IMPERSONATING', 'VALIDATION_ERROR'],
  session: 'sensitive',
});

export const auditEndpoints = [
  exportAuditEvents,
  verifyAuditChain,
  listOrganizationAuditEvents,
  exportOrganizationAuditEvents,
  listOwnAuditEvents,
] as const;
