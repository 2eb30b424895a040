export { addJwtHeader, jwtEndpoints } from './routes.ts';
export { issueToken } from './tokens.ts';
