export { passwordResetEndpoints } from './routes.ts';
export { issueResetToken } from './service.ts';
