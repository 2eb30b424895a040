#!/usr/bin/env node
// Builds the web app (apps/web/dist) for production when its sources changed since the
// last build. The build is always a production build, whatever NODE_ENV the caller has (a
// test run's first start used to leave a React development build behind for every later
// start). "Changed" is judged by a fingerprint of the sources' contents (the web app and
// the workspace packages it bundles, its index.html, Vite config and lock file), written
// beside the build as .latch-build.json, so an edited, added or removed file rebuilds and
// nothing else does.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
export const WEB_DIST = join(web, 'dist');
const STAMP = join(WEB_DIST, '.latch-build.json');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'packages/contract/src',
  'packages/client/src',
  'packages/react/src',
];
const FILES = ['apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'package-lock.json'];

function* filesIn(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** A digest of every source the built app depends on, below `base` (the repository): names and contents. */
export function webFingerprint(base = root) {
  const hash = createHash('sha256');
  const add = (path) => {
    hash.update(relative(base, path));
    hash.update('\0');
    hash.update(readFileSync(path));
    hash.update('\0');
  };
  for (const dir of SOURCES) for (const path of filesIn(join(base, dir))) add(path);
  for (const file of FILES) if (existsSync(join(base, file))) add(join(base, file));
  return hash.digest('hex');
}

export function webBuildIsFresh(fingerprint = webFingerprint()) {
  if (!existsSync(join(WEB_DIST, 'index.html')) || !existsSync(STAMP)) return false;
  try {
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
    return stamp.fingerprint === fingerprint && stamp.mode === 'production';
  } catch {
    return false;
  }
}

const VITE_ARGS = ['vite', 'build', '--logLevel', 'warn', '--mode', 'production'];
const viteEnv = () => ({ ...process.env, NODE_ENV: 'production' });
const stamp = (fingerprint) =>
  writeFileSync(STAMP, `${JSON.stringify({ fingerprint, mode: 'production', builtAt: new Date().toISOString() })}\n`);

/** Builds when needed (blocking; `npm start`); returns true when the build is there and current. */
export function buildWebIfStale({ log = (m) => process.stdout.write(m) } = {}) {
  if (!existsSync(join(web, 'index.html'))) return false;
  const fingerprint = webFingerprint();
  if (webBuildIsFresh(fingerprint)) return true;
  log(
    existsSync(join(WEB_DIST, 'index.html'))
      ? 'Rebuilding the web app (its sources changed)…\n'
      : 'Building the web app…\n',
  );
  const build = spawnSync('npx', VITE_ARGS, { cwd: web, stdio: 'inherit', env: viteEnv() });
  if (build.status !== 0) return false;
  stamp(fingerprint);
  return true;
}

/** Builds now (the journeys' builder, which holds its own lock); rejects with vite's output on failure. */
export function runWebBuild() {
  const fingerprint = webFingerprint();
  return new Promise((resolve, reject) => {
    const child = spawn('npx', VITE_ARGS, { cwd: web, stdio: ['ignore', 'pipe', 'pipe'], env: viteEnv() });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`vite build failed (exit ${code}):\n${output}`));
      stamp(fingerprint);
      resolve();
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ok = buildWebIfStale();
  if (!ok) process.exit(1);
  process.stdout.write(`web app ready in ${WEB_DIST} (${statSync(STAMP).mtime.toISOString()})\n`);
}
