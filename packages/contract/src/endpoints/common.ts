/** Pieces several endpoint rows share: query flags, the plain answers, redirect targets. */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../email.ts';

export { isValidEmail };

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

/** A valid address, trimmed and lower-cased; anything else is 400 VALIDATION_ERROR `[body.email] Invalid email address`. */
export const emailField = z
  .string()
  .max(EMAIL_MAX_LENGTH)
  .transform((s) => s.trim().toLowerCase())
  .refine(isValidEmail, { message: 'Invalid email address' });

/** The callbackURL of the email flows (checked against the trusted origins by the router). */
export const callbackField = redirectTarget;
