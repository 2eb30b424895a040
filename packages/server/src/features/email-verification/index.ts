export { registerEmailVerification } from './extensions.ts';
export { emailVerificationEndpoints } from './routes.ts';
export {
  applyEmailChange,
  findEmailToken,
  issueEmailToken,
  sendVerificationMail,
  VERIFY_ERRORS,
  verifyEmailURL,
} from './service.ts';
export { emailVerificationCheck } from './sign-in-check.ts';
export { answerInFixedTime, apiURL, appendQuery } from './urls.ts';
