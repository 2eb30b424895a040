export { emailOtpEndpoints } from './routes.ts';
