/** The configured password length rules, applied wherever a new password is accepted. */
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import { authError } from '../../core/errors.ts';

export function assertPasswordLength(password: string, config: ResolvedConfig): void {
  const { minPasswordLength, maxPasswordLength } = config.emailAndPassword;
  if (password.length < minPasswordLength) throw authError('PASSWORD_TOO_SHORT');
  if (password.length > maxPasswordLength) throw authError('PASSWORD_TOO_LONG');
}

/** A password that is only compared (sign-in, current password) must not be absurdly long either. */
export function assertNotTooLong(password: string, config: ResolvedConfig): void {
  if (password.length > config.emailAndPassword.maxPasswordLength) throw authError('PASSWORD_TOO_LONG');
}

const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}
