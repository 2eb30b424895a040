/** The rows of the account-deletion feature (to be filled: see packages/contract/src/endpoints/session.ts for the form). */
import type { EndpointEntry } from '../endpoint.ts';

export const accountDeletionEndpoints: readonly EndpointEntry[] = [];
