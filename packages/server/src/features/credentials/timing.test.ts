import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  openSharedDatabase,
  PASSWORD,
  type SharedDatabase,
  signUpUser,
  type TestApp,
} from '../../test/harness.ts';

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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

it('an unknown user and a wrong password take about the same time (median of 30 within 20%)', async () => {
  const { email } = await signUpUser(app);
  const time = async (body: Record<string, string>) => {
    const start = performance.now();
    const res = await app.client().post('/sign-in/email', body);
    expect(res.status).toBe(401);
    return performance.now() - start;
  };
  // warm both paths (the dummy hash is computed on first use)
  await time({ email: 'warm@example.test', password: 'Wrong-Password-1' });
  await time({ email, password: 'Wrong-Password-1' });
  const unknown: number[] = [];
  const wrong: number[] = [];
  for (let i = 0; i < 30; i++) {
    unknown.push(await time({ email: `ghost-${i}@example.test`, password: 'Wrong-Password-1' }));
    wrong.push(await time({ email, password: `Wrong-Password-${i}` }));
    // past the sign-in lockout's delay (at most 15 minutes): every try is compared, none waits
    app.clock.advance(app.auth.config.password.lockout.maxDelaySeconds);
  }
  const a = median(unknown);
  const b = median(wrong);
  expect(Math.abs(a - b) / Math.max(a, b)).toBeLessThan(0.2);
  // and a real password verification happened: well above a database round trip
  expect(Math.min(a, b)).toBeGreaterThan(5);
  expect((await app.client().post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
}, 120_000);
