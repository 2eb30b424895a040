/** GET /ok and GET /error (spec §2, CONTRACT §4.20). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const tag = 'Meta';

export const ok = endpoint({
  method: 'GET',
  path: '/ok',
  tag,
  summary: 'Answers {"ok":true} while the service runs',
  response: z.object({ ok: z.literal(true) }),
  errors: [],
  session: 'none',
});

/** One value of a query parameter (the first when repeated), or null. */
const single = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null)));

export const errorPage = endpoint({
  method: 'GET',
  path: '/error',
  tag,
  summary:
    'The page a failed redirect flow lands on when there is no application URL: the code and description, escaped',
  query: z.object({ error: single, error_description: single }),
  response: z.string().describe('an HTML page (text/html)'),
  answers: 'html',
  errors: [],
  session: 'none',
});

export const metaEndpoints = [ok, errorPage] as const;
