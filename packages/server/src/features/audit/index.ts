export { AUDIT_EVENT_TYPES, type AuditEvent, type AuditEventInput, type AuditEventType } from './model.ts';
export {
  type AuditQuery,
  auditEventToJson,
  type ExportFormat,
  exportAuditEvents,
  filterOf,
  readAuditPage,
} from './reader.ts';
export { type AuditFilter, listAuditEvents } from './repo.ts';
export { deleteAuditEventsBefore } from './retention.ts';
export { auditEndpoints } from './routes.ts';
export {
  type AuditActor,
  type AuditCtx,
  actorOf,
  auditActor,
  byActor,
  recordEvent,
  sanitizeDetails,
} from './service.ts';
export { type ChainBreak, type ChainVerification, verifyAuditChains } from './verify.ts';
