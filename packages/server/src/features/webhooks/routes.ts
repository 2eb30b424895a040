/**
 * /admin/webhooks/* (docs/webhooks.md): admin only, like every admin endpoint (a session
 * re-read from the database and an admin role, checked here on the server). Not exported
 * through index.ts: these record audit events, and the audit feature imports index.ts.
 */
import { webhooks as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import type { RequestContext } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { type AdminAccess, requireAdmin } from '../admin/index.ts';
import type { SessionWithUser } from '../session/index.ts';
import { deliveryToJson, endpointToJson, type WebhookDelivery } from './model.ts';
import { listDeliveries, listEndpoints } from './repo.ts';
import {
  createEndpoint,
  deleteEndpoint,
  replayDelivery,
  rotateSecret,
  subscribableEventTypes,
  updateEndpoint,
} from './service.ts';

function requireWebhookAdmin(ctx: RequestContext<unknown, unknown>, access: AdminAccess): Promise<SessionWithUser> {
  // off (the default): as if the endpoints did not exist, for everyone
  if (!ctx.deps.config.webhooks.enabled) throw authError('NOT_FOUND');
  // no permission beyond the admin role itself: webhooks are the operator's, not a user resource
  return requireAdmin(ctx, {}, 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS', access);
}

/** The cursor is the last row's (createdAt, id), opaque to the caller. */
function encodeCursor(delivery: WebhookDelivery): string {
  return Buffer.from(`${delivery.createdAt.getTime()}:${delivery.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const match = /^(\d{1,15}):(.{1,255})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2])
    throw authError('VALIDATION_ERROR', { message: '[query.cursor] not a cursor of this list' });
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}

const createEndpointEndpoint = defineEndpoint(rows.createEndpoint, {
  async handler(ctx) {
    const admin = await requireWebhookAdmin(ctx, 'change');
    const { endpoint, secret } = await createEndpoint(ctx, admin, ctx.body);
    return { endpoint: endpointToJson(endpoint), secret };
  },
});

const listEndpointsEndpoint = defineEndpoint(rows.listEndpoints, {
  async handler(ctx) {
    await requireWebhookAdmin(ctx, 'read');
    return { endpoints: (await listEndpoints(ctx.deps.db)).map(endpointToJson) };
  },
});

const updateEndpointEndpoint = defineEndpoint(rows.updateEndpoint, {
  async handler(ctx) {
    const admin = await requireWebhookAdmin(ctx, 'change');
    const { endpointId, ...changes } = ctx.body;
    return { endpoint: endpointToJson(await updateEndpoint(ctx, admin, endpointId, changes)) };
  },
});

const deleteEndpointEndpoint = defineEndpoint(rows.deleteEndpoint, {
  async handler(ctx) {
    const admin = await requireWebhookAdmin(ctx, 'change');
    await deleteEndpoint(ctx, admin, ctx.body.endpointId);
    return { success: true as const };
  },
});

const rotateSecretEndpoint = defineEndpoint(rows.rotateSecret, {
  async handler(ctx) {
    const admin = await requireWebhookAdmin(ctx, 'change');
    const { endpoint, secret } = await rotateSecret(ctx, admin, ctx.body.endpointId);
    return { endpoint: endpointToJson(endpoint), secret };
  },
});

const listDeliveriesEndpoint = defineEndpoint(rows.listDeliveries, {
  async handler(ctx) {
    await requireWebhookAdmin(ctx, 'read');
    const q = ctx.query;
    // one more than asked: whether a next page exists, without a count
    const found = await listDeliveries(
      ctx.deps.db,
      {
        endpointId: q.endpointId,
        status: q.status,
        before: q.cursor === undefined ? undefined : decodeCursor(q.cursor),
      },
      q.limit + 1,
    );
    const page = found.slice(0, q.limit);
    const last = page.at(-1);
    return {
      deliveries: page.map(deliveryToJson),
      nextCursor: found.length > q.limit && last ? encodeCursor(last) : null,
    };
  },
});

const replayDeliveryEndpoint = defineEndpoint(rows.replayDelivery, {
  async handler(ctx) {
    const admin = await requireWebhookAdmin(ctx, 'change');
    return { delivery: deliveryToJson(await replayDelivery(ctx, admin, ctx.body.deliveryId)) };
  },
});

const listEventTypesEndpoint = defineEndpoint(rows.listEventTypes, {
  async handler(ctx) {
    await requireWebhookAdmin(ctx, 'read');
    return { eventTypes: [...subscribableEventTypes()] };
  },
});

export const webhookEndpoints = [
  createEndpointEndpoint,
  listEndpointsEndpoint,
  updateEndpointEndpoint,
  deleteEndpointEndpoint,
  rotateSecretEndpoint,
  listDeliveriesEndpoint,
  replayDeliveryEndpoint,
  listEventTypesEndpoint,
];
