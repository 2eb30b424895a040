/**
 * Reading the audit log for the admin and organization endpoints (docs/audit-log.md):
 * pages with an opaque keyset cursor, and exports streamed as JSON lines or CSV, a page of
 * rows at a time, so that a large export never holds the log in memory.
 */
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import type { AuditEvent } from './model.ts';
import { type AuditDb, type AuditFilter, listAuditEvents } from './repo.ts';

/** The filters as the endpoints' queries carry them (validated by the contract's rows). */
export interface AuditQuery {
  type?: string | undefined;
  actorUserId?: string | undefined;
  targetId?: string | undefined;
  organizationId?: string | undefined;
  outcome?: 'success' | 'failure' | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function filterOf(q: AuditQuery): AuditFilter {
  return {
    type: q.type,
    actorUserId: q.actorUserId,
    targetId: q.targetId,
    organizationId: q.organizationId,
    outcome: q.outcome,
    from: q.from === undefined ? undefined : new Date(q.from),
    to: q.to === undefined ? undefined : new Date(q.to),
  };
}

/** The cursor is the last row's (createdAt, id), opaque to the caller. */
export function encodeCursor(event: AuditEvent): string {
  return Buffer.from(`${event.createdAt.getTime()}:${event.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):(.{1,255})$/.exec(text);
  if (!match?.[1] || !match[2]) throw authError('VALIDATION_ERROR');
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}

export function auditEventToJson(event: AuditEvent) {
  return { ...event, createdAt: event.createdAt.toISOString() };
}

/** One page, newest first; `nextCursor` is null on the last. */
export async function readAuditPage(db: AuditDb, filter: AuditFilter, limit: number, cursor: string | undefined) {
  // one more than asked: whether a next page exists, without a count
  const found = await listAuditEvents(
    db,
    { ...filter, before: cursor === undefined ? undefined : decodeCursor(cursor) },
    limit + 1,
  );
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(auditEventToJson),
    nextCursor: found.length > limit && last ? encodeCursor(last) : null,
  };
}

export type ExportFormat = 'jsonl' | 'csv';

const CSV_COLUMNS = [
  'id',
  'createdAt',
  'type',
  'outcome',
  'actorUserId',
  'actorType',
  'impersonatorUserId',
  'targetType',
  'targetId',
  'organizationId',
  'ipAddress',
  'userAgent',
  'details',
  'chainId',
  'chainSeq',
  'hash',
] as const;

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a value starting with = + - @,
 * a tab or a carriage return, which a spreadsheet would run as a formula, gets a leading
 * apostrophe (OWASP's advice on CSV injection); every value is quoted, quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

function csvLine(event: AuditEvent): string {
  const json = auditEventToJson(event);
  return `${CSV_COLUMNS.map((column) => {
    const value = json[column];
    return csvCell(
      column === 'details' ? (value === null ? null : JSON.stringify(value)) : (value as string | number | null),
    );
  }).join(',')}\r\n`;
}

const EXPORT_PAGE = 500;

/**
 * Every row that passes the filter, newest first, as a download: the stream reads one page
 * per pull, so the answer flows as the client reads it. A read that fails half way ends the
 * stream with an error (the client sees a cut answer, never a short file that looks whole).
 */
export function exportAuditEvents(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'logger'>,
  filter: AuditFilter,
  format: ExportFormat,
): Response {
  const encoder = new TextEncoder();
  let before: AuditFilter['before'];
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const rows = await listAuditEvents(deps.db, { ...filter, before }, EXPORT_PAGE);
        let text = '';
        if (!started && format === 'csv') text += `${CSV_COLUMNS.map((c) => csvCell(c)).join(',')}\r\n`;
        started = true;
        for (const event of rows)
          text += format === 'csv' ? csvLine(event) : `${JSON.stringify(auditEventToJson(event))}\n`;
        if (text) controller.enqueue(encoder.encode(text));
        const last = rows.at(-1);
        if (rows.length < EXPORT_PAGE || !last) controller.close();
        else before = { createdAt: last.createdAt, id: last.id };
      } catch (err) {
        deps.logger.error('audit export failed while streaming', { error: err });
        controller.error(err);
      }
    },
  });
  const day = deps.clock.now().toISOString().slice(0, 10);
  const extension = format === 'csv' ? 'csv' : 'jsonl';
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="audit-events-${day}.${extension}"`,
      'cache-control': 'no-store',
    },
  });
}
