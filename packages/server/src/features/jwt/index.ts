export { addJwtHeader, jwtEndpoints, jwtSessionHeaders } from './routes.ts';
export { issueToken } from './tokens.ts';
