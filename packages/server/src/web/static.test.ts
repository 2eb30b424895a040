/**
 * Production assets (issue 16 item 9): the build keeps its source maps for operators, but a
 * service started with NODE_ENV=production does not hand them to the public; in development
 * they are served as any other asset.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../core/config/resolve.ts';
import { createStaticHandler } from './static.ts';

const secret = 'a-secret-that-is-long-enough-for-the-test-0123';
const MAP = JSON.stringify({ version: 3, sources: ['../src/app.tsx'], sourcesContent: ['const SECRET_SOURCE = 1'] });

describe('source maps', () => {
  let parent: string;
  let dist: string;
  const handler = (production: boolean) => {
    const config = resolveConfig({ secret, baseURL: 'https://auth.example.test' }, { production, test: true });
    const serve = createStaticHandler(dist, config);
    if (!serve) throw new Error('no index.html in the test build');
    return (path: string, method = 'GET') => serve(new Request(`https://auth.example.test${path}`, { method }));
  };

  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), 'latch-static-maps-'));
    dist = join(parent, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><!--latch:config--></head><body><script type="module" src="/assets/app.js"></script></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map\n');
    writeFileSync(join(dist, 'assets', 'app.js.map'), MAP);
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('in production answer 404, however the path is spelled, and stay in the build output', async () => {
    const get = handler(true);
    for (const path of [
      '/assets/app.js.map',
      '/assets/APP.JS.MAP',
      '/assets/app.js%2emap',
      '/assets/app.js.map/',
      '/assets/./app.js.map',
      '/assets/missing.js.map',
    ]) {
      const res = get(path);
      const body = await res.text();
      expect(res.status, path).toBe(404);
      // neither the map nor the app page that unknown paths get
      expect(body, path).not.toContain('SECRET_SOURCE');
      expect(body, path).not.toContain('<html');
    }
    expect(get('/assets/app.js.map', 'HEAD').status).toBe(404);
    // the operator still has it
    expect(readFileSync(join(dist, 'assets', 'app.js.map'), 'utf8')).toBe(MAP);
  });

  it('in production the rest of the app is still served', async () => {
    const get = handler(true);
    const script = get('/assets/app.js');
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('console.log(1)');
    const page = get('/settings/profile');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('latch-config');
    // a page whose name merely contains "map" is a client-side route like any other
    expect(get('/sitemap').status).toBe(200);
  });

  it('outside production are served as JSON for the browser’s developer tools', async () => {
    const res = handler(false)('/assets/app.js.map');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.text()).toBe(MAP);
  });
});

describe('compression and caching (issue 14 item 4)', () => {
  let parent: string;
  let dist: string;
  const APP = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
  let serve: (path: string, acceptEncoding?: string) => Response;

  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), 'latch-static-zip-'));
    dist = join(parent, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><!--latch:config--></head><body></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), APP);
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(APP));
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(APP));
    writeFileSync(join(dist, 'assets', 'tiny-9f.js'), 'export {}\n');
    const config = resolveConfig({ secret, baseURL: 'https://auth.example.test' }, { production: true, test: true });
    const handler = createStaticHandler(dist, config);
    if (!handler) throw new Error('no index.html in the test build');
    serve = (path, acceptEncoding) =>
      handler(
        new Request(`https://auth.example.test${path}`, {
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        }),
      );
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, the file to others', async () => {
    const br = serve('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(APP);
    const gz = serve('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(APP);
    const plain = serve('/assets/app-1a2b3c.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(APP);
    // a coding refused with q=0 is not sent
    expect(serve('/assets/app-1a2b3c.js', 'br;q=0, gzip;q=0.5').headers.get('content-encoding')).toBe('gzip');
    for (const res of [br, gz, plain]) {
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    }
    // a file the build left uncompressed is sent as it is, whatever the browser accepts
    const tiny = serve('/assets/tiny-9f.js', 'br');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('export {}\n');
  });

  it('caches hashed assets for a year and never the page that names them', async () => {
    expect(serve('/assets/app-1a2b3c.js', 'br').headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/sign-in', '/settings/profile']) {
      const page = serve(path, 'br');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-encoding')).toBe('br');
      const html = brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString();
      expect(html).toContain('id="latch-config"');
    }
    expect(await serve('/sign-in').text()).toContain('id="latch-config"');
  });
});

describe('what the build holds beside the app', () => {
  let parent: string;
  let dist: string;
  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), 'latch-static-dot-'));
    dist = join(parent, 'dist');
    mkdirSync(join(dist, '.cache'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Latch</title><!--latch:config--></head><body></body></html>',
    );
    writeFileSync(join(dist, '.latch-build.json'), '{"fingerprint":"abc"}');
    writeFileSync(join(dist, '.cache', 'x.txt'), 'secret-ish');
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  const serve = (appName: string) => {
    const config = resolveConfig(
      { secret, baseURL: 'https://auth.example.test', appName },
      { production: true, test: true },
    );
    const handler = createStaticHandler(dist, config);
    if (!handler) throw new Error('no index.html in the test build');
    return (path: string) => handler(new Request(`https://auth.example.test${path}`));
  };

  it('no dotfile or dot directory is served: the app page answers instead', async () => {
    const get = serve('Acme');
    for (const path of ['/.latch-build.json', '/.cache/x.txt', '/%2elatch-build.json']) {
      const res = get(path);
      const body = await res.text();
      expect(body, path).not.toContain('fingerprint');
      expect(body, path).not.toContain('secret-ish');
    }
  });

  it('an app name with $ patterns is text: the page and its configuration stay whole', async () => {
    const name = "Acme $' & $` $& Co";
    const html = await serve(name)('/').text();
    expect(html).toContain("<title>Acme $' &amp; $` $&amp; Co</title>");
    const config = /<script type="application\/json" id="latch-config">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(config).appName).toBe(name);
  });
});
