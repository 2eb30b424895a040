/** The rows of the undo-change feature (to be filled: see packages/contract/src/endpoints/session.ts for the form). */
import type { EndpointEntry } from '../endpoint.ts';

export const undoChangeEndpoints: readonly EndpointEntry[] = [];
