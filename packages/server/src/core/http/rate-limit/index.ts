/** Rate limiting, checked by the HTTP layer before routing (CONTRACT.md §9, docs/rate-limiting.md). */
export { canonicalPath, clientKeyForIp } from './keys.ts';
export {
  createRateLimiter,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimiterDeps,
  UNLIMITED,
} from './limiter.ts';
export type { Rule } from './rules.ts';
