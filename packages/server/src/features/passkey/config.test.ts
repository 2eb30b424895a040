/**
 * plugins.passkey (docs/passkeys.md, docs/configuration.md): off unless set; the relying
 * party id and origins default from BASE_URL and the trusted origins on it; origins an
 * operator lists must be on the relying party id.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from '../../core/config/resolve.ts';
import { configFileSchema, type LatchOptions } from '../../core/config/schema.ts';

const SECRET = 'a-secret-that-is-long-enough-for-latch-0123456789';
const resolve = (o: LatchOptions) =>
  resolveConfig({ secret: SECRET, ...o }, { production: true, test: false }).plugins.passkey;

describe('plugins.passkey', () => {
  it('is off unless configured', () => {
    expect(resolve({})).toBe(false);
    expect(resolve({ plugins: { passkey: false } })).toBe(false);
  });

  it("defaults to BASE_URL's host, the app's name, and the trusted origins on that host", () => {
    expect(
      resolve({
        appName: 'Acme',
        baseURL: 'https://auth.acme.example',
        trustedOrigins: ['https://app.acme.example', 'https://partner.example', 'https://*.acme.example'],
        plugins: { passkey: {} },
      }),
    ).toEqual({ rpID: 'auth.acme.example', rpName: 'Acme', origins: ['https://auth.acme.example'] });
  });

  it('behind several origins, a parent domain as rpID takes every origin under it', () => {
    expect(
      resolve({
        baseURL: 'https://auth.acme.example/',
        trustedOrigins: ['https://app.acme.example', 'https://partner.example'],
        plugins: { passkey: { rpID: 'acme.example', rpName: 'Acme' } },
      }),
    ).toEqual({
      rpID: 'acme.example',
      rpName: 'Acme',
      origins: ['https://auth.acme.example', 'https://app.acme.example'],
    });
  });

  it('takes listed origins on the relying party id (and app origins), and refuses others at start', () => {
    expect(
      resolve({
        baseURL: 'https://auth.acme.example',
        plugins: {
          passkey: {
            rpID: 'acme.example',
            origins: ['https://www.acme.example/', 'android:apk-key-hash:abc123'],
          },
        },
      }),
    ).toMatchObject({ origins: ['https://www.acme.example', 'android:apk-key-hash:abc123'] });
    expect(() =>
      resolve({ baseURL: 'https://auth.acme.example', plugins: { passkey: { origins: ['https://evil.example'] } } }),
    ).toThrow(ConfigError);
    // a relying party id that is not BASE_URL's host nor a parent of it needs its origins listed
    expect(() =>
      resolve({ baseURL: 'https://auth.acme.example', plugins: { passkey: { rpID: 'other.example' } } }),
    ).toThrow(/plugins.passkey.rpID/);
  });

  it('the schema refuses an rpID with a scheme or a port, and unknown keys', () => {
    for (const passkey of [{ rpID: 'https://acme.example' }, { rpID: 'acme.example:443' }, { rpId: 'acme.example' }]) {
      const parsed = configFileSchema.safeParse({ plugins: { passkey } });
      expect(parsed.success, JSON.stringify(passkey)).toBe(false);
    }
  });
});
