import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Files worth compressing (text), and the size below which compression does not pay. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

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

// The built app is served by the Latch server at `/`; the API lives on the same origin at `/api/auth`.
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev -w apps/web` next to a running server (`npm start`) on port 3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
