import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { createHashPool } from './hash-pool.ts';

const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The nice value of each thread of this process (Linux). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[16]);
  });
}

describe('the password hashing pool', () => {
  const pool = createHashPool(2);
  afterAll(() => pool.close());

  it('hashes with Argon2id and verifies the right password only', async () => {
    const hash = await pool.hash('correct horse', OPTIONS);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await pool.verify(hash, 'correct horse')).toBe(true);
    expect(await pool.verify(hash, 'wrong horse')).toBe(false);
  });

  it('rejects a malformed hash instead of hanging', async () => {
    await expect(pool.verify('$argon2id$not-a-hash', 'x')).rejects.toThrow();
    // and keeps working afterwards
    const hash = await pool.hash('still here', OPTIONS);
    expect(await pool.verify(hash, 'still here')).toBe(true);
  });

  it('runs many hashes on at most one thread per core, each answer to its own caller', async () => {
    const passwords = Array.from({ length: 7 }, (_, i) => `password-${i}`);
    const hashes = await Promise.all(passwords.map((p) => pool.hash(p, OPTIONS)));
    expect(pool.threads).toBeLessThanOrEqual(2);
    const checks = await Promise.all(hashes.map((h, i) => pool.verify(h, passwords[(i + 1) % passwords.length] ?? '')));
    expect(checks.every((ok) => ok === false)).toBe(true);
    expect(await Promise.all(hashes.map((h, i) => pool.verify(h, passwords[i] ?? '')))).toEqual(
      passwords.map(() => true),
    );
  });

  it.runIf(process.platform === 'linux')('hashes on threads of lower priority than the event loop', async () => {
    await pool.hash('priority', OPTIONS);
    const nice = threadNiceValues();
    expect(nice).toContain(10);
    // the event loop's own thread (the first task) keeps its priority
    expect(nice[0]).toBe(0);
  });

  it('keeps the event loop free while every core hashes', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    const hash = await pool.hash('busy', OPTIONS);
    // what one verification costs on this machine right now (a loaded CI machine makes it longer)
    const started = performance.now();
    await pool.verify(hash, 'busy');
    const oneVerifyMs = performance.now() - started;
    histogram.enable();
    await Promise.all(Array.from({ length: 8 }, () => pool.verify(hash, 'busy')));
    histogram.disable();
    // a verification on the event loop would hold it for a whole verification; off the loop, the
    // longest wait is the machine's own scheduling noise, well under half of one (and under 20 ms
    // on an idle machine, where a verification takes ~40 ms)
    expect(histogram.max / 1e6).toBeLessThan(Math.max(20, oneVerifyMs / 2));
  });
});

describe('a process that hashed a password', () => {
  it('exits when its work is done (idle hashing threads keep nothing alive)', () => {
    const script = `
      import { hashPassword, verifyPassword } from ${JSON.stringify(join(import.meta.dirname, 'password.ts'))};
      const hash = await hashPassword('exit please');
      const { valid } = await verifyPassword(hash, 'exit please');
      console.log(valid ? 'verified' : 'not verified');
    `;
    const dir = mkdtempSync(join(tmpdir(), 'latch-hash-exit-'));
    const file = join(dir, 'hash-and-exit.mts');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 20_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(run.stdout.trim()).toBe('verified');
    expect(run.status).toBe(0);
  });
});
