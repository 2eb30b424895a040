/** GET /ok and GET /error (spec §2, CONTRACT §4.20). */
import { meta as rows } from '@latch/contract';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { renderErrorPage } from '../../core/http/error-page.ts';

const ok = defineEndpoint(rows.ok, {
  handler: () => ({ ok: true }),
});

const errorPage = defineEndpoint(rows.errorPage, {
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
