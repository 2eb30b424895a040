export { addJwtHeader, jwtEndpoints, jwtSessionHeaders } from './routes.ts';
