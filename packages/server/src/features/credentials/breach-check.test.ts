/**
 * The Have I Been Pwned range check against a local fake of the API (node:http): only the
 * five-character prefix leaves the server, padding is asked for and its zero-count lines are
 * not hits, and a slow or failing API is unavailable, which the configuration turns into an
 * accepted password (logged) or a refusal.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestApp, openSharedDatabase, type SharedDatabase } from '../../test/harness.ts';
import { checkBreached, rangeOf } from './breach-check.ts';

const BREACHED = 'Pwned-But-Long-Phrase-1';
/** Its suffix appears in the answer only as a padding line (count 0). */
const PADDED = 'Padded-Clean-Phrase-2';
const CLEAN = 'Nobody-Has-This-One-3';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex').toUpperCase();

let mode: 'answer' | 'slow' | 'fail' = 'answer';
const seen: { url: string; padding: string | undefined }[] = [];
let server: Server;
let base: string;

function answer(prefix: string): string {
  const lines: string[] = [];
  for (const [password, count] of [
    [BREACHED, 42],
    [PADDED, 0],
  ] as const) {
    const hash = sha1(password);
    if (hash.startsWith(prefix)) lines.push(`${hash.slice(5)}:${count}`);
  }
  // decoys, as the real API pads every answer
  for (let i = 0; i < 20; i++) lines.push(`${sha1(`decoy-${prefix}-${i}`).slice(5)}:0`);
  return lines.join('\r\n');
}

function handle(req: IncomingMessage, res: import('node:http').ServerResponse): void {
  seen.push({ url: req.url ?? '', padding: req.headers['add-padding'] as string | undefined });
  const match = /^\/range\/([0-9A-F]{5})$/.exec(req.url ?? '');
  if (mode === 'fail' || !match?.[1]) {
    res.writeHead(mode === 'fail' ? 503 : 404).end();
    return;
  }
  const body = answer(match[1]);
  if (mode === 'slow') {
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end(body), 1500);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/range/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = 'answer';
  seen.length = 0;
});

it('sends only the five-character prefix, asks for padding, and finds a breached password', async () => {
  expect(await checkBreached(BREACHED, { url: base, timeoutMs: 1000 })).toBe('breached');
  const { prefix, suffix } = rangeOf(BREACHED);
  expect(seen).toEqual([{ url: `/range/${prefix}`, padding: 'true' }]);
  expect(seen[0]?.url).not.toContain(suffix);
  expect(prefix + suffix).toBe(sha1(BREACHED));
});

it('a miss, and a padding line (count 0) for the same suffix, are clean', async () => {
  expect(await checkBreached(CLEAN, { url: base, timeoutMs: 1000 })).toBe('clean');
  const padded = rangeOf(PADDED);
  // the fake does list this suffix, as padding
  expect(answer(padded.prefix)).toContain(`${padded.suffix}:0`);
  expect(await checkBreached(PADDED, { url: base, timeoutMs: 1000 })).toBe('clean');
});

it('a slow or failing API is unavailable, within the timeout', async () => {
  mode = 'slow';
  const started = performance.now();
  expect(await checkBreached(BREACHED, { url: base, timeoutMs: 200 })).toBe('unavailable');
  expect(performance.now() - started).toBeLessThan(1200);
  mode = 'fail';
  expect(await checkBreached(BREACHED, { url: base, timeoutMs: 1000 })).toBe('unavailable');
  expect(await checkBreached(BREACHED, { url: 'http://127.0.0.1:1/range/', timeoutMs: 1000 })).toBe('unavailable');
});

let db: SharedDatabase;
beforeAll(async () => {
  db = await openSharedDatabase('sqlite');
});
afterAll(async () => {
  await db.close();
});

async function usersWith(email: string): Promise<number> {
  return (await db.handle.db.selectFrom('user').select('id').where('email', '=', email).execute()).length;
}

it('with password.breachCheck on, sign-up refuses a breached password and creates nothing', async () => {
  const app = createTestApp(db, { password: { breachCheck: { enabled: true, url: base } } });
  try {
    const refused = await app
      .client()
      .post('/sign-up/email', { name: 'B', email: 'b1@example.test', password: BREACHED });
    expect([refused.status, refused.json.code]).toEqual([400, 'PASSWORD_COMPROMISED']);
    expect(await usersWith('b1@example.test')).toBe(0);
    const ok = await app.client().post('/sign-up/email', { name: 'C', email: 'c1@example.test', password: CLEAN });
    expect(ok.status).toBe(200);
    expect(seen).toHaveLength(2);
  } finally {
    await app.close();
  }
});

it('off by default: the API is never asked', async () => {
  const app = createTestApp(db, {});
  try {
    const res = await app.client().post('/sign-up/email', { name: 'D', email: 'd1@example.test', password: BREACHED });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(0);
  } finally {
    await app.close();
  }
});

it('fails open by default (logged), or closed with 503 when configured, creating nothing', async () => {
  mode = 'slow';
  const open = createTestApp(db, { password: { breachCheck: { enabled: true, url: base, timeoutMs: 200 } } });
  const closed = createTestApp(db, {
    password: { breachCheck: { enabled: true, url: base, timeoutMs: 200, failClosed: true } },
  });
  try {
    const accepted = await open
      .client()
      .post('/sign-up/email', { name: 'E', email: 'e1@example.test', password: BREACHED });
    expect(accepted.status).toBe(200);
    expect(open.logger.lines.some((l) => l.level === 'warn' && l.line.includes('breach check unavailable'))).toBe(true);
    const refused = await closed
      .client()
      .post('/sign-up/email', { name: 'F', email: 'f1@example.test', password: CLEAN });
    expect([refused.status, refused.json.code]).toEqual([503, 'PASSWORD_BREACH_CHECK_UNAVAILABLE']);
    expect(await usersWith('f1@example.test')).toBe(0);
  } finally {
    await open.close();
    await closed.close();
  }
});
