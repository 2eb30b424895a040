/**
 * The audit feature imports webhooks' index.ts (every event queues its deliveries), and
 * webhooks' routes import the audit feature (each admin action is an event). What
 * index.ts loads must therefore never load the audit feature, or the two would import
 * each other at start-up. This follows every import that is not type-only.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const SERVER = resolve(import.meta.dirname, '../..');

function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]/g)) {
    if (!m[2]) out.push(resolve(dirname(file), m[3] ?? ''));
  }
  return out;
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...runtimeImports(file));
  }
  return seen;
}

it("webhooks' index.ts never loads the audit feature, which loads it", () => {
  const loaded = [...closure(join(SERVER, 'features/webhooks/index.ts'))].map((f) => relative(SERVER, f));
  // the scan follows imports: it sees the worker and core
  expect(loaded).toContain('features/webhooks/worker.ts');
  expect(loaded).toContain('core/metrics.ts');
  expect(loaded.filter((f) => f.startsWith('features/') && !f.startsWith('features/webhooks/'))).toEqual([]);
  // and the audit feature does load it
  expect(runtimeImports(join(SERVER, 'features/audit/service.ts')).map((f) => relative(SERVER, f))).toContain(
    'features/webhooks/index.ts',
  );
});
