/**
 * Which limit applies to a canonical path (CONTRACT.md §9), per client network and per
 * account. Precedence for the per-IP limit: default < built-in < `customRules`.
 */
import type { RateLimitRule, ResolvedConfig } from '../../config/resolve.ts';
import { canonicalPath } from './keys.ts';

/** `window` in seconds, `max` requests per window. */
export interface Rule {
  window: number;
  max: number;
}

/** `max` / this is the lease: each instance holds at most 1% of a budget unspent. */
const LEASE_DIVISOR = 100;
/** The most points one instance may hold for one key. */
const LEASE_CAP = 1000;

/**
 * Lease size for a per-client rule over a shared store (docs/decisions/rate-limit-leases.md):
 * how many of the window's `max` points one instance may reserve at once and spend without a
 * round trip. 1 (count every request in the store, exactly) below `max` 200, so every
 * built-in rule and the default 100 per 10 s stay exact (per-account limits never lease,
 * whatever their `max`: the limiter asks for 1 there); above it a
 * hundredth of `max`, at most 1,000: another instance can then hold at most 1% of a budget
 * (and 1,000 points) that this one cannot spend, which is how early a refusal can come.
 */
export function leaseSize(max: number): number {
  return Math.max(1, Math.min(LEASE_CAP, Math.floor(max / LEASE_DIVISOR)));
}

interface BuiltInRule {
  matches(path: string): boolean;
  rule: Rule;
}

/** better-auth 1.7.25's special rules, plus the two-factor plugin's. */
const BUILT_IN_RULES: readonly BuiltInRule[] = [
  {
    matches: (p) =>
      p.startsWith('/sign-in') ||
      p.startsWith('/sign-up') ||
      p.startsWith('/change-password') ||
      p.startsWith('/change-email'),
    rule: { window: 10, max: 3 },
  },
  {
    matches: (p) =>
      p === '/request-password-reset' || p === '/send-verification-email' || p.startsWith('/forget-password'),
    rule: { window: 60, max: 3 },
  },
  { matches: (p) => p.startsWith('/two-factor/'), rule: { window: 10, max: 3 } },
  // the magic-link and email-otp plugins' rules (the send endpoints under /sign-in and /forget-password are above)
  // following a link, by its GET or by the confirming click of the page that asks first
  { matches: (p) => p === '/magic-link/verify' || p === '/magic-link/confirm', rule: { window: 60, max: 5 } },
  // the answer to "did you create this account?" of a verification link (it may claim the address)
  { matches: (p) => p === '/verify-email/confirm', rule: { window: 60, max: 5 } },
  { matches: (p) => p.startsWith('/email-otp/'), rule: { window: 60, max: 3 } },
];

/** Per-account buckets that are not an endpoint's (limitAccount's `path` argument). */
export const SESSION_GRANT_PATH = '/_session-grant';
export const INVITATION_MAIL_PATH = '/_invitation-mail';
export const PASSWORD_CHECK_PATH = '/_password-check';

interface AccountRule {
  /** Endpoints in one group share the account's bucket (the two reset endpoints are one). */
  group: string;
  matches(path: string): boolean;
  rule: Rule;
}

/**
 * Per-account limits (a Latch addition, see docs/rate-limiting.md). They stop an attacker
 * who rotates IP addresses; they are loose enough that a person who mistypes a password
 * or a code a few times is never locked out.
 */
