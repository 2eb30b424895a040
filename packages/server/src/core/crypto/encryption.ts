/**
 * Encryption at rest for provider tokens, TOTP secrets and private keys:
 * AES-256-GCM with a key derived from the secret by HKDF-SHA256 per purpose.
 * Envelope: "v1:" + base64url(iv ‖ tag ‖ ciphertext).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface Encrypter {
  encrypt(plaintext: string): string;
  decrypt(envelope: string): string;
}

export function createEncrypter(secret: string, purpose: string): Encrypter {
  const key = Buffer.from(hkdfSync('sha256', secret, 'latch/encryption/v1', purpose, 32));
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url')}`;
    },
    decrypt(envelope) {
      if (!envelope.startsWith('v1:')) throw new Error('unknown encryption envelope');
      const raw = Buffer.from(envelope.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
