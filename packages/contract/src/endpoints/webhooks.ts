/**
 * Webhooks (issue 13 item 2, docs/webhooks.md): admins subscribe HTTPS endpoints to audit
 * event types, read the delivery log and replay a delivery. Admin only (a session re-read
 * from the database, an admin role); each change is itself an audit event. The signing
 * secret is answered once, by create-endpoint and rotate-secret, and never again.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { isoDate } from '../entities.ts';
import { successAnswer } from './common.ts';

const tag = 'Webhooks';
const plugin = 'admin';

const id = z.string().min(1).max(255);
/** An audit event type ("user.banned"), or "*" for every type; the server refuses types it does not write. */
const eventType = z
  .string()
  .min(1)
  .max(100)
  .regex(/^(\*|[a-z0-9_]+(\.[a-z0-9_]+)*)$/, 'an event type such as "user.banned", or "*"');
const eventTypes = z.array(eventType).min(1).max(100);
/** The server also refuses what is not https, holds credentials, or names a private address (WEBHOOK_URL_NOT_ALLOWED). */
const url = z.url().max(2048);
const description = z.string().max(500);

const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** An endpoint as the API shows it: never its secret. */
export const webhookEndpointJson = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    eventTypes: z.array(z.string()),
    enabled: z.boolean(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'WebhookEndpoint' });

/** One event for one endpoint, with the outcome of its last attempt. */
export const webhookDeliveryJson = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    /** The audit event's id. */
    eventId: z.string(),
    eventType: z.string(),
    /** The webhook-id header: the same for every attempt and every replay. */
    messageId: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int().min(0),
    /** When a pending delivery is tried next (null once it succeeded or failed). */
    nextAttemptAt: isoDate.nullable(),
    lastAttemptAt: isoDate.nullable(),
    lastStatusCode: z.number().int().nullable(),
    /** Why the last attempt failed ("HTTP 500", "timeout", …); never the receiver's answer body. */
    lastError: z.string().nullable(),
    /** The delivery this one replays. */
    replayOf: z.string().nullable(),
    createdAt: isoDate,
    completedAt: isoDate.nullable(),
    /** The body sent: { type, timestamp, data }. */
    payload: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookDelivery' });

const endpointWithSecret = z.object({
  endpoint: webhookEndpointJson,
  /** `whsec_…`: shown this once; store it where the receiver verifies signatures. */
  secret: z.string(),
});

/** NOT_FOUND: webhooks are off (`webhooks.enabled`), for everyone. */
const refusals = ['NOT_FOUND', 'UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS'] as const;

export const createEndpoint = endpoint({
  method: 'POST',
  path: '/admin/webhooks/create-endpoint',
  tag,
  summary: 'Subscribes an HTTPS endpoint to event types; answers its signing secret, this once',
  body: z.object({
    url,
    eventTypes,
    description: description.optional(),
    enabled: z.boolean().default(true),
  }),
  response: endpointWithSecret,
  errors: ['SECOND_FACTOR_REQUIRED', ...refusals, 'WEBHOOK_URL_NOT_ALLOWED', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin,
});

export const listEndpoints = endpoint({
  method: 'GET',
  path: '/admin/webhooks/list-endpoints',
  tag,
  summary: 'Every webhook endpoint, oldest first (without secrets)',
  response: z.object({ endpoints: z.array(webhookEndpointJson) }),
  errors: [...refusals],
  session: 'sensitive',
  plugin,
});

export const updateEndpoint = endpoint({
  method: 'POST',
  path: '/admin/webhooks/update-endpoint',
  tag,
  summary: "Changes an endpoint's URL, event types, description or whether it is enabled",
  body: z
    .object({
      endpointId: id,
      url: url.optional(),
      eventTypes: eventTypes.optional(),
      description: description.nullable().optional(),
      enabled: z.boolean().optional(),
    })
    .refine(
      (b) =>
        b.url !== undefined || b.eventTypes !== undefined || b.description !== undefined || b.enabled !== undefined,
      {
        message: 'give at least one of url, eventTypes, description, enabled',
        path: ['endpointId'],
      },
    ),
  response: z.object({ endpoint: webhookEndpointJson }),
  errors: [
    'SECOND_FACTOR_REQUIRED',
    ...refusals,
    'WEBHOOK_ENDPOINT_NOT_FOUND',
    'WEBHOOK_URL_NOT_ALLOWED',
    'VALIDATION_ERROR',
  ],
  session: 'sensitive',
  plugin,
});

export const deleteEndpoint = endpoint({
  method: 'POST',
  path: '/admin/webhooks/delete-endpoint',
  tag,
  summary: 'Deletes an endpoint with its deliveries, pending ones included',
  body: z.object({ endpointId: id }),
  response: successAnswer,
  errors: ['SECOND_FACTOR_REQUIRED', ...refusals, 'WEBHOOK_ENDPOINT_NOT_FOUND'],
  session: 'sensitive',
  plugin,
});

export const rotateSecret = endpoint({
  method: 'POST',
  path: '/admin/webhooks/rotate-secret',
  tag,
  summary: 'Gives an endpoint a new signing secret (answered this once); the old one also signs for 24 hours',
  body: z.object({ endpointId: id }),
  response: endpointWithSecret,
  errors: ['SECOND_FACTOR_REQUIRED', ...refusals, 'WEBHOOK_ENDPOINT_NOT_FOUND'],
  session: 'sensitive',
  plugin,
});

export const listDeliveries = endpoint({
  method: 'GET',
  path: '/admin/webhooks/list-deliveries',
  tag,
  summary: 'The delivery log, newest first, by endpoint and status, paged by an opaque cursor',
  query: z.object({
    endpointId: id.optional(),
    status: z.enum(DELIVERY_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z
      .string()
      .max(512)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  }),
  response: z.object({ deliveries: z.array(webhookDeliveryJson), nextCursor: z.string().nullable() }),
  errors: [...refusals, 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin,
});

export const replayDelivery = endpoint({
  method: 'POST',
  path: '/admin/webhooks/replay-delivery',
  tag,
  summary: 'Sends a delivery again (same webhook-id and body, a new entry in the log)',
  body: z.object({ deliveryId: id }),
  response: z.object({ delivery: webhookDeliveryJson }),
  errors: ['SECOND_FACTOR_REQUIRED', ...refusals, 'WEBHOOK_DELIVERY_NOT_FOUND'],
  session: 'sensitive',
  plugin,
});

export const listEventTypes = endpoint({
  method: 'GET',
  path: '/admin/webhooks/list-event-types',
  tag,
  summary: 'The event types an endpoint may subscribe to (the audit event kinds this build writes)',
  response: z.object({ eventTypes: z.array(z.string()) }),
  errors: [...refusals],
  session: 'sensitive',
  plugin,
});

export const webhooksEndpoints = [
  createEndpoint,
  listEndpoints,
  updateEndpoint,
  deleteEndpoint,
  rotateSecret,
  listDeliveries,
  replayDelivery,
  listEventTypes,
] as const;
