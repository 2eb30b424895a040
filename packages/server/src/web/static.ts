/**
 * Serves the built web app (apps/web/dist) at `/`: hashed assets cached for a year,
 * every other path answered with index.html (client-side routes), into which the
 * public part of the configuration is injected as a JSON data block
 * (`<script type="application/json" id="latch-config">`): data, not script, so the page's
 * Content-Security-Policy allows no inline script at all (core/http/security-headers.ts).
 * In production (NODE_ENV=production) source maps are not served: they stay in the build
 * output for an operator who wants them, but the public gets a 404, not the app's sources.
 * The build writes brotli and gzip copies of its text assets (apps/web/vite.config.ts);
 * a browser that accepts one gets it as it is, with `Vary: Accept-Encoding`. index.html,
 * into which the configuration goes, is compressed once at start-up, and never cached.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ThemeColours } from '../core/config/branding.ts';
import type { ResolvedConfig } from '../core/config/resolve.ts';
import { webHeaders } from '../core/http/security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The brand as the web app applies it (docs/branding.md); colours already at WCAG AA in each theme. */
export interface PublicBranding {
  logo: { light: string; dark: string } | null;
  colours: { light: ThemeColours; dark: ThemeColours } | null;
  supportURL: string | null;
  termsURL: string | null;
  privacyURL: string | null;
  poweredBy: boolean;
}

export interface PublicConfig {
  appName: string;
  branding: PublicBranding;
  providers: string[];
  features: {
    username: boolean;
    deleteUser: boolean;
    emailVerification: boolean;
    organization: boolean;
    /** plugins.passkey: the sign-in screen offers passkeys (button and autofill), settings list them. */
    passkey: boolean;
    /** plugins.magicLink: "Email me a link" on the sign-in screen. */
    magicLink: boolean;
    /** plugins.emailOTP: "Email me a code" on the sign-in screen. */
    emailOTP: boolean;
  };
  /** The web app checks and hints with the server's own lengths (the blocklist stays on the server). */
  password: { minLength: number; maxLength: number };
  /** The username plugin's configured lengths (plugins.username), or null when it is off. */
  username: { minLength: number; maxLength: number } | null;
}

export function publicConfig(config: ResolvedConfig): PublicConfig {
  const { branding } = config;
  return {
    appName: config.appName,
    branding: {
      logo: branding.logo,
      colours: branding.palette && { light: branding.palette.light, dark: branding.palette.dark },
      supportURL: branding.supportURL,
      termsURL: branding.termsURL,
      privacyURL: branding.privacyURL,
      poweredBy: branding.poweredBy,
    },
    providers: Object.keys(config.socialProviders),
    features: {
      username: config.plugins.username !== false,
      deleteUser: config.user.deleteUser.enabled,
      emailVerification: true,
      organization: config.plugins.organization !== false,
      passkey: config.plugins.passkey !== false,
      magicLink: config.plugins.magicLink !== false,
      emailOTP: config.plugins.emailOTP !== false,
    },
    password: {
      minLength: config.emailAndPassword.minPasswordLength,
      maxLength: config.emailAndPassword.maxPasswordLength,
    },
    username: config.plugins.username
      ? { minLength: config.plugins.username.minUsernameLength, maxLength: config.plugins.username.maxUsernameLength }
      : null,
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The page before any script runs: the app's name as its title and the operator's favicon
 * in place of Latch's (so that both are right in the tab and in bookmarks from the start).
 */
export function brandedIndex(html: string, config: Pick<ResolvedConfig, 'appName' | 'branding'>): string {
  // replacer functions: a `$&` or `$'` in the operator's text is text, not a replacement pattern
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(config.appName)}</title>`);
  const { favicon } = config.branding;
  if (favicon)
    out = out.replace(/<link rel="icon"[^>]*>/, () => `<link rel="icon" href="${escapeAttribute(favicon)}" />`);
  return out;
}

/** The file below `root` that `pathname` names, or null when it would leave `root`. */
export function fileWithin(root: string, pathname: string): string | null {
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const file = resolve(join(root, pathname));
  const rel = relative(root, file);
  // separator-safe: `/srv/dist-old` is not inside `/srv/dist`, and `..` anywhere is outside
  if (rel === '' || isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) return null;
  return file;
}

function isSourceMap(path: string): boolean {
  return /\.map[/\\]*$/i.test(path);
}

export function createStaticHandler(distDir: string, config: ResolvedConfig): ((request: Request) => Response) | null {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) return null;
  const json = JSON.stringify(publicConfig(config)).replace(/</g, '\\u003c');
  const inject = `<script type="application/json" id="latch-config">${json}</script>`;
  const SECURITY_HEADERS = webHeaders(config);
  const raw = brandedIndex(readFileSync(indexPath, 'utf8'), config);
  const indexHtml = raw.includes('<!--latch:config-->')
    ? raw.replace('<!--latch:config-->', () => inject)
    : raw.replace('</head>', () => `${inject}</head>`);
  const indexBrotli = brotliCompressSync(indexHtml);
  const indexGzip = gzipSync(indexHtml);

  return (request) => {
    const url = new URL(request.url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 404 });
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return new Response(null, { status: 400 });
    }
    // no dotfile of the build (its fingerprint, anything a tool leaves) is ever a file to serve
    const file = pathname.split('/').some((segment) => segment.startsWith('.')) ? null : fileWithin(root, pathname);
    // judged on the file it resolves to (`/app.js.map/` names the map too) and on the path, so a
    // missing map does not fall back to index.html either
    if (config.production && (isSourceMap(pathname) || (file !== null && isSourceMap(file)))) {
      return new Response(null, { status: 404, headers: SECURITY_HEADERS });
    }
    const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
    if (file && existsSync(file) && statSync(file).isFile()) {
      const immutable = pathname.startsWith('/assets/');
      const encoding = (['br', 'gzip'] as const).find(
        (e) => accepted.has(e) && existsSync(`${file}${SUFFIX[e]}`) && statSync(`${file}${SUFFIX[e]}`).isFile(),
      );
      const headers: Record<string, string> = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...SECURITY_HEADERS,
      };
      if (existsSync(`${file}.br`) || existsSync(`${file}.gz`)) headers.vary = 'Accept-Encoding';
      if (encoding) headers['content-encoding'] = encoding;
      const body = readFileSync(encoding ? `${file}${SUFFIX[encoding]}` : file);
      return new Response(request.method === 'HEAD' ? null : body, { headers });
    }
    // HTML is never cached: it names the current hashed assets
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
    const headers: Record<string, string> = {
      'content-type': TYPES['.html'] ?? 'text/html',
      'cache-control': 'no-store',
      vary: 'Accept-Encoding',
      ...SECURITY_HEADERS,
    };
    if (encoding) headers['content-encoding'] = encoding;
    const body = encoding === 'br' ? indexBrotli : encoding === 'gzip' ? indexGzip : indexHtml;
    return new Response(request.method === 'HEAD' ? null : body, { headers });
  };
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** The content codings a request accepts (`q=0` refuses one), of the two the build writes. */
export function acceptedEncodings(header: string | null): Set<'br' | 'gzip'> {
  const out = new Set<'br' | 'gzip'>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    if (name === 'br' || name === 'gzip') out.add(name);
  }
  return out;
}
