/**
 * The password policy (NIST SP 800-63B rev 4 §3.1.1.2, docs/passwords.md), applied wherever
 * a new password is accepted: sign-up, change-password, set-password, reset-password and the
 * admin's create-user and set-user-password. Lengths and context words are the contract's
 * rules (the web app hints with the same functions); the blocklist and the breach check run
 * here only. No composition rules: a long phrase is accepted as it is.
 */
import { checkPasswordLength, isContextPassword, passwordLength } from '@latch/contract';
import type { ResolvedConfig } from '../../core/config/resolve.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { isBlocklisted } from './blocklist.ts';
import { checkBreached } from './breach-check.ts';

function lengthPolicy(config: ResolvedConfig) {
  return { minLength: config.emailAndPassword.minPasswordLength, maxLength: config.emailAndPassword.maxPasswordLength };
}

export function assertPasswordLength(password: string, config: ResolvedConfig): void {
  const problem = checkPasswordLength(password, lengthPolicy(config));
  if (problem) throw authError(problem);
}

/** A password that is only compared (sign-in, current password) must not be absurdly long either. */
export function assertNotTooLong(password: string, config: ResolvedConfig): void {
  if (passwordLength(password) > config.emailAndPassword.maxPasswordLength) throw authError('PASSWORD_TOO_LONG');
}

/** Who the password is for: their own words are refused as a password. */
export interface PasswordOwner {
  email?: string | null | undefined;
  name?: string | null | undefined;
  username?: string | null | undefined;
}

/**
 * 400 PASSWORD_COMPROMISED when the password is on the blocklist (common passwords, ordinary
 * words, the owner's or the service's name) or, with password.breachCheck on, known to Have I
 * Been Pwned. Runs before anything is written, so a refusal changes nothing.
 */
export async function assertNotCompromised(deps: AuthDeps, password: string, owner: PasswordOwner): Promise<void> {
  const { config, logger } = deps;
  if (config.password.blocklist) {
    if (isContextPassword(password, { ...owner, appName: config.appName })) throw authError('PASSWORD_COMPROMISED');
    if (await isBlocklisted(password)) throw authError('PASSWORD_COMPROMISED');
  }
  const breach = config.password.breachCheck;
  if (!breach.enabled) return;
  const answer = await checkBreached(password, breach);
  if (answer === 'breached') throw authError('PASSWORD_COMPROMISED');
  if (answer === 'unavailable') {
    if (breach.failClosed) {
      logger.warn('password breach check unavailable: the new password is refused (failClosed)', { url: breach.url });
      throw authError('PASSWORD_BREACH_CHECK_UNAVAILABLE');
    }
    logger.warn('password breach check unavailable: the new password is accepted unchecked', { url: breach.url });
  }
}

/** The contract's rule (packages/contract), so forms and the server agree. */
export { isValidEmail } from '@latch/contract';
