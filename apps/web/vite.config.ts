import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type * as Routes from '../../packages/client/src/routes.ts';

/** Files worth compressing (text), and the size below which compression does not pay. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 512;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the build, at the
 * strongest settings, once: the server sends them as they are to browsers that accept them
 * (packages/server/src/web/static.ts), instead of compressing on every request or not at all.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'latch-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) walk(path);
          else if (COMPRESSIBLE.test(entry.name)) {
            const body = readFileSync(path);
            if (body.length < MIN_BYTES) continue;
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
            );
            writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * The two lists as a module, compactly: each list one string of `<G|P><path>` words, read back
 * into the same rows when the module is first run; the rows of TABLE_ROUTES that repeat
 * CLIENT_ROUTES (all of them come first) are not written twice.
 */
function routesAsData(client: readonly Routes.ClientRoute[], table: readonly Routes.ClientRoute[]): string {
  const word = ({ path, method }: Routes.ClientRoute) => {
    if (/\s/.test(path)) throw new Error(`clientRoutesAsData: a path with a space: ${path}`);
    return `${method === 'GET' ? 'G' : 'P'}${path}`;
  };
  client.forEach((row, i) => {
    if (table[i]?.path !== row.path || table[i]?.method !== row.method) {
      throw new Error('clientRoutesAsData: TABLE_ROUTES no longer starts with CLIENT_ROUTES');
    }
  });
  return (
    'const rows = (words) => words.split(" ").map((w) => ({ path: w.slice(1), method: w[0] === "G" ? "GET" : "POST" }));\n' +
    `export const CLIENT_ROUTES = rows(${JSON.stringify(client.map(word).join(' '))});\n` +
    `export const TABLE_ROUTES = CLIENT_ROUTES.concat(rows(${JSON.stringify(table.slice(client.length).map(word).join(' '))}));\n`
  );
}

/**
 * @latch/client learns each endpoint's path and method from the endpoint table
 * (packages/client/src/routes.ts), whose rows also carry their zod schemas. The browser needs the
 * paths and methods only: this runs that module at build time (with tsx, as the server's scripts
 * read TypeScript) and puts its lists in its place as plain data, so zod and the table's schemas
 * stay out of the first download (docs/performance.md, "Web app weight"). The lists are the
 * module's own, computed from the current table: nothing to keep in step by hand.
 */
function clientRoutesAsData(): Plugin {
  const ROUTES_MODULE = fileURLToPath(new URL('../../packages/client/src/routes.ts', import.meta.url));
  let data = '';
  return {
    name: 'latch-client-routes-as-data',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const { tsImport } = await import('tsx/esm/api');
      const routes: typeof Routes = await tsImport(ROUTES_MODULE, import.meta.url);
      data = routesAsData(routes.CLIENT_ROUTES, routes.TABLE_ROUTES);
    },
    load(id) {
      return resolve(id.split('?')[0] ?? id) === ROUTES_MODULE ? data : null;
    },
  };
}

/**
 * react-router's package sends every bundler to its development build (its `exports` have no
 * `production` condition), which keeps its development warnings (`ENABLE_DEV_WARNINGS = true`): the
 * production build of the app takes the package's production build, the same code with them off.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'latch-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: join(
              dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
              'dist/production/index.mjs',
            ),
          },
        ],
      },
    }),
  };
}

// The built app is served by the Latch server at `/`; the API lives on the same origin at `/api/auth`.
export default defineConfig({
  plugins: [reactRouterProduction(), clientRoutesAsData(), react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // no syntax lowered for engines older than the browsers Latch supports
    target: 'es2022',
    // No preload helper in the first download: its list of every lazy file's name is mostly hashes,
    // which do not compress (0.35 KB). The CSS of a lazy file still comes with it; the files a lazy
    // page imports are fetched once it runs, one round trip later (docs/performance.md, "Web app weight").
    modulePreload: false,
    // the maps are files beside the code, never fetched by a browser that does not ask for them
    sourcemap: true,
  },
  server: {
    // `npm run dev -w apps/web` next to a running server (`npm start`) on port 3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
