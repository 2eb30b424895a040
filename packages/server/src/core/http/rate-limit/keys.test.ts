import { describe, expect, it } from 'vitest';
import {
  accountDigest,
  canonicalPath,
  clientKeyForIp,
  MAX_STORE_KEY_LENGTH,
  storeKey,
  UNKNOWN_CLIENT,
} from './keys.ts';

describe('canonicalPath', () => {
  it.each([
    '/sign-in/email',
    '/api/auth/sign-in/email',
    '/api/auth/Sign-In/Email/',
    '/sign-in//email',
    '//api//auth//sign-in///email//',
    '/sign-in%2Femail',
    '/sign-in%2femail',
    '/api/auth/sign-in%252Femail',
    '/sign-in/./email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/sign-in\\email',
    '/api/auth/sign-in/email?callbackURL=/x',
    '/api/auth/sign-in/email#frag',
    '%2Fapi%2Fauth%2Fsign-in%2Femail',
    'http://localhost:3000/api/auth/sign-in/email',
    '  /sign-in/email  ',
  ])('%s is /sign-in/email', (variant) => {
    expect(canonicalPath(variant)).toBe('/sign-in/email');
  });

  it('keeps the root and paths outside the base path', () => {
    expect(canonicalPath('/api/auth')).toBe('/');
    expect(canonicalPath('/api/auth/')).toBe('/');
    expect(canonicalPath('')).toBe('/');
    expect(canonicalPath('/api/authx/sign-in')).toBe('/api/authx/sign-in');
    expect(canonicalPath('/health')).toBe('/health');
  });

  it('survives malformed escapes', () => {
    expect(canonicalPath('/sign-in%2Femail%E0%A4%A')).toBe('/sign-in/email%e0%a4%a');
    expect(canonicalPath('/a%zz')).toBe('/a%zz');
  });

  it('keeps an encoded question mark inside the path', () => {
    expect(canonicalPath('/sign-in%3Fx')).toBe('/sign-in?x');
  });
});

describe('clientKeyForIp', () => {
  it('keeps IPv4 addresses', () => {
    expect(clientKeyForIp('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyForIp(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(clientKeyForIp('203.0.113.7:51234')).toBe('203.0.113.7');
  });

  it('turns IPv4-mapped IPv6 into IPv4', () => {
    expect(clientKeyForIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyForIp('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKeyForIp('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyForIp('[::ffff:203.0.113.7]:443')).toBe('203.0.113.7');
  });

  it('masks IPv6 to its /64', () => {
    const key = '2001:db8:85a3:8d3::/64';
    expect(clientKeyForIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(key);
    expect(clientKeyForIp('2001:0DB8:85A3:08D3:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKeyForIp('2001:db8:85a3:8d3::1')).toBe(key);
    expect(clientKeyForIp('[2001:db8:85a3:8d3::2]:8080')).toBe(key);
    expect(clientKeyForIp('2001:db8:85a3:8d3::3%eth0')).toBe(key);
    expect(clientKeyForIp('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientKeyForIp('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyForIp('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(clientKeyForIp('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('puts missing and unparseable addresses in the unknown bucket', () => {
    expect(clientKeyForIp(null)).toBe(UNKNOWN_CLIENT);
    expect(clientKeyForIp('')).toBe(UNKNOWN_CLIENT);
    expect(clientKeyForIp('not-an-ip')).toBe(UNKNOWN_CLIENT);
    expect(clientKeyForIp('1.2.3.4, 5.6.7.8')).toBe(UNKNOWN_CLIENT);
    expect(clientKeyForIp('256.1.1.1')).toBe(UNKNOWN_CLIENT);
    expect(clientKeyForIp('2001:db8:::1')).toBe(UNKNOWN_CLIENT);
  });
});

describe('account and store keys', () => {
  it('digests accounts case- and space-insensitively, never in clear', () => {
    expect(accountDigest(' Alice@Example.COM')).toBe(accountDigest('alice@example.com'));
    expect(accountDigest('alice@example.com')).not.toContain('alice');
    expect(accountDigest('alice@example.com')).not.toBe(accountDigest('bob@example.com'));
  });

  it('hashes long or non-ASCII keys and keeps plain ones', () => {
    expect(storeKey('ip|1.2.3.4|/sign-in/email')).toBe('ip|1.2.3.4|/sign-in/email');
    const long = `ip|1.2.3.4|/${'a'.repeat(500)}`;
    expect(storeKey(long)).toMatch(/^h:[0-9a-f]{64}$/);
    expect(storeKey(long).length).toBeLessThanOrEqual(MAX_STORE_KEY_LENGTH);
    expect(storeKey('ip|1.2.3.4|/é')).toMatch(/^h:/);
    expect(storeKey('ip|1.2.3.4|/a b')).toMatch(/^h:/);
    expect(storeKey('ip|1.2.3.4|/é')).not.toBe(storeKey('ip|1.2.3.4|/e'));
  });
});
