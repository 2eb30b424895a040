/** Social sign-in: the OAuth flows, account linking and provider tokens (what others may use). */
import { socialEndpoints as flowEndpoints } from './routes.ts';
import { tokenEndpoints } from './token-routes.ts';

export const socialEndpoints = [...flowEndpoints, ...tokenEndpoints];
