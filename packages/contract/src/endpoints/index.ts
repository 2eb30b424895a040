/**
 * The endpoint table: every endpoint Latch serves, as data (ARCHITECTURE.md,
 * "packages/contract"). The server binds a handler to each row, the client's methods and
 * the OpenAPI document are derived from it. A feature's rows live in its own file.
 */
import { sessionEndpoints } from './session.ts';

export * from './common.ts';
export * as session from './session.ts';

export const ENDPOINTS = [...sessionEndpoints] as const;
