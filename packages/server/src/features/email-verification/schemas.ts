/** Input shapes shared by the email flows. */
import { z } from 'zod';
import { isValidEmail } from '../credentials/index.ts';

/** A valid address, trimmed and lower-cased; anything else is 400 VALIDATION_ERROR `[body.email] Invalid email address`. */
export const emailField = z
  .string()
  .max(320)
  .transform((s) => s.trim().toLowerCase())
  .refine(isValidEmail, { message: 'Invalid email address' });

export const callbackField = z.string().max(2048).optional();