const ACCOUNT_RULES: readonly AccountRule[] = [
  // before the sign-in group: a magic link is a mail (three per five minutes, as the other mails)…
  { group: 'magic-link-mail', matches: (p) => p === '/sign-in/magic-link', rule: { window: 300, max: 3 } },
  // …and an emailed code's every try counts here too, beside the code's own few tries: ten per five
  // minutes keeps a guesser of a six-digit code at about one chance in 300 a day
  {
    group: 'email-otp-verify',
    matches: (p) =>
      p === '/sign-in/email-otp' ||
      p === '/email-otp/verify-email' ||
      p === '/email-otp/check-verification-otp' ||
      p === '/email-otp/reset-password',
    rule: { window: 300, max: 10 },
  },
  // 5 attempts a minute: two typos and a success leave two spare; a password guesser gets 7 200 a day at most
  { group: 'sign-in', matches: (p) => p.startsWith('/sign-in'), rule: { window: 60, max: 5 } },
  // each of these sends an e-mail: three per five minutes keeps a victim's inbox from being flooded
  {
    group: 'password-reset',
    matches: (p) =>
      p === '/request-password-reset' || p.startsWith('/forget-password') || p === '/email-otp/request-password-reset',
    rule: { window: 300, max: 3 },
  },
  { group: 'verification-email', matches: (p) => p === '/send-verification-email', rule: { window: 300, max: 3 } },
  { group: 'two-factor-mail', matches: (p) => p === '/two-factor/send-otp', rule: { window: 300, max: 3 } },
  { group: 'email-otp-mail', matches: (p) => p === '/email-otp/send-verification-otp', rule: { window: 300, max: 3 } },
  // a six-digit code: 5 per 5 minutes puts a brute force of the TOTP space at months, not days
  { group: 'two-factor-verify', matches: (p) => p.startsWith('/two-factor/verify'), rule: { window: 300, max: 5 } },
  // not endpoints: the password entered again inside a session, on whichever endpoint asks for it…
  { group: 'password-check', matches: (p) => p === PASSWORD_CHECK_PATH, rule: { window: 60, max: 5 } },
  // …the sessions the sign-in pipeline grants one account, however it is entered…
  { group: 'session-grant', matches: (p) => p === SESSION_GRANT_PATH, rule: { window: 60, max: 10 } },
  // …and the invitation mails one recipient gets, from every organization together
  { group: 'invitation-mail', matches: (p) => p === INVITATION_MAIL_PATH, rule: { window: 600, max: 3 } },
];

/** Any other endpoint the HTTP layer checks per account (change-password, verify-password…). */
const DEFAULT_ACCOUNT_RULE: Rule = { window: 60, max: 5 };

export interface RuleBook {
  /** The per-IP rule for a canonical path, or `null` when `customRules` disables it. */
  forRequest(path: string): Rule | null;
  /** The per-account rule and bucket group for a canonical path, or `null` when disabled. */
  forAccount(path: string): { group: string; rule: Rule } | null;
  /** The longest window any rule uses, in seconds (how long a stored counter can matter). */
  longestWindowSeconds: number;
}

interface WildcardRule {
  pattern: RegExp;
  rule: RateLimitRule;
}

export function compileRules(config: Pick<ResolvedConfig['rateLimit'], 'window' | 'max' | 'customRules'>): RuleBook {
  const exact = new Map<string, RateLimitRule>();
  const wildcards: WildcardRule[] = [];
  for (const [key, rule] of Object.entries(config.customRules)) {
    const path = canonicalPath(key);
    if (path.includes('*')) wildcards.push({ pattern: wildcardToRegExp(path), rule });
    // the first spelling wins when two keys canonicalise to the same path
    else if (!exact.has(path)) exact.set(path, rule);
  }

  const customFor = (path: string): RateLimitRule | undefined => {
    const hit = exact.get(path);
    if (hit !== undefined) return hit;
    return wildcards.find((w) => w.pattern.test(path))?.rule;
  };

  const fallback: Rule = { window: config.window, max: config.max };
  const windows = [
    config.window,
    ...BUILT_IN_RULES.map((r) => r.rule.window),
    ...ACCOUNT_RULES.map((r) => r.rule.window),
    DEFAULT_ACCOUNT_RULE.window,
    ...Object.values(config.customRules).flatMap((r) => (r ? [r.window] : [])),
  ];

  return {
    forRequest(path) {
      const custom = customFor(path);
      if (custom !== undefined) return custom === false ? null : { window: custom.window, max: custom.max };
      return BUILT_IN_RULES.find((r) => r.matches(path))?.rule ?? fallback;
    },
    forAccount(path) {
      // `false` means "do not limit this path at all"; a custom {window, max} tunes the per-IP limit only
      if (customFor(path) === false) return null;
      const hit = ACCOUNT_RULES.find((r) => r.matches(path));
      return hit ? { group: hit.group, rule: hit.rule } : { group: path, rule: DEFAULT_ACCOUNT_RULE };
    },
    longestWindowSeconds: Math.max(...windows),
  };
}

/** `*` matches within one path segment, `**` across segments (as better-auth's matcher). */
export function wildcardToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        source += '.*';
        i++;
      } else {
        source += '[^/]*';
      }
    } else {
      source += char.replace(/[.+?^${}()|[\]\\-]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}
