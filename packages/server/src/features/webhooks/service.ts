/**
 * The admin's side of webhooks (docs/webhooks.md): endpoints created, changed, deleted and
 * given new secrets, and deliveries replayed. Each change and its audit event commit in one
 * transaction. URLs are checked against the policy when saved (and again before every
 * attempt); event types must be ones the audit log writes, or "*".
 */

import { generateId } from '../../core/crypto/random.ts';
import { AuthError, authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { AUDIT_EVENT_TYPES, type AuditEventType, actorOf, recordEvent } from '../audit/index.ts';
import type { SessionWithUser } from '../session/index.ts';
import { ALL_EVENTS, type WebhookDelivery, type WebhookEndpoint } from './model.ts';
import {
  deleteEndpointRow,
  findDelivery,
  findEndpoint,
  findEndpointSecrets,
  insertDeliveries,
  insertEndpoint,
  updateEndpointRow,
  type WebhooksDb,
} from './repo.ts';
import { generateSecret, PREVIOUS_SECRET_SECONDS, secretEncrypter } from './signing.ts';
import { urlProblem } from './url-policy.ts';

type Ctx = RequestContext<unknown, unknown>;

/** The types an endpoint may subscribe to: what the audit log writes. */
export function subscribableEventTypes(): readonly string[] {
  return AUDIT_EVENT_TYPES;
}

/** Unknown types are the caller's mistake (400 VALIDATION_ERROR naming the item); duplicates are dropped. */
function checkEventTypes(types: readonly string[]): string[] {
  const known = new Set<string>(AUDIT_EVENT_TYPES);
  types.forEach((type, i) => {
    if (type !== ALL_EVENTS && !known.has(type)) {
      throw new AuthError(400, 'VALIDATION_ERROR', `[body.eventTypes.${i}] unknown event type "${type}"`);
    }
  });
  const unique = [...new Set(types)];
  return unique.includes(ALL_EVENTS) ? [ALL_EVENTS] : unique;
}

function checkUrl(ctx: Ctx, url: string): string {
  const { allowInsecureUrls, allowPrivateNetworks } = ctx.deps.config.webhooks;
  const problem = urlProblem(url, { allowInsecureUrls, allowPrivateNetworks });
  if (problem) throw authError('WEBHOOK_URL_NOT_ALLOWED', { message: `Webhook URL not allowed: ${problem}` });
  return url;
}

async function audit(
  db: WebhooksDb,
  ctx: Ctx,
  admin: SessionWithUser,
  type: AuditEventType,
  endpointId: string,
  details: Record<string, string | number | boolean | null> = {},
): Promise<void> {
  await recordEvent(db, ctx, {
    type,
    ...actorOf(admin),
    targetType: 'webhook_endpoint',
    targetId: endpointId,
    details,
  });
}

async function requireEndpoint(db: WebhooksDb, id: string): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(db, id);
  if (!endpoint) throw authError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return endpoint;
}

export interface EndpointInput {
  url: string;
  eventTypes: string[];
  description?: string | undefined;
  enabled: boolean;
}

export async function createEndpoint(
  ctx: Ctx,
  admin: SessionWithUser,
  input: EndpointInput,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = checkUrl(ctx, input.url);
  const eventTypes = checkEventTypes(input.eventTypes);
  const secret = generateSecret();
  const now = ctx.deps.clock.now();
  const id = generateId();
  const endpoint = await ctx.deps.db.transaction().execute(async (trx) => {
    await insertEndpoint(trx, {
      id,
      url,
      description: input.description ?? null,
      eventTypes: JSON.stringify(eventTypes),
      enabled: input.enabled,
      secret: secretEncrypter(ctx.deps.config.secret).encrypt(secret),
      previousSecret: null,
      previousSecretExpiresAt: null,
      createdAt: now,
      updatedAt: now,
    });
    // the URL is not in the row: one may carry a token in its query
    await audit(trx, ctx, admin, 'webhook.endpoint_created', id, {
      eventTypes: eventTypes.join(','),
      enabled: input.enabled,
    });
    return requireEndpoint(trx, id);
  });
  return { endpoint, secret };
}

