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
import type { Database } from '../core/db/schema.ts';

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

/**
 * Who may write each table of core/db/schema.ts (docs/architecture.md, "Who writes which
 * table"): a feature folder, or a core file, under packages/server/src. Everyone else
 * changes a table through its owner's index.ts. A new table needs a line here.
 */
const TABLE_OWNERS = {
  user: 'features/user/',
  session: 'features/session/',
  account: 'features/accounts/',
  verification: 'core/db/verification-store.ts',
  organization: 'features/organization/',
  member: 'features/organization/',
  invitation: 'features/invitations/',
  team: 'features/teams/',
  teamMember: 'features/teams/',
  twoFactor: 'features/two-factor/',
  jwks: 'features/jwt/',
  rateLimit: 'core/http/rate-limit/',
  signInLockout: 'features/credentials/',
  auditEvent: 'features/audit/',
  auditChain: 'features/audit/',
  passkey: 'features/passkey/',
  webhookEndpoint: 'features/webhooks/',
  webhookDelivery: 'features/webhooks/',
  lease: 'core/db/lease.ts',
} as const satisfies Record<keyof Database, string>;

type Table = keyof typeof TABLE_OWNERS;
const isTable = (name: string): name is Table => Object.hasOwn(TABLE_OWNERS, name);

/** A write the scan found: the table it names, or null when the table is not a literal the scan can read. */
interface Write {
  table: string | null;
  how: string;
}

/** The end of a template literal whose body starts at `from` (after its backtick), skipping `${…}` with nested templates. */
function templateEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '`') return i;
    else if (c === '$' && text[i + 1] === '{') {
      let depth = 1;
      i += 2;
      while (i < text.length && depth > 0) {
        const d = text[i];
        if (d === '{') depth++;
        else if (d === '}') depth--;
        else if (d === '`') i = templateEnd(text, i + 1);
        i++;
      }
    } else i++;
  }
  return text.length;
}

/** The SQL text a file hands to the database itself: sql`…` templates, sql.raw('…') and CompiledQuery.raw('…'). */
function rawSqlOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bsql(?:\s*<[^`;]*?>)?\s*`/g)) {
    const start = (m.index ?? 0) + m[0].length;
    out.push(text.slice(start, templateEnd(text, start)));
  }
  for (const m of text.matchAll(/\b(?:sql|CompiledQuery)\.raw\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*)\1/g))
    out.push(m[2] ?? '');
  return out;
}

/** Every write to a table in a file's text: Kysely's write builders and INSERT/UPDATE/DELETE/REPLACE/MERGE in raw SQL. */
function writesOf(text: string): Write[] {
  const writes: Write[] = [];
  for (const m of text.matchAll(/\b(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(\s*([^)]*)\)/g)) {
    // a literal table name ('session', 'session as s'); anything else (a variable, an array) cannot be judged
    const literal = /^(['"`])\s*(\w+)[^'"`$]*\1$/.exec((m[2] ?? '').trim());
    writes.push({ table: literal?.[2] ?? null, how: `${m[1]}(${(m[2] ?? '').trim()})` });
  }
  for (const body of rawSqlOf(text)) {
    // ${sql.table('x')} and the like name the table; any other ${…} is a table the scan cannot read
    const plain = body.replace(/\$\{\s*sql\.(?:table|id|ref)\(\s*['"`](\w+)['"`]\s*\)\s*\}/g, '"$1"');
    const verbs =
      /\b(insert\s+(?:ignore\s+)?into|replace\s+into|merge\s+into|delete\s+from|(?<!\b(?:key|do)\s+)update(?:\s+ignore)?)\s+(\$\{|["`]?(\w+))/gi;
    for (const m of plain.matchAll(verbs)) {
      const name = m[3];
      if (m[2] === '${') writes.push({ table: null, how: `raw ${m[1]} \${…}` });
      else if (name && isTable(name)) writes.push({ table: name, how: `raw ${m[1]} ${name}` });
    }
  }
  return writes;
}

/** Test support (src/test/: the harness and every test helper) sets up rows as tests do; migrations run against Kysely<any>, before any feature. */
const notJudged = (path: string) => path.startsWith('test/') || path.startsWith('core/db/migrations/');

describe('each feature owns its tables', () => {
  const files = sourceFiles(SERVER)
    .map((file) => ({ path: relative(SERVER, file), text: readFileSync(file, 'utf8') }))
    .filter((f) => !notJudged(f.path));
  const writes = files.flatMap((f) => writesOf(f.text).map((w) => ({ ...w, path: f.path })));

  it('every table of the Database interface has an owner', () => {
    const schema = readFileSync(join(SERVER, 'core/db/schema.ts'), 'utf8');
    const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
    const tables = [...body.matchAll(/^\s*(\w+)\s*:/gm)].map((m) => m[1]);
    expect(tables.length).toBeGreaterThan(10);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables.sort());
  });

  it('the scan reads writes in every form it judges', () => {
    // source text as a file would hold it; #{ stands for ${ (a template's placeholder)
    const sample = [
      "await db.insertInto('team').values(team).execute();",
      "await trx\n  .updateTable('session as s')\n  .set({ activeTeamId: null })",
      'await db.deleteFrom(table).where(...)',
      'await sql`INSERT INTO "member" (id) VALUES (#{id})`.execute(db);',
      "await sql<number>`update #{sql.table('invitation')} set status = #{s}`.execute(db);",
      'await sql`delete from #{table} where id = 1`.execute(db);',
      "await sql.raw('DELETE FROM `teamMember` WHERE 1').execute(db);",
      'await sql`insert into rateLimit values (1) on duplicate key update count = count + 1`.execute(db);',
      'const n = sql<number>`(coalesce(#{sql.ref("count")}, 0) + 1)`; // not a write',
    ]
      .join('\n')
      .replaceAll('#{', '$' + '{');
    expect(writesOf(sample).map((w) => w.table)).toEqual([
      'team',
      'session',
      null,
      'member',
      'invitation',
      null,
      'rateLimit',
      'teamMember',
    ]);
  });

  it('the scan sees writes where they are: every table is written, by its owner', () => {
    // a guard against a scan that finds nothing and so passes
    for (const [table, owner] of Object.entries(TABLE_OWNERS)) {
      const byOwner = writes.filter((w) => w.table === table && w.path.startsWith(owner));
      expect(byOwner.length, `${table} is written in ${owner}`).toBeGreaterThan(0);
    }
  });

  it('only its owner writes a table, and every write names its table', () => {
    const offenders = writes
      .filter((w) => w.table === null || !isTable(w.table) || !w.path.startsWith(TABLE_OWNERS[w.table]))
      .map((w) => {
        const owner = w.table && isTable(w.table) ? TABLE_OWNERS[w.table] : null;
        if (w.table === null) return `packages/server/src/${w.path}: ${w.how} writes a table the scan cannot name`;
        if (!owner)
          return `packages/server/src/${w.path}: ${w.how} writes ${w.table}, which schema.ts does not declare`;
        const way = owner.startsWith('features/') ? 'go through its index.ts' : 'call it';
        return `packages/server/src/${w.path}: ${w.how} writes ${w.table}, owned by ${owner}: ${way}`;
      });
    expect(offenders).toEqual([]);
  });
});
