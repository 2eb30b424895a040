/**
 * The layering of ARCHITECTURE.md, held by a scan of every import in the repository:
 *  - `core` never imports a feature (nor the app that assembles them);
 *  - a feature uses another only through that feature's `index.ts`;
 *  - `packages/contract` imports nothing of ours (zod only);
 *  - the client, the React bindings and the web app never import the server.
 * Tests may reach into any module (they prove behaviour, they are not part of the layers).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const SERVER = join(ROOT, 'packages/server/src');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g))
    specs.push(m[1] ?? '');
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) specs.push(m[1] ?? '');
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1] ?? '');
  return specs;
}

const rel = (path: string) => relative(ROOT, path);

function violations(files: string[], judge: (file: string, spec: string, target: string | null) => string | null) {
  const found: string[] = [];
  for (const file of files)
    for (const spec of importsOf(file)) {
      const target = spec.startsWith('.') ? resolve(dirname(file), spec) : null;
      const why = judge(file, spec, target);
      if (why) found.push(`${rel(file)} imports ${spec}: ${why}`);
    }
  return found;
}

describe('the layers of ARCHITECTURE.md', () => {
  it('the scan sees the imports it judges', () => {
    // a guard against a scan that finds nothing and so passes: the app imports every feature
    const app = importsOf(join(SERVER, 'app.ts'));
    expect(app.filter((s) => s.startsWith('./features/')).length).toBeGreaterThan(15);
    expect(importsOf(join(SERVER, 'main.ts'))).toContain('./app.ts');
  });

  it('core imports no feature, nor the app that assembles them', () => {
    const core = sourceFiles(join(SERVER, 'core'));
    expect(core.length).toBeGreaterThan(20);
    expect(
      violations(core, (_file, _spec, target) => {
        if (!target) return null;
        const to = rel(target);
        if (to.startsWith('packages/server/src/features/')) return 'core must not know a feature';
        if (/^packages\/server\/src\/(app|sign-in-checks|main)\.ts$/.test(to)) return 'core must not know the app';
        return null;
      }),
    ).toEqual([]);
  });

  it('a feature uses another only through its index.ts', () => {
    const features = sourceFiles(join(SERVER, 'features'));
    expect(
      violations(features, (file, _spec, target) => {
        if (!target) return null;
        const from = /features\/([^/]+)\//.exec(rel(file))?.[1];
        const to = /^packages\/server\/src\/features\/([^/]+)\/(.+)$/.exec(rel(target));
        if (!to || to[1] === from) return null;
        // the one module that writes session rows is the sign-in pipeline's alone (features/sign-in/sign-in.test.ts)
        if (rel(file) === 'packages/server/src/features/sign-in/pipeline.ts' && to[2] === 'create.ts') return null;
        return to[2] === 'index.ts' ? null : `reach ${to[1]} through features/${to[1]}/index.ts`;
      }),
    ).toEqual([]);
  });

  it('the contract imports nothing of ours', () => {
    const contract = sourceFiles(join(ROOT, 'packages/contract/src'));
    expect(
      violations(contract, (_file, spec, target) => {
        if (target) return rel(target).startsWith('packages/contract/src/') ? null : 'outside the contract';
        return spec === 'zod' || spec.startsWith('node:') ? null : 'the contract depends on zod alone';
      }),
    ).toEqual([]);
  });

  it('the client, the React bindings and the web app never import the server', () => {
    const files = ['packages/client/src', 'packages/react/src', 'apps/web/src'].flatMap((d) =>
      sourceFiles(join(ROOT, d)),
    );
    expect(files.length).toBeGreaterThan(30);
    expect(
      violations(files, (_file, spec, target) => {
        if (spec === '@latch/server' || spec.startsWith('@latch/server/'))
          return 'the server is not a library of the client';
        if (target && rel(target).startsWith('packages/server/')) return 'the server is not a library of the client';
        return null;
      }),
    ).toEqual([]);
  });
});

describe('each feature owns its tables', () => {
  it('only the session feature writes the session table', () => {
    const writes = /\b(insertInto|updateTable|deleteFrom)\(\s*'session'\s*\)/;
    const offenders = sourceFiles(join(SERVER, 'features'))
      .filter((file) => !rel(file).startsWith('packages/server/src/features/session/'))
      .filter((file) => writes.test(readFileSync(file, 'utf8')))
      .map(rel);
    expect(offenders).toEqual([]);
    // the scan sees writes where they are
    expect(writes.test(readFileSync(join(SERVER, 'features/session/repo.ts'), 'utf8'))).toBe(true);
  });
});
