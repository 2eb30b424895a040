export { type Auth, type CreateAuthOverrides, createAuth, type ServerApi } from './app.ts';
export type { LatchOptions } from './core/config/schema.ts';
export { AuthError } from './core/errors.ts';
export { createNodeListener } from './node-adapter.ts';
