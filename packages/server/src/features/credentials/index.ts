export { registerSignUpExtension, type SignUpExtension, type SignUpExtra } from './extensions.ts';
export { accountLockoutKey, checkPasswordInSession, checkSignInPassword, clearSignInFailures } from './lockout.ts';
export {
  assertNewPassword,
  assertNotCompromised,
  assertNotTooLong,
  assertPasswordLength,
  isValidEmail,
  type PasswordOwner,
} from './password-rules.ts';
export { completePasswordSignIn, credentialEndpoints } from './routes.ts';
export { checkCredentials, storePassword } from './service.ts';
