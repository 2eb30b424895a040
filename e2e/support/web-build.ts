/**
 * The journeys run against the built web app (apps/web/dist), served by the real service. A fresh
 * clone has no dist, and a developer may have changed the sources since the last build: build when
 * `dist/index.html` is missing or older than anything the bundle is made of.
 *
 * Journey files run in parallel workers, and `vite build` empties dist first, so builds are
 * serialised with a lock directory (mkdir is atomic); the second worker waits for the first and then
 * finds dist fresh.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

const WEB_DIR = join(ROOT, 'apps/web');
const DIST_INDEX = join(WEB_DIR, 'dist/index.html');
// in the temp directory (not the work tree), one per checkout
const LOCK_DIR = join(tmpdir(), `latch-e2e-web-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`);
/** Everything that ends up in the bundle. */
const SOURCES = [
  join(WEB_DIR, 'src'),
  join(WEB_DIR, 'index.html'),
  join(WEB_DIR, 'vite.config.ts'),
  join(ROOT, 'packages/client/src'),
  join(ROOT, 'packages/react/src'),
  join(ROOT, 'packages/contract/src'),
];
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 3 * 60_000;
const WAIT_FOR_LOCK_MS = 3 * 60_000;

function newestMtimeMs(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    // tests are not bundled; editing one must not trigger a rebuild
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtimeMs(join(path, entry.name)));
  }
  return newest;
}

export function webBuildIsFresh(): boolean {
  if (!existsSync(DIST_INDEX)) return false;
  const built = statSync(DIST_INDEX).mtimeMs;
  return SOURCES.every((source) => newestMtimeMs(source) <= built);
}

function tryLock(): boolean {
  try {
    mkdirSync(LOCK_DIR);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (Date.now() - statSync(LOCK_DIR).mtimeMs > STALE_LOCK_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
    return false;
  }
}

function runViteBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: WEB_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (exit ${code}):\n${output}`)),
    );
  });
}

/** Resolves once apps/web/dist is at least as new as its sources, building it if needed. */
export async function ensureWebBuilt(): Promise<void> {
  const deadline = Date.now() + WAIT_FOR_LOCK_MS;
  while (!webBuildIsFresh()) {
    if (tryLock()) {
      try {
        if (!webBuildIsFresh()) {
          process.stdout.write('e2e: building the web app (apps/web/dist is missing or older than its sources)\n');
          await runViteBuild();
        }
      } finally {
        rmSync(LOCK_DIR, { recursive: true, force: true });
      }
      return;
    }
    if (Date.now() > deadline) throw new Error(`e2e: another process held ${LOCK_DIR} for too long`);
    // another worker is building: poll for its lock to go away
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
