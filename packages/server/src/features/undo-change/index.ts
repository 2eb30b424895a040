export { undoChangeEndpoints } from './routes.ts';
