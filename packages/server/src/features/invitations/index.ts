export { invitationEndpoints } from './routes.ts';
