export { registerSignUpExtension, type SignUpExtension } from './extensions.ts';
export {
  accountLockoutKey,
  checkPasswordInSession,
  checkSignInPassword,
  clearSignInFailures,
  deleteLockoutsIdleBefore,
  LOCKOUT_KEEP_SECONDS,
} from './lockout.ts';
export { assertNotCompromised, assertNotTooLong, assertPasswordLength, isValidEmail } from './password-rules.ts';
export { completePasswordSignIn, credentialEndpoints, passwordCredentialOf, recordSignInRefused } from './routes.ts';
export { storePassword } from './service.ts';
