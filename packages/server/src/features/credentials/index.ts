export { registerSignUpExtension, type SignUpExtension, type SignUpExtra } from './extensions.ts';
export { assertNotTooLong, assertPasswordLength, isValidEmail } from './password-rules.ts';
export { completePasswordSignIn, credentialEndpoints } from './routes.ts';
export { checkCredentials, storePassword } from './service.ts';
