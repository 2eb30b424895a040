/**
 * Reads the operator's contract (RUNNING.md): the JSON configuration file, then the
 * environment variables, which override it. Throws ConfigError with a message that
 * names the offending key or variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SOCIAL_PROVIDER_IDS } from '@latch/contract';
import { ConfigError } from './resolve.ts';
import { configFileSchema, type LatchOptions } from './schema.ts';

export interface ServiceSettings {
  port: number;
  host: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** LOG_FORMAT: text lines (default) or one JSON object per line. */
  logFormat: 'text' | 'json';
  /** GET /metrics: off unless enabled; a bearer token protects it when set. */
  metrics: { enabled: boolean; token: string | null };
  /** SIGTERM: how long requests in flight may take before their connections close. */
  shutdownTimeoutMs: number;
  dataDir: string;
  options: LatchOptions;
  /** Where the secret came from, for the start-up line. */
  secretSource: 'env' | 'config' | 'generated';
  production: boolean;
  test: boolean;
}

type Env = Record<string, string | undefined>;

function formatZodIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] }[],
): string {
  return issues
    .map((i) => {
      const path = i.path.map(String).join('.');
      if (i.code === 'unrecognized_keys' && i.keys) {
        return i.keys.map((k) => `${path ? `${path}.` : ''}${k}: unknown key`).join('; ');
      }
      return `${path || '(root)'}: ${i.message}`;
    })
    .join('; ');
}

function parseConfigFile(text: string, file: string): LatchOptions {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${file}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = configFileSchema.safeParse(json);
  if (!parsed.success) throw new ConfigError(`${file}: ${formatZodIssues(parsed.error.issues)}`);
  return parsed.data;
}

export function loadSettings(env: Env = process.env, cwd = process.cwd()): ServiceSettings {
  const production = env.NODE_ENV === 'production';
  const test = env.NODE_ENV === 'test';
  const dataDir = resolve(cwd, env.LATCH_DATA_DIR ?? 'data');
  const configPath = env.AUTH_CONFIG ? resolve(cwd, env.AUTH_CONFIG) : resolve(cwd, 'latch.config.json');
  let options: LatchOptions = {};
  if (env.AUTH_CONFIG && !existsSync(configPath)) throw new ConfigError(`AUTH_CONFIG: no file at ${configPath}`);
  if (existsSync(configPath)) options = parseConfigFile(readFileSync(configPath, 'utf8'), configPath);

  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT: not a port number: ${env.PORT}`);
  const host = env.HOST ?? '127.0.0.1';
  const logLevel = (env.LOG_LEVEL ?? 'info') as ServiceSettings['logLevel'];
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL: must be debug, info, warn or error, got ${env.LOG_LEVEL}`);
  }

  const logFormat = (env.LOG_FORMAT ?? 'text') as ServiceSettings['logFormat'];
  if (logFormat !== 'text' && logFormat !== 'json') {
    throw new ConfigError(`LOG_FORMAT: must be text or json, got ${env.LOG_FORMAT}`);
  }
  const metrics = {
    enabled:
      env.METRICS_ENABLED !== undefined
        ? envFlag('METRICS_ENABLED', env.METRICS_ENABLED)
        : (options.metrics?.enabled ?? false),
    token: env.METRICS_TOKEN || options.metrics?.token || null,
  };
  if (metrics.token !== null && metrics.token.length < 16)
    throw new ConfigError('METRICS_TOKEN: must be at least 16 characters');
  const shutdownTimeoutMs = options.shutdown?.timeoutMs ?? 10_000;

  const merged: LatchOptions = { ...options };
  delete merged.metrics;
  delete merged.shutdown;
  const baseURL = env.BASE_URL ?? options.baseURL ?? `http://localhost:${port}`;
  try {
    const u = new URL(baseURL);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    throw new ConfigError(`BASE_URL: not an http(s) URL: ${baseURL}`);
  }
  merged.baseURL = baseURL;
  if (env.DATABASE_URL) merged.database = { ...options.database, url: env.DATABASE_URL };
  if (!merged.database) merged.database = { url: `sqlite:${resolve(dataDir, 'latch.db')}` };
  if (env.DATABASE_PREPARED_STATEMENTS) {
    const value = env.DATABASE_PREPARED_STATEMENTS.trim().toLowerCase();
    if (value !== 'true' && value !== 'false')
      throw new ConfigError(
        `DATABASE_PREPARED_STATEMENTS: must be true or false, not ${env.DATABASE_PREPARED_STATEMENTS}`,
      );
    merged.database = { ...merged.database, preparedStatements: value === 'true' };
  }
  if (env.REDIS_URL) merged.redis = { url: env.REDIS_URL };
  if (env.SMTP_URL || env.MAIL_FROM) {
    merged.mail = {
      ...options.mail,
      ...(env.SMTP_URL ? { smtpURL: env.SMTP_URL } : {}),
      ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}),
    };
  }
  if (env.TRUSTED_ORIGINS) {
    const extra = env.TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    merged.trustedOrigins = [...(options.trustedOrigins ?? []), ...extra];
  }
  const providers = { ...options.socialProviders };
  // the 18 providers of the spec: `<ID>_CLIENT_ID` and `<ID>_CLIENT_SECRET` enable each
  for (const id of SOCIAL_PROVIDER_IDS) {
    const clientId = env[`${id.toUpperCase()}_CLIENT_ID`];
    const clientSecret = env[`${id.toUpperCase()}_CLIENT_SECRET`];
    if (clientId && clientSecret) providers[id] = { ...providers[id], clientId, clientSecret };
  }
  if (Object.keys(providers).length) merged.socialProviders = providers;

  let secretSource: ServiceSettings['secretSource'] = 'config';
  if (env.AUTH_SECRET !== undefined) {
    merged.secret = env.AUTH_SECRET;
    secretSource = 'env';
  }
  if (!merged.secret || merged.secret.length < 32) {
    if (production) {
      throw new ConfigError(
        'AUTH_SECRET: in production a secret of at least 32 characters is required (for example: openssl rand -base64 48)',
      );
    }
    if (merged.secret) throw new ConfigError('AUTH_SECRET: must be at least 32 characters');
    merged.secret = developmentSecret(dataDir);
    secretSource = 'generated';
  }
  return {
    port,
    host,
    logLevel,
    logFormat,
    metrics,
    shutdownTimeoutMs,
    dataDir,
    options: merged,
    secretSource,
    production,
    test,
  };
}

function envFlag(name: string, value: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  throw new ConfigError(`${name}: must be true or false, got ${value}`);
}

/** Development only: a secret generated once into ./data/secret and reused after. */
function developmentSecret(dataDir: string): string {
  const file = resolve(dataDir, 'secret');
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim();
    if (s.length >= 32) return s;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
