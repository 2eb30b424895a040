export {
  createFastSessionCheck,
  type FastSessionCheck,
  type PlainAnswer,
  type SessionHeaders,
} from './fast-check.ts';
export { type GuardKind, requireSession } from './guard.ts';
export type { Session, SessionWithUser } from './model.ts';
export { sessionToJson } from './model.ts';
export {
  deleteSessionById,
  deleteSessionsOfUser,
  findSessionWithUserByTokenHash,
  listActiveSessionsOfUser,
} from './repo.ts';
export { sessionEndpoints } from './routes.ts';
export {
  clearSessionCookies,
  getCurrentSession,
  isFresh,
  isRecent,
  sessionCookieNames,
  setSessionCookies,
} from './service.ts';
