export { accountDeletionEndpoints } from './routes.ts';
