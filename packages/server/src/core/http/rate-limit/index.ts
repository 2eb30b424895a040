/** Rate limiting, checked by the HTTP layer before routing (CONTRACT.md §9, docs/rate-limiting.md). */
export { limitAccount } from './account-limit.ts';
export { canonicalPath, clientKeyForIp } from './keys.ts';
export {
  createRateLimiter,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimiterDeps,
  UNLIMITED,
} from './limiter.ts';
export { INVITATION_MAIL_PATH, PASSWORD_CHECK_PATH, type Rule, SESSION_GRANT_PATH } from './rules.ts';
