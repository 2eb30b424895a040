export { teamEndpoints } from './routes.ts';
export { requireTeamIn } from './service.ts';
