export { AUDIT_EVENT_TYPES, type AuditEvent, type AuditEventInput, type AuditEventType } from './model.ts';
export { type AuditFilter, deleteAuditEventsBefore, listAuditEvents } from './repo.ts';
export { type AuditCtx, actorOf, recordEvent, sanitizeDetails } from './service.ts';
