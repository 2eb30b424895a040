/** GET /ok and GET /error (spec §2, CONTRACT §4.20). */
import { z } from 'zod';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { renderErrorPage } from '../../core/http/error-page.ts';

const ok = defineEndpoint({
  method: 'GET',
  path: '/ok',
  handler: () => ({ ok: true }),
});

const single = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null)));

const errorPage = defineEndpoint({
  method: 'GET',
  path: '/error',
  query: z.object({ error: single, error_description: single }),
  handler(ctx) {
    ctx.headers.set('cache-control', 'no-store');
    ctx.headers.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return ctx.raw(
      renderErrorPage(ctx.deps.config.appName, ctx.query.error, ctx.query.error_description),
      'text/html; charset=utf-8',
    );
  },
});

export const metaEndpoints = [ok, errorPage];
