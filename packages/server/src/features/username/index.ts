export { usernameEndpoints } from './routes.ts';
export { prepareUsernameFields, usernameSignUpExtension } from './service.ts';
