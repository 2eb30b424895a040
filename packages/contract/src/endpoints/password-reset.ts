/** The rows of the password-reset feature (to be filled: see packages/contract/src/endpoints/session.ts for the form). */
import type { EndpointEntry } from '../endpoint.ts';

export const passwordResetEndpoints: readonly EndpointEntry[] = [];
