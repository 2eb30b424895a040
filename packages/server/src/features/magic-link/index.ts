export { magicLinkEndpoints } from './routes.ts';
