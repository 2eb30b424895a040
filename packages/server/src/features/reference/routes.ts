/**
 * The API reference (docs/api-reference.md):
 *  - GET /openapi.json: the OpenAPI 3.1 document of this instance, generated from the
 *    endpoint table for its configuration (the plugins it has on, its base URL, its cookie);
 *  - GET /reference: a page rendering it with Scalar;
 *  - GET /reference/scalar.js: Scalar's standalone browser bundle, served from
 *    node_modules (@scalar/api-reference): the page loads nothing from another origin.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openApiDocument, type PluginName, reference as rows } from '@latch/contract';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';

/**
 * The reference page's own policy: scripts only from Latch (the bundle below, no inline
 * script: Scalar reads its configuration from data attributes), and inline styles, which
 * Scalar injects at run time (its themes and component styles are <style> elements and
 * style attributes). Fonts are the browser's own (Scalar's web fonts are switched off),
 * requests go to Latch only ("Test request" included), nothing may frame the page.
 */
export const REFERENCE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SCALAR_PACKAGE = '@scalar/api-reference';

/** The switches of the table's rows, from the resolved configuration. */
function pluginsOf(config: ResolvedConfig): Record<PluginName, boolean> {
  const { plugins } = config;
  return {
    username: plugins.username !== false,
    organization: plugins.organization !== false,
    teams: plugins.organization !== false && plugins.organization.teams.enabled,
    admin: plugins.admin !== false,
    twoFactor: plugins.twoFactor !== false,
    passkey: plugins.passkey !== false,
    jwt: plugins.jwt !== false,
    magicLink: plugins.magicLink !== false,
    emailOTP: plugins.emailOTP !== false,
  };
}

const documents = new WeakMap<ResolvedConfig, object>();

/** The document of an instance: built on first request, then kept (the configuration does not change). */
function documentOf(deps: AuthDeps): object {
  const { config } = deps;
  let document = documents.get(config);
  if (!document) {
    document = openApiDocument({
      baseURL: config.baseURL,
      basePath: config.basePath,
      title: `${config.appName} API`,
      version: serverPackage.version,
      plugins: pluginsOf(config),
      sessionCookie: deps.cookieName('session_token'),
    });
    documents.set(config, document);
  }
  return document;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Scalar's version, which versions the bundle's URL (so it may be cached for long). */
function scalarVersion(): string {
  const entry = createRequire(import.meta.url).resolve(SCALAR_PACKAGE);
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof manifest.version === 'string' ? manifest.version : '0';
}

interface ScalarBundle {
  version: string;
  plain: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

let bundle: ScalarBundle | null = null;

/** A Buffer's bytes as a Uint8Array of their own (a Response body). */
function ownBytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(buffer.byteLength);
  bytes.set(buffer);
  return bytes;
}

/** The standalone bundle (dist/browser/standalone.js), read once; the package's exports do not list it. */
function scalarBundle(): ScalarBundle {
  if (!bundle) {
    const entry = createRequire(import.meta.url).resolve(SCALAR_PACKAGE);
    const plain = readFileSync(join(dirname(entry), 'browser', 'standalone.js'));
    bundle = { version: scalarVersion(), plain: ownBytes(plain), gzip: ownBytes(gzipSync(plain)) };
  }
  return bundle;
}

function referencePage(config: ResolvedConfig, version: string): string {
  const base = config.basePath;
  const scalarConfiguration = {
    url: `${base}/openapi.json`,
    // nothing from Scalar's servers: no web fonts, no telemetry, no hosted client or agent
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    metaData: { title: `${config.appName} API reference` },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(config.appName)} API reference</title>
</head>
<body>
<noscript>The reference needs JavaScript. The document itself is at <a href="${base}/openapi.json">${base}/openapi.json</a>.</noscript>
<script id="api-reference" data-url="${escapeHtml(`${base}/openapi.json`)}" data-configuration="${escapeHtml(JSON.stringify(scalarConfiguration))}"></script>
<script src="${escapeHtml(`${base}/reference/scalar.js?v=${encodeURIComponent(version)}`)}"></script>
</body>
</html>
`;
}

const openApiJson = defineEndpoint(rows.openApiJson, {
  handler: (ctx) => documentOf(ctx.deps),
});

const apiReference = defineEndpoint(rows.apiReference, {
  handler(ctx) {
    ctx.headers.set('content-security-policy', REFERENCE_CONTENT_SECURITY_POLICY);
    ctx.headers.set('referrer-policy', 'no-referrer');
    return ctx.raw(referencePage(ctx.deps.config, scalarBundle().version), 'text/html; charset=utf-8');
  },
});

/** A static file, not an API answer: long public caching (its URL carries Scalar's version), gzip when accepted. */
const scalarScript = defineEndpoint({
  method: 'GET',
  path: '/reference/scalar.js',
  handler(ctx) {
    const { plain, gzip } = scalarBundle();
    const zipped = /\bgzip\b/.test(ctx.request.headers.get('accept-encoding') ?? '');
    return new Response(zipped ? gzip : plain, {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=604800, immutable',
        vary: 'accept-encoding',
        ...(zipped && { 'content-encoding': 'gzip' }),
      },
    });
  },
});

export const referenceEndpoints = [openApiJson, apiReference, scalarScript];
