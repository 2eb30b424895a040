/**
 * Handlers are held to their rows of the endpoint table: in tests an answer outside the
 * response schema, or a refusal with a code the row does not list, answers 500 and is
 * logged; in development it is only logged; in production nothing is checked.
 */
import { endpoint } from '@latch/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, openSharedDatabase } from '../../test/harness.ts';
import { authError } from '../errors.ts';
import type { ContractChecks } from './contract-check.ts';
import { defineEndpoint } from './endpoint.ts';
import { createRouter } from './router.ts';

const row = endpoint({
  method: 'POST',
  path: '/probe',
  tag: 'Test',
  summary: 'a probe',
  body: z.object({ answer: z.enum(['good', 'bad', 'declared', 'undeclared']) }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['USER_NOT_FOUND'],
  session: 'none',
});

const probe = defineEndpoint(row, {
  handler(ctx) {
    switch (ctx.body.answer) {
      case 'good':
        return { ok: true };
      case 'bad':
        return { ok: 'yes' };
      case 'declared':
        throw authError('USER_NOT_FOUND');
      case 'undeclared':
        throw authError('BANNED_USER');
    }
  },
});

const db = await openSharedDatabase('sqlite');
const app = createTestApp(db);

function routerWith(contractChecks: ContractChecks) {
  const handle = createRouter({ deps: app.auth.deps, endpoints: [probe], contractChecks });
  return (answer: string) =>
    handle(
      new Request('http://localhost:3000/api/auth/probe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ answer }),
      }),
    );
}

describe.each([
  ['throw', 500, 500],
  ['log', 200, 403],
  ['off', 200, 403],
] as const)('contract checks "%s"', (mode, badStatus, undeclaredStatus) => {
  it('lets a kept promise through, and holds a broken one as the mode says', async () => {
    const call = routerWith(mode);
    const before = app.logger.lines.length;
    expect((await call('good')).status).toBe(200);
    expect((await call('declared')).status).toBe(404);
    expect((await call('bad')).status).toBe(badStatus);
    expect((await call('undeclared')).status).toBe(undeclaredStatus);
    const breaches = app.logger.lines.slice(before).filter((l) => l.line.includes('contract:'));
    expect(breaches.map((l) => l.line.includes('BANNED_USER') || l.line.includes('response schema'))).toEqual(
      mode === 'off' ? [] : [true, true],
    );
  });
});

afterAll(async () => {
  await app.close();
  await db.close();
});
