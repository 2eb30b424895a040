/**
 * The operator's first admin: `npm run make-admin -- <email>` (and api.makeAdmin) gives an
 * existing account the first admin role, audited, and refuses an unknown address without
 * changing anything.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { snapshot } from '../../test/advisories.ts';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../../../..');

await describeOnDatabases('the first admin', {}, (t) => {
  it('api.makeAdmin: the account gets the admin role, the console opens, the change is audited', async () => {
    const person = await signUpUser(t.app);
    expect((await person.client.get('/admin/list-users')).status).toBe(403);
    const result = await t.app.auth.api.makeAdmin({ email: person.email.toUpperCase() });
    expect(result).toEqual({ userId: person.userId, role: 'admin', changed: true });
    const client = t.app.client();
    await client.post('/sign-in/email', { email: person.email, password: PASSWORD });
    expect((await client.get('/admin/list-users')).status).toBe(200);
    const audit = await t.db.handle.db
      .selectFrom('auditEvent')
      .select(['type', 'actorType', 'details'])
      .where('targetId', '=', person.userId)
      .where('type', '=', 'user.role_changed')
      .execute();
    expect(audit).toEqual([
      { type: 'user.role_changed', actorType: 'server-api', details: '{"from":"user","to":"admin"}' },
    ]);
    // a second time changes nothing
    expect((await t.app.auth.api.makeAdmin({ email: person.email })).changed).toBe(false);
  });

  it('an unknown address: refused, nothing changes', async () => {
    const before = await snapshot(t.db);
    await expect(t.app.auth.api.makeAdmin({ email: 'nobody-here@example.test' })).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    expect(await snapshot(t.db)).toEqual(before);
  });
});

it('npm run make-admin -- <email>: the command an operator runs, on the database npm start uses', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-make-admin-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    BASE_URL: 'http://localhost:3000',
    LATCH_DATA_DIR: dir,
    DATABASE_URL: `sqlite:${join(dir, 'latch.db')}`,
    AUTH_SECRET: 'make-admin-test-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
  };
  try {
    const cli = (email: string) =>
      run(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/make-admin.ts', email], { cwd: ROOT, env });
    await expect(cli('ada@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no account has the address ada@example.com'),
    });
    // the account, made through the service's own engine on the same file
    const { createAuth } = await import('../../app.ts');
    const auth = createAuth(
      { secret: env.AUTH_SECRET, database: { url: env.DATABASE_URL } },
      { env: { production: false, test: true }, outboxDir: join(dir, 'outbox') },
    );
    await auth.migrate();
    const signUp = await auth.fetch(
      new Request('http://localhost:3000/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: PASSWORD }),
      }),
    );
    expect(signUp.status).toBe(200);
    await auth.close();
    const { stdout } = await cli('ada@example.com');
    expect(stdout).toContain('ada@example.com is now an admin');
    expect((await cli('ada@example.com')).stdout).toContain('already an admin');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
