export { acceptInvitationURL } from './mail.ts';
export { invitationEndpoints } from './routes.ts';
