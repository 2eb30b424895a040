#!/usr/bin/env node
// `npm start`: builds the web app when its sources changed (always a production build),
// then runs the service (migrations are applied at start-up). Safe to run again and again.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS, serverBundleIsFresh } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

const root = join(import.meta.dirname, '..');

if (!buildWebIfStale()) process.stderr.write('The web app did not build; starting the API alone.\n');

// the server runs as a bundle built from the sources; through the TypeScript loader if that fails
let entry = [...SERVER_NODE_FLAGS, SERVER_BUNDLE];
try {
  if (!serverBundleIsFresh()) await buildServer();
} catch (err) {
  process.stderr.write(`Could not bundle the server (${err.message}); running it from source.\n`);
  entry = ['--import', 'tsx', join(root, 'packages/server/src/main.ts')];
}

const child = spawn(process.execPath, entry, {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
