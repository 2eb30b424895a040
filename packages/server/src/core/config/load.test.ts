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
  it("refuses requireSecondFactor 'always' when no second factor can be proved, and takes it when one can", () => {
    const env = { production: true, test: false };
    const always = { requireSecondFactor: 'always' as const };
    expect(() => resolveConfig({ secret: 's'.repeat(32), plugins: { admin: always, twoFactor: false } }, env)).toThrow(
      /requireSecondFactor: 'always' needs plugins\.twoFactor or plugins\.passkey/,
    );
    const withTotp = resolveConfig({ secret: 's'.repeat(32), plugins: { admin: always } }, env);
    expect(withTotp.plugins.admin ? withTotp.plugins.admin.requireSecondFactor : null).toBe('always');
  });

  it('refuses admin role names that could never be held (a comma, spaces at either end)', () => {
    const d = dir();
    for (const admin of [{ adminRoles: ['admin,owner'] }, { adminRoles: [' admin'] }, { defaultRole: 'user,' }]) {
      writeFileSync(join(d, 'c.json'), JSON.stringify({ plugins: { admin } }));
      expect(() => loadSettings({ AUTH_CONFIG: 'c.json' }, d)).toThrow(/no comma and no space at either end/);
    }
    writeFileSync(join(d, 'c.json'), JSON.stringify({ plugins: { admin: { adminRoles: ['admin', 'super admin'] } } }));
    expect(() => loadSettings({ AUTH_CONFIG: 'c.json', AUTH_SECRET: 's'.repeat(48) }, d)).not.toThrow();
  });

  it('names an unknown key and a wrong type', () => {
    const d = dir();
    writeFileSync(join(d, 'c.json'), JSON.stringify({ session: { expiresIn: 'soon', bogus: 1 } }));
    expect(() => loadSettings({ AUTH_CONFIG: 'c.json' }, d)).toThrow(/session\.bogus: unknown key/);
    expect(() => loadSettings({ AUTH_CONFIG: 'c.json' }, d)).toThrow(/session\.expiresIn/);
  });

  it('reads metrics, shutdown and LOG_FORMAT, the environment over the file, and refuses wrong values', () => {
    const d = dir();
    const secret = { AUTH_SECRET: 'x'.repeat(40) };
    const defaults = loadSettings(secret, d);
    expect([defaults.metrics, defaults.shutdownTimeoutMs, defaults.logFormat]).toEqual([
      { enabled: false, token: null },
      10_000,
      'text',
    ]);
    writeFileSync(
      join(d, 'latch.config.json'),
      JSON.stringify({ metrics: { enabled: true, token: 't'.repeat(16) }, shutdown: { timeoutMs: 2500 } }),
    );
    const fromFile = loadSettings(secret, d);
    expect([fromFile.metrics, fromFile.shutdownTimeoutMs]).toEqual([{ enabled: true, token: 't'.repeat(16) }, 2500]);
    // service settings, not options of the auth core
    expect('metrics' in fromFile.options || 'shutdown' in fromFile.options).toBe(false);
    const fromEnv = loadSettings(
      { ...secret, METRICS_ENABLED: 'false', METRICS_TOKEN: 'e'.repeat(20), LOG_FORMAT: 'json' },
      d,
    );
    expect([fromEnv.metrics, fromEnv.logFormat]).toEqual([{ enabled: false, token: 'e'.repeat(20) }, 'json']);
    expect(() => loadSettings({ ...secret, LOG_FORMAT: 'xml' }, d)).toThrow(/LOG_FORMAT: must be text or json/);
    expect(() => loadSettings({ ...secret, METRICS_ENABLED: 'yes' }, d)).toThrow(
      /METRICS_ENABLED: must be true or false/,
    );
    expect(() => loadSettings({ ...secret, METRICS_TOKEN: 'short' }, d)).toThrow(/METRICS_TOKEN: must be at least 16/);
    writeFileSync(join(d, 'latch.config.json'), JSON.stringify({ metrics: { token: 'short' } }));
    expect(() => loadSettings(secret, d)).toThrow(/metrics\.token/);
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

  it('turns PostgreSQL prepared statements off from the file or DATABASE_PREPARED_STATEMENTS, keeping the rest', () => {
    const d = dir();
    writeFileSync(
      join(d, 'latch.config.json'),
      JSON.stringify({ database: { url: 'postgres://file@h/db', preparedStatements: false } }),
    );
    // DATABASE_URL replaces the address, not the file's other database settings
    const fromFile = loadSettings({ DATABASE_URL: 'postgres://env@h/db' }, d);
    expect(fromFile.options.database).toEqual({ url: 'postgres://env@h/db', preparedStatements: false });
    const fromEnv = loadSettings({ DATABASE_PREPARED_STATEMENTS: ' TRUE ' }, d);
    expect(fromEnv.options.database).toEqual({ url: 'postgres://file@h/db', preparedStatements: true });
    expect(() => loadSettings({ DATABASE_PREPARED_STATEMENTS: 'no' }, d)).toThrow(
      /DATABASE_PREPARED_STATEMENTS: must be true or false/,
    );
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
