/**
 * Production assets (issue 16 item 9): the build keeps its source maps for operators, but a
 * service started with NODE_ENV=production does not hand them to the public; in development
 * they are served as any other asset.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
