import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from './load.ts';
import { resolveConfig } from './resolve.ts';

function dir(): string {
  return mkdtempSync(join(tmpdir(), 'latch-config-'));
}

describe('configuration', () => {
  it('names an unknown key and a wrong type', () => {
    const d = dir();
    writeFileSync(join(d, 'c.json'), JSON.stringify({ session: { expiresIn: 'soon', bogus: 1 } }));
    expect(() => loadSettings({ AUTH_CONFIG: 'c.json' }, d)).toThrow(/session\.bogus: unknown key/);
    expect(() => loadSettings({ AUTH_CONFIG: 'c.json' }, d)).toThrow(/session\.expiresIn/);
  });

  it('refuses invalid JSON and a missing AUTH_CONFIG file with a clear message', () => {
    const d = dir();
    writeFileSync(join(d, 'c.json'), '{ nope');
    expect(() => loadSettings({ AUTH_CONFIG: 'c.json' }, d)).toThrow(/not valid JSON/);
    expect(() => loadSettings({ AUTH_CONFIG: 'missing.json' }, d)).toThrow(/AUTH_CONFIG: no file/);
  });

  it('lets environment variables override the file', () => {
    const d = dir();
    writeFileSync(
      join(d, 'latch.config.json'),
      JSON.stringify({ appName: 'Mine', trustedOrigins: ['https://a.test'] }),
    );
    const s = loadSettings(
      {
        PORT: '4100',
        DATABASE_URL: 'postgres://x@h/db',
        TRUSTED_ORIGINS: 'https://b.test, https://c.test',
        GITHUB_CLIENT_ID: 'id',
        GITHUB_CLIENT_SECRET: 's',
        AUTH_SECRET: 'x'.repeat(40),
      },
      d,
    );
    expect(s.port).toBe(4100);
    expect(s.options.appName).toBe('Mine');
    expect(s.options.baseURL).toBe('http://localhost:4100');
    expect(s.options.database?.url).toBe('postgres://x@h/db');
    expect(s.options.trustedOrigins).toEqual(['https://a.test', 'https://b.test', 'https://c.test']);
    expect(s.options.socialProviders?.github).toEqual({ clientId: 'id', clientSecret: 's' });
  });

  it('generates a development secret once and reuses it; production refuses to start without one', () => {
    const d = dir();
    const first = loadSettings({}, d);
    expect(first.secretSource).toBe('generated');
    const second = loadSettings({}, d);
    expect(second.options.secret).toBe(first.options.secret);
    expect(readFileSync(join(d, 'data', 'secret'), 'utf8').trim()).toBe(first.options.secret);
    expect(() => loadSettings({ NODE_ENV: 'production' }, dir())).toThrow(/AUTH_SECRET/);
    expect(() => loadSettings({ AUTH_SECRET: 'short' }, dir())).toThrow(/at least 32/);
  });

  it('applies the documented defaults', () => {
    const c = resolveConfig({ secret: 's'.repeat(32) }, { production: false, test: false });
    expect(c.session).toMatchObject({
      expiresIn: 604_800,
      updateAge: 86_400,
      freshAge: 86_400,
      cookieCache: { enabled: false, maxAge: 60 },
    });
    expect(c.emailAndPassword).toMatchObject({
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
    });
    expect(c.rateLimit).toMatchObject({ enabled: true, window: 10, max: 100, storage: 'memory' });
    expect(resolveConfig({ secret: 's'.repeat(32) }, { production: false, test: true }).rateLimit.enabled).toBe(false);
    expect(c.plugins.username).toEqual({ minUsernameLength: 3, maxUsernameLength: 30 });
  });
});
