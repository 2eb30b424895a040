/**
 * Factors stand alone (ARCHITECTURE.md "One way in"; security issue, item 1): an emailed
 * code is a second factor only where the first factor cannot be reset from the same
 * mailbox. By default a password reset of an account with an authenticator app needs that
 * app (or a backup code) as well, so the password is never the mailbox's alone, and the
 * emailed code may then stand beside it. An account with emailed codes alone has no factor
 * the mailbox does not hold: enrolling that way needs the operator's opt-in
 * (plugins.twoFactor.allowEmailOtpAlone), and so does offering emailed codes to everyone
 * when resets are not gated (plugins.twoFactor.resetRequiresSecondFactor: false).
 */
import type { AuthDeps } from '../../core/http/context.ts';
import type { TwoFactorRecord } from './repo.ts';

/** Whether the account has a factor the mailbox does not hold: a confirmed authenticator app. */
export function hasAuthenticator(record: TwoFactorRecord | null): boolean {
  return record?.verified === true;
}

/** Whether a password reset of this account must also pass its authenticator app or a backup code. */
export function resetNeedsSecondFactor(
  deps: AuthDeps,
  twoFactorEnabled: boolean,
  record: TwoFactorRecord | null,
): boolean {
  const options = deps.config.plugins.twoFactor;
  return Boolean(options && options.resetRequiresSecondFactor && twoFactorEnabled && hasAuthenticator(record));
}

/** Whether an emailed code may complete this account's sign-in. */
export function emailCodeCounts(deps: AuthDeps, record: TwoFactorRecord | null): boolean {
  const options = deps.config.plugins.twoFactor;
  if (!options) return false;
  if (options.allowEmailOtpAlone) return true;
  if (hasAuthenticator(record)) return options.resetRequiresSecondFactor;
  // enrolled with emailed codes alone before this rule (or by an operator's opt-in since
  // withdrawn): the code is still this account's way in; the settings page asks them to add an app
  return true;
}
