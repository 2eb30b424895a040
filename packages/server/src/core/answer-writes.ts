/**
 * Which statements change which remembered answers (core/session-changes.ts, the feed that
 * tells every instance when its memory may be used): a session or user row makes up a
 * session answer; the remembered reads (core/read-cache.ts) are made of those and of the
 * organization tables, and a new session row changes list-sessions. Pure functions over
 * Kysely's operation tree (and a pattern for raw SQL).
 */
import type { OperationNode, RootOperationNode } from 'kysely';

/** The tables whose rows make up a session answer. */
const WATCHED = new Set(['session', 'user']);
/**
 * The tables the remembered reads (core/read-cache.ts) are made of besides those: the
 * organization reads (organization, member, invitation, team, teamMember). A new session
 * row changes list-sessions, so for reads an INSERT into `session` counts too.
 */
const READ_WATCHED = new Set(['organization', 'member', 'invitation', 'team', 'teamMember']);
/** Raw SQL that writes one of them (the builders cover the rest). */
const RAW_WRITE =
  /\b(?:update|delete\s+from|insert\s+into|replace\s+into|truncate(?:\s+table)?)\s+[`"]?(?:session|user)[`"]?(?:\s|$|;)/i;
const RAW_READ_WRITE =
  /\b(?:update|delete\s+from|insert\s+into|replace\s+into|truncate(?:\s+table)?)\s+[`"]?(?:session|user|organization|member|invitation|team|teamMember)[`"]?(?:\s|$|\()/i;

/** What a statement changes: a session answer (and every read), only the remembered reads, or nothing. */
export type WriteKind = 'session' | 'read' | null;

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'TableNode') {
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  }
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return null;
}

/** Whether a query may change a session answer: an UPDATE, DELETE, upsert or raw write of a watched table. */
export function writesSessionAnswer(node: RootOperationNode): boolean {
  return writeKind(node) === 'session';
}

/**
 * What a query may change: 'session' for an UPDATE, DELETE, upsert or raw write of a
 * session or user row (which changes every remembered read too); 'read' for any write of
 * an organization table or a plain INSERT into `session`; null for the rest.
 */
export function writeKind(node: RootOperationNode): WriteKind {
  if (sessionWrite(node)) return 'session';
  return readWrite(node) ? 'read' : null;
}

function readWrite(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'UpdateQueryNode':
      return READ_WATCHED.has(tableName(node.table) ?? '');
    case 'DeleteQueryNode':
      return node.from.froms.some((from) => READ_WATCHED.has(tableName(from) ?? ''));
    case 'InsertQueryNode': {
      const table = tableName(node.into) ?? '';
      return READ_WATCHED.has(table) || table === 'session';
    }
    case 'RawNode':
      return RAW_READ_WRITE.test(node.sqlFragments.join('?'));
    default:
      return false;
  }
}

function sessionWrite(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'UpdateQueryNode': {
      if (WATCHED.has(tableName(node.table) ?? '')) return true;
      return false;
    }
    case 'DeleteQueryNode':
      return node.from.froms.some((from) => WATCHED.has(tableName(from) ?? ''));
    case 'InsertQueryNode':
      // a new row is in no answer yet; an upsert or REPLACE may overwrite one that is
      return (
        WATCHED.has(tableName(node.into) ?? '') &&
        (node.onConflict !== undefined || node.onDuplicateKey !== undefined || node.replace === true)
      );
    case 'RawNode':
      return RAW_WRITE.test(node.sqlFragments.join('?'));
    default:
      return false;
  }
}
