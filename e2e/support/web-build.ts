/**
 * The journeys run against the built web app (apps/web/dist), served by the real service. A fresh
 * clone has no dist, and a developer may have changed the sources since the last build: build when
 * the build's fingerprint of its sources differs (scripts/build-web.mjs, the same rule `npm start`
 * uses, so a build made here is not made again there).
 *
 * Journey files run in parallel workers, and `vite build` empties dist first, so builds are
 * serialised with a lock directory (mkdir is atomic); the second worker waits for the first and then
 * finds dist fresh.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWebBuild, webBuildIsFresh } from '../../scripts/build-web.mjs';
import { ROOT } from './paths.ts';

// in the temp directory (not the work tree), one per checkout
const LOCK_DIR = join(tmpdir(), `latch-e2e-web-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`);
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 3 * 60_000;
const WAIT_FOR_LOCK_MS = 3 * 60_000;

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

/** Resolves once apps/web/dist is built from the current sources, building it if needed. */
export async function ensureWebBuilt(): Promise<void> {
  const deadline = Date.now() + WAIT_FOR_LOCK_MS;
  while (!webBuildIsFresh()) {
    if (tryLock()) {
      try {
        if (!webBuildIsFresh()) {
          process.stdout.write('e2e: building the web app (apps/web/dist is missing or its sources changed)\n');
          await runWebBuild();
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
