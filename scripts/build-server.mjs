#!/usr/bin/env node
// Bundles the server into packages/server/dist/main.mjs with esbuild (our workspace
// packages inlined, npm dependencies left as imports). Plain Node then runs it: it starts
// twice as fast as through a TypeScript loader and keeps no loader thread in memory.
// Rebuilds only when a source file is newer than the bundle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = join(root, 'packages/server/dist/main.mjs');
/**
 * Node flags of the service (npm start, and the bench, which runs it the same way): stack
 * traces in TypeScript terms, and a young generation capped at 8 MB per half, which kept
 * RSS 30–60 MB lower under load at the same throughput (docs/performance.md).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'];
const SOURCES = ['packages/server/src', 'packages/contract/src'].map((d) => join(root, d));

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export function serverBundleIsFresh() {
  if (!existsSync(SERVER_BUNDLE)) return false;
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.every((dir) => newestSource(dir) <= built);
}

export async function buildServer() {
  const pkg = JSON.parse(readFileSync(join(root, 'packages/server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@latch/'));
  await build({
    entryPoints: [join(root, 'packages/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  process.stdout.write(`built ${SERVER_BUNDLE}\n`);
}
