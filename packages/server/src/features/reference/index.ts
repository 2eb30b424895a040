export { REFERENCE_CONTENT_SECURITY_POLICY, referenceEndpoints } from './routes.ts';
