export { registerEmailVerification } from './extensions.ts';
export { sendAccountMail, sendNotice } from './mail.ts';
export { ANONYMOUS_SEND_MINIMUM_MS, emailVerificationEndpoints } from './routes.ts';
export { callbackField, emailField } from './schemas.ts';
export { issueEmailToken, sendVerificationMail, verifyEmailURL } from './service.ts';
export {
  consumeTokenById,
  deleteExpiredTokens,
  deleteTokenById,
  findToken,
  type StoredToken,
  storeToken,
  type TokenPurpose,
} from './token-store.ts';
export { apiURL, appendQuery, withMinimumDuration } from './urls.ts';
