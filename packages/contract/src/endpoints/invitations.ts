/** The rows of the invitations feature (to be filled: see packages/contract/src/endpoints/session.ts for the form). */
import type { EndpointEntry } from '../endpoint.ts';

export const invitationsEndpoints: readonly EndpointEntry[] = [];
