export { accountDeletionEndpoints } from './routes.ts';
export { DELETE_TOKEN_LENGTH } from './service.ts';
