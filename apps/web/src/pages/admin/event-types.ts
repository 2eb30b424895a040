/**
 * The audit event kinds the console knows by name (the audit log's filter offers them): the keys of
 * the English labels, so a kind and its label in all eight languages arrive together (the
 * translations test holds the other languages to the same keys). They are the kinds the server's
 * features/audit/model.ts writes; the browser journey compares them with the server's own list
 * (GET /admin/webhooks/list-event-types). A kind the console does not know still shows, by its name.
 */
import { adminEn } from '../../i18n/locales/admin/en.ts';

export const AUDIT_EVENT_TYPES: readonly string[] = Object.keys(adminEn.eventTypes);
