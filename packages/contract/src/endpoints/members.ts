/** The rows of the members feature (to be filled: see packages/contract/src/endpoints/session.ts for the form). */
import type { EndpointEntry } from '../endpoint.ts';

export const membersEndpoints: readonly EndpointEntry[] = [];
