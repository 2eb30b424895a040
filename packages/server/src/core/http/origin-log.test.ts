/**
 * A service started on localhost answers its own pages on 127.0.0.1 and [::1] too
 * outside production, and says in the log, once a minute per origin, which origin it
 * refused and what to set (issue 16, item 3). Nothing else becomes trusted.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAuth } from '../../app.ts';
import {
  createTestApp,
  openSharedDatabase,
  type SharedDatabase,
  signUpUser,
  TEST_SECRET,
  type TestApp,
} from '../../test/harness.ts';
import { loopbackAliases } from '../config/resolve.ts';

let db: SharedDatabase;
let app: TestApp;
beforeAll(async () => {
  db = await openSharedDatabase('sqlite');
  app = createTestApp(db);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

async function nameOf(userId: string): Promise<string> {
  const row = await db.handle.db.selectFrom('user').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.name;
}

it('in development, the other loopback names of the same port are the same service', async () => {
  const me = await signUpUser(app);
  for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
    const res = await me.client.post('/update-user', { name: `From ${origin}` }, { origin });
    expect(res.status).toBe(200);
    expect(await nameOf(me.userId)).toBe(`From ${origin}`);
  }
  // another port, another scheme or another host is another site
  for (const origin of [
    'http://127.0.0.1:3001',
    'https://127.0.0.1:3000',
    'http://127.0.0.2:3000',
    'http://localhost.evil.test:3000',
  ]) {
    const res = await me.client.post('/update-user', { name: 'Refused' }, { origin });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('INVALID_ORIGIN');
  }
  expect(await nameOf(me.userId)).toBe('From http://[::1]:3000');
});

it('only for loopback names, and never in production', () => {
  expect(loopbackAliases('http://localhost:3000')).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000']);
  expect(loopbackAliases('https://auth.example.com')).toEqual([]);
  const production = createAuth(
    { baseURL: 'http://localhost:3000', secret: TEST_SECRET, database: { url: 'sqlite::memory:' } },
    { env: { production: true, test: true } },
  );
  try {
    expect(production.config.trustedOrigins).toEqual([]);
  } finally {
    void production.close();
  }
});

it('a refused origin is logged once a minute, naming it and what to set', async () => {
  const me = await signUpUser(app);
  const lines = () => app.logger.lines.filter((l) => l.level === 'warn' && l.line.includes('https://refused.example'));
  for (let i = 0; i < 3; i++)
    await me.client.post('/update-user', { name: 'x' }, { origin: 'https://refused.example' });
  expect(lines()).toHaveLength(1);
  expect(lines()[0]?.line).toContain('TRUSTED_ORIGINS');
  expect(lines()[0]?.line).toContain('http://localhost:3000');
  app.clock.advance(61);
  await me.client.post('/update-user', { name: 'x' }, { origin: 'https://refused.example' });
  expect(lines()).toHaveLength(2);
  // a forged origin cannot write control characters into the log
  await me.client
    .post('/update-user', { name: 'x' }, { origin: 'https://refused.example\u0007' })
    .catch(() => undefined);
  expect(app.logger.lines.every((l) => !l.line.includes('\u0007'))).toBe(true);
});
