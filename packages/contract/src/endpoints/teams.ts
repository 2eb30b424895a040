/** The rows of the teams feature (to be filled: see packages/contract/src/endpoints/session.ts for the form). */
import type { EndpointEntry } from '../endpoint.ts';

export const teamsEndpoints: readonly EndpointEntry[] = [];
