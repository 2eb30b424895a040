import { describe, expect, it } from 'vitest';
import type { RateLimitRule } from '../../config/resolve.ts';
import { compileRules, leaseSize, wildcardToRegExp } from './rules.ts';

const book = (customRules: Record<string, RateLimitRule> = {}) => compileRules({ window: 10, max: 100, customRules });

describe('per-IP rules', () => {
  it('uses the configured default elsewhere', () => {
    expect(book().forRequest('/get-session')).toEqual({ window: 10, max: 100 });
    expect(compileRules({ window: 30, max: 7, customRules: {} }).forRequest('/ok')).toEqual({ window: 30, max: 7 });
  });

  it.each([
    ['/sign-in/email', 10, 3],
    ['/sign-in/username', 10, 3],
    ['/sign-up/email', 10, 3],
    ['/change-password', 10, 3],
    ['/change-email', 10, 3],
    ['/request-password-reset', 60, 3],
    ['/forget-password', 60, 3],
    ['/send-verification-email', 60, 3],
    ['/two-factor/verify-totp', 10, 3],
    ['/two-factor/enable', 10, 3],
    ['/sign-in/magic-link', 10, 3],
    ['/magic-link/verify', 60, 5],
    ['/magic-link/confirm', 60, 5],
    ['/verify-email/confirm', 60, 5],
    ['/sign-in/email-otp', 10, 3],
    ['/email-otp/send-verification-otp', 60, 3],
    ['/email-otp/check-verification-otp', 60, 3],
    ['/email-otp/reset-password', 60, 3],
    ['/forget-password/email-otp', 60, 3],
  ])('%s: %i s / %i', (path, window, max) => {
    expect(book().forRequest(path)).toEqual({ window, max });
  });

  it('lets customRules win over built-ins, exact before wildcard, false disabling', () => {
    const rules = book({
      '/api/auth/Sign-In/Email/': { window: 5, max: 50 },
      '/sign-in/*': { window: 20, max: 2 },
      '/two-factor/*': false,
      '/organization/**': { window: 60, max: 30 },
    });
    expect(rules.forRequest('/sign-in/email')).toEqual({ window: 5, max: 50 });
    expect(rules.forRequest('/sign-in/username')).toEqual({ window: 20, max: 2 });
    expect(rules.forRequest('/two-factor/verify-totp')).toBeNull();
    expect(rules.forRequest('/organization/team/list')).toEqual({ window: 60, max: 30 });
    expect(rules.forRequest('/sign-up/email')).toEqual({ window: 10, max: 3 });
  });

  it('counts custom windows in the longest window', () => {
    // the invitation mails of one recipient are counted over ten minutes
    expect(book().longestWindowSeconds).toBe(600);
    expect(book({ '/x': { window: 3600, max: 1 } }).longestWindowSeconds).toBe(3600);
  });
});

describe('per-account rules', () => {
  it('groups the credential endpoints', () => {
    const rules = book();
    expect(rules.forAccount('/sign-in/email')).toEqual({ group: 'sign-in', rule: { window: 60, max: 5 } });
    expect(rules.forAccount('/forget-password')?.group).toBe('password-reset');
    expect(rules.forAccount('/request-password-reset')?.group).toBe('password-reset');
    expect(rules.forAccount('/two-factor/verify-totp')).toEqual({
      group: 'two-factor-verify',
      rule: { window: 300, max: 5 },
    });
    expect(rules.forAccount('/two-factor/verify-backup-code')?.group).toBe('two-factor-verify');
    expect(rules.forAccount('/change-password')).toEqual({ group: '/change-password', rule: { window: 60, max: 5 } });
  });

  it('counts the passwordless mails and code tries per address, apart from password sign-ins', () => {
    const rules = book();
    expect(rules.forAccount('/sign-in/magic-link')).toEqual({
      group: 'magic-link-mail',
      rule: { window: 300, max: 3 },
    });
    expect(rules.forAccount('/email-otp/send-verification-otp')).toEqual({
      group: 'email-otp-mail',
      rule: { window: 300, max: 3 },
    });
    // a code to reset the password is one more reset mail, whichever endpoint asks
    expect(rules.forAccount('/forget-password/email-otp')?.group).toBe('password-reset');
    expect(rules.forAccount('/email-otp/request-password-reset')?.group).toBe('password-reset');
    for (const path of [
      '/sign-in/email-otp',
      '/email-otp/verify-email',
      '/email-otp/check-verification-otp',
      '/email-otp/reset-password',
    ])
      expect(rules.forAccount(path), path).toEqual({ group: 'email-otp-verify', rule: { window: 300, max: 10 } });
  });

  it('is disabled by customRules false and untouched by a custom {window, max}', () => {
    const rules = book({ '/sign-in/email': false, '/sign-in/username': { window: 1, max: 1000 } });
    expect(rules.forAccount('/sign-in/email')).toBeNull();
    expect(rules.forAccount('/sign-in/username')?.rule).toEqual({ window: 60, max: 5 });
  });
});

describe('lease sizes (docs/decisions/rate-limit-leases.md)', () => {
  it('counts each request below max 200, leases a hundredth of max above it, at most 1,000', () => {
    expect([1, 3, 5, 10, 100, 199, 200, 299, 300, 1000, 99_999, 100_000, 100_000_000].map(leaseSize)).toEqual([
      1, 1, 1, 1, 1, 1, 2, 2, 3, 10, 999, 1000, 1000,
    ]);
  });

  it('leaves every built-in per-IP rule and the default exact', () => {
    const rules = book();
    for (const path of [
      '/get-session',
      '/sign-in/email',
      '/forget-password',
      '/two-factor/enable',
      '/magic-link/verify',
    ])
      expect(leaseSize(rules.forRequest(path)?.max ?? 0), path).toBe(1);
  });
});

describe('wildcards', () => {
  it('* stays in one segment, ** crosses segments', () => {
    expect(wildcardToRegExp('/a/*').test('/a/b')).toBe(true);
    expect(wildcardToRegExp('/a/*').test('/a/b/c')).toBe(false);
    expect(wildcardToRegExp('/a/**').test('/a/b/c')).toBe(true);
    expect(wildcardToRegExp('/a.b/*').test('/aXb/c')).toBe(false);
    expect(wildcardToRegExp('/sign-*').test('/sign-in')).toBe(true);
  });
});
