export { passwordResetEndpoints, RESET_REQUEST_MINIMUM_MS } from './routes.ts';
export { RESET_TOKEN_LENGTH } from './service.ts';
