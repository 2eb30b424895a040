/** What a webhook endpoint and a delivery are, as the feature and its answers see them (docs/webhooks.md). */

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  messageId: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  replayOf: string | null;
  createdAt: Date;
  completedAt: Date | null;
  payload: string;
}

/** Every event type, present and future. */
export const ALL_EVENTS = '*';

/** Whether an endpoint subscribed to these types receives an event of this type. */
export function isSubscribed(eventTypes: readonly string[], type: string): boolean {
  return eventTypes.includes(ALL_EVENTS) || eventTypes.includes(type);
}

/** The stored JSON array; anything unreadable subscribes to nothing. */
export function parseEventTypes(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function endpointToJson(endpoint: WebhookEndpoint) {
  return {
    ...endpoint,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

function parsePayload(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function deliveryToJson(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    messageId: delivery.messageId,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    replayOf: delivery.replayOf,
    createdAt: delivery.createdAt.toISOString(),
    completedAt: delivery.completedAt?.toISOString() ?? null,
    payload: parsePayload(delivery.payload),
  };
}
