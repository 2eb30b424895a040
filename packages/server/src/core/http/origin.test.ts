import { describe, expect, it } from 'vitest';
import { isSafeRelativePath, isTrustedOrigin, isTrustedRedirectTarget } from './origin.ts';

describe('redirect targets', () => {
  const trusted = ['http://localhost:3000', 'https://*.example.com', 'myapp://callback', 'app.test:8080'];
  it.each([
    ['/dashboard', true],
    ['/a?b=//c', true],
    ['//evil.com', false],
    ['/\\evil.com', false],
    ['/%2f%2fevil.com', false],
    ['/%5cevil.com', false],
    ['/\u0000x', false],
    ['http://localhost:3000/x', true],
    ['http://localhost:3001/x', false],
    ['https://a.example.com/x', true],
    ['https://a.b.example.com/x', true],
    ['https://example.com.evil.io', false],
    ['myapp://callback/done', true],
    ['otherapp://callback', false],
    ['javascript:alert(1)', false],
    ['http://app.test:8080/', true],
  ])('%s -> %s', (target, expected) => {
    expect(isTrustedRedirectTarget(target, trusted)).toBe(expected);
  });

  it('relative paths must be plain', () => {
    expect(isSafeRelativePath('/ok/path')).toBe(true);
    expect(isSafeRelativePath('relative')).toBe(false);
  });

  it('origins compare exactly', () => {
    expect(isTrustedOrigin('http://localhost:3000', trusted)).toBe(true);
    expect(isTrustedOrigin('http://localhost:3000.evil.com', trusted)).toBe(false);
    expect(isTrustedOrigin('not a url', trusted)).toBe(false);
  });
});
