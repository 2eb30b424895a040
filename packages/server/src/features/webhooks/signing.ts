/**
 * Standard Webhooks signing (docs/webhooks.md, docs/decisions/webhooks.md): a per-endpoint
 * `whsec_` secret of 32 random bytes, stored encrypted; every attempt is signed with the
 * current secret and, for a day after a rotation, with the previous one too, so a receiver
 * that still holds the old secret keeps verifying while it is updated.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createEncrypter, type Encrypter } from '../../core/crypto/encryption.ts';
import type { EndpointSecrets } from './repo.ts';

/** How long the secret before a rotation still signs. */
export const PREVIOUS_SECRET_SECONDS = 86_400;

/** A new signing secret: 256 bits (the specification asks for 24 to 64 bytes), base64 after `whsec_`. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const encrypters = new Map<string, Encrypter>();

/** The secrets' encryption at rest, keyed from the instance's secret (as OAuth tokens are). */
export function secretEncrypter(instanceSecret: string): Encrypter {
  let encrypter = encrypters.get(instanceSecret);
  if (!encrypter) {
    encrypter = createEncrypter(instanceSecret, 'webhook-signing-secret');
    encrypters.set(instanceSecret, encrypter);
  }
  return encrypter;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three Standard Webhooks headers of one attempt. */
export function signAttempt(
  secrets: EndpointSecrets,
  encrypter: Encrypter,
  messageId: string,
  payload: string,
  now: Date,
): SignedHeaders {
  const signatures = [new Webhook(encrypter.decrypt(secrets.secret)).sign(messageId, now, payload)];
  if (secrets.previousSecret && secrets.previousSecretExpiresAt && secrets.previousSecretExpiresAt > now) {
    signatures.push(new Webhook(encrypter.decrypt(secrets.previousSecret)).sign(messageId, now, payload));
  }
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
