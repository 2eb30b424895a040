export { emailChangeEndpoints } from './routes.ts';
