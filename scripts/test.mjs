#!/usr/bin/env node
// `npm test`: the whole suite (unit, HTTP on SQLite/PostgreSQL/MariaDB, browser), then a
// plain "N passed, N failed, N skipped" line. Parts whose services are missing say so and
// are skipped, unless CI=true, where they fail instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, '.test-results');
mkdirSync(outDir, { recursive: true });
const report = join(outDir, 'vitest.json');

const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const data = JSON.parse(readFileSync(report, 'utf8'));
  passed = data.numPassedTests ?? 0;
  // a failed test counts once; a file that failed without a failed test (it did not load, or a
  // hook threw) counts once too, so the line never hides a broken file nor counts a test twice
  const brokenFiles = (data.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  failed = (data.numFailedTests ?? 0) + brokenFiles;
  skipped = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
}
const status = run.status ?? 1;
if (status !== 0 && failed === 0) failed = 1;
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(status);
