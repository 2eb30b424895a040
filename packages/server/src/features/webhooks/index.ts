/**
 * What other parts of Latch use of webhooks. The audit feature calls writeWithDeliveries
 * for every event, so nothing exported here may import the audit feature (a test holds
 * it): the admin endpoints, which record audit events of their own, are in routes.ts,
 * which app.ts imports directly.
 */
export { eventPayload, writeWithDeliveries } from './enqueue.ts';
export { deleteFinishedDeliveriesBefore } from './repo.ts';
export { createWebhookWorker, type PassResult, type WebhookWorker } from './worker.ts';