export interface EndpointChanges {
  url?: string | undefined;
  eventTypes?: string[] | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
}

export async function updateEndpoint(
  ctx: Ctx,
  admin: SessionWithUser,
  id: string,
  changes: EndpointChanges,
): Promise<WebhookEndpoint> {
  const url = changes.url === undefined ? undefined : checkUrl(ctx, changes.url);
  const eventTypes = changes.eventTypes === undefined ? undefined : checkEventTypes(changes.eventTypes);
  return ctx.deps.db.transaction().execute(async (trx) => {
    await requireEndpoint(trx, id);
    await updateEndpointRow(trx, id, {
      ...(url !== undefined && { url }),
      ...(eventTypes !== undefined && { eventTypes: JSON.stringify(eventTypes) }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.enabled !== undefined && { enabled: changes.enabled }),
      updatedAt: ctx.deps.clock.now(),
    });
    const fields = Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([key]) => key)
      .sort();
    await audit(trx, ctx, admin, 'webhook.endpoint_updated', id, {
      fields: fields.join(','),
      ...(eventTypes !== undefined && { eventTypes: eventTypes.join(',') }),
      ...(changes.enabled !== undefined && { enabled: changes.enabled }),
    });
    return requireEndpoint(trx, id);
  });
}

export async function deleteEndpoint(ctx: Ctx, admin: SessionWithUser, id: string): Promise<void> {
  await ctx.deps.db.transaction().execute(async (trx) => {
    if (!(await deleteEndpointRow(trx, id))) throw authError('WEBHOOK_ENDPOINT_NOT_FOUND');
    await audit(trx, ctx, admin, 'webhook.endpoint_deleted', id);
  });
}

/** A new secret; the old one keeps signing beside it for PREVIOUS_SECRET_SECONDS. */
export async function rotateSecret(
  ctx: Ctx,
  admin: SessionWithUser,
  id: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const secret = generateSecret();
  const now = ctx.deps.clock.now();
  const encrypter = secretEncrypter(ctx.deps.config.secret);
  const endpoint = await ctx.deps.db.transaction().execute(async (trx) => {
    const current = await findEndpointSecrets(trx, id);
    if (!current) throw authError('WEBHOOK_ENDPOINT_NOT_FOUND');
    await updateEndpointRow(trx, id, {
      secret: encrypter.encrypt(secret),
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_SECONDS * 1000),
      updatedAt: now,
    });
    await audit(trx, ctx, admin, 'webhook.secret_rotated', id);
    return requireEndpoint(trx, id);
  });
  return { endpoint, secret };
}

/**
 * Sends a delivery again: a new row of the log with the same webhook-id and body, due at
 * once (a receiver that already has the id may recognise it as a repeat).
 */
export async function replayDelivery(ctx: Ctx, admin: SessionWithUser, deliveryId: string): Promise<WebhookDelivery> {
  return ctx.deps.db.transaction().execute(async (trx) => {
    const original = await findDelivery(trx, deliveryId);
    if (!original) throw authError('WEBHOOK_DELIVERY_NOT_FOUND');
    const now = ctx.deps.clock.now();
    const id = generateId();
    await insertDeliveries(trx, [
      {
        id,
        endpointId: original.endpointId,
        eventId: original.eventId,
        eventType: original.eventType,
        messageId: original.messageId,
        payload: original.payload,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        replayOf: original.id,
        createdAt: now,
      },
    ]);
    await audit(trx, ctx, admin, 'webhook.delivery_replayed', original.endpointId, { deliveryId: original.id });
    const replay = await findDelivery(trx, id);
    if (!replay) throw new Error('the replayed delivery was not written');
    return replay;
  });
}
