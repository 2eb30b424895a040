export { passwordResetEndpoints, RESET_REQUEST_MINIMUM_MS } from './routes.ts';
export { issueResetToken, RESET_TOKEN_LENGTH } from './service.ts';
