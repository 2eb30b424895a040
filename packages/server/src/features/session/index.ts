export {
  createFastSessionCheck,
  type FastSessionCheck,
  type SessionHeaders,
} from './fast-check.ts';
export { requireSession } from './guard.ts';
export type { Session, SessionWithUser } from './model.ts';
export { sessionToJson } from './model.ts';
export { sessionReadBound } from './read-bound.ts';
export {
  activeSince,
  clearActiveOrganization,
  clearActiveTeam,
  deleteImpersonationSessionsBy,
  deleteSessionById,
  deleteSessionsExpiredBefore,
  deleteSessionsOfUser,
  findSessionWithUserByTokenHash,
  listActiveSessionsOfUser,
  notActiveAfter,
  setActiveScope,
} from './repo.ts';
export { sessionEndpoints } from './routes.ts';
export {
  clearSessionCookies,
  getCurrentSession,
  isFresh,
  isRecent,
  sessionCookieNames,
  setSessionCookies,
  slides,
  waitingAdminSession,
} from './service.ts';
