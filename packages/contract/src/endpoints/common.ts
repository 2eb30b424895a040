/** Pieces several endpoint rows share: query flags, the plain answers, redirect targets. */
import { z } from 'zod';

/** A query flag: present means yes, except for the explicit "false" and "0". */
export const queryFlag = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => {
    const value = Array.isArray(v) ? v[v.length - 1] : v;
    return value !== undefined && value !== 'false' && value !== '0';
  });

/** `{ "status": true }` */
export const statusAnswer = z.object({ status: z.literal(true) });
/** `{ "success": true }` (better-auth's name on some endpoints) */
export const successAnswer = z.object({ success: z.literal(true) });

/** A redirect target checked against the trusted origins by the router (CONTRACT §2.3). */
export const redirectTarget = z.string().max(2048).optional();
