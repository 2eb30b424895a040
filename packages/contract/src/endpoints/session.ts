/** Sessions: get-session, sign-out, list-sessions and the revoke-* endpoints (CONTRACT §4.2, §4.7, §4.8). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { sessionJson, sessionWithUserJson } from '../entities.ts';
import { queryFlag, statusAnswer, successAnswer } from './common.ts';

const tag = 'Sessions';

export const getSession = endpoint({
  method: 'GET',
  path: '/get-session',
  tag,
  summary: "The caller's session and user, or null; extends the session when updateAge has passed",
  query: z.object({ disableCookieCache: queryFlag, disableRefresh: queryFlag }),
  response: sessionWithUserJson.nullable(),
  errors: ['FAILED_TO_GET_SESSION'],
  session: 'optional',
});

export const postGetSession = endpoint({
  method: 'POST',
  path: '/get-session',
  tag,
  summary: 'Not offered: get-session is a GET (better-auth answers the same)',
  response: z.never(),
  errors: ['METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED'],
  session: 'none',
});

export const signOut = endpoint({
  method: 'POST',
  path: '/sign-out',
  tag,
  summary: 'Ends the current session and clears its cookies',
  response: successAnswer,
  errors: [],
  session: 'optional',
});

export const listSessions = endpoint({
  method: 'GET',
  path: '/list-sessions',
  tag,
  summary: "The user's active sessions (not an admin's impersonations)",
  response: z.array(sessionJson),
  errors: ['UNAUTHORIZED', 'SESSION_NOT_FRESH'],
  session: 'fresh',
});

export const revokeSession = endpoint({
  method: 'POST',
  path: '/revoke-session',
  tag,
  summary: "Ends one of the user's sessions, named by the token list-sessions gives",
  body: z.object({ token: z.string().min(1).max(512) }),
  response: statusAnswer,
  errors: ['UNAUTHORIZED'],
  session: 'sensitive',
});

export const revokeSessions = endpoint({
  method: 'POST',
  path: '/revoke-sessions',
  tag,
  summary: 'Ends every session of the user, this one included',
  response: statusAnswer,
  errors: ['UNAUTHORIZED'],
  session: 'sensitive',
});

export const revokeOtherSessions = endpoint({
  method: 'POST',
  path: '/revoke-other-sessions',
  tag,
  summary: 'Ends every session of the user but this one',
  response: statusAnswer,
  errors: ['UNAUTHORIZED'],
  session: 'sensitive',
});

export const sessionEndpoints = [
  getSession,
  postGetSession,
  signOut,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
] as const;
