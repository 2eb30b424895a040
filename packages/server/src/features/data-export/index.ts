export { dataExportEndpoints } from './routes.ts';
