import { describe, expect, it } from 'vitest';
import { parseIsoDate, parseResponseText } from './json.ts';
import { encodeQuery, isSafeRedirectUrl, resolveBaseURL } from './url.ts';

describe('parseResponseText', () => {
  it('revives ISO date-times at any depth, with Z or an offset', () => {
    const parsed = parseResponseText(
      JSON.stringify({ a: '2026-11-22T05:19:26.795Z', b: [{ c: '2026-11-22T07:19:26+02:00' }], d: 'hello' }),
    ) as { a: Date; b: Array<{ c: Date }>; d: string };
    expect(parsed.a).toBeInstanceOf(Date);
    expect(parsed.a.toISOString()).toBe('2026-11-22T05:19:26.795Z');
    expect(parsed.b[0]?.c.toISOString()).toBe('2026-11-22T05:19:26.000Z');
    expect(parsed.d).toBe('hello');
  });

  it('leaves date-only strings and invalid dates alone', () => {
    expect(parseIsoDate('2026-11-22')).toBeNull();
    expect(parseIsoDate('2026-13-22T05:19:26Z')).toBeNull();
    expect(parseIsoDate('2026-11-22T05:19:26')).toBeNull();
  });

  it('is lenient: empty is null, text stays text, literals parse', () => {
    expect(parseResponseText('')).toBeNull();
    expect(parseResponseText('Not Found')).toBe('Not Found');
    expect(parseResponseText('null')).toBeNull();
    expect(parseResponseText('true')).toBe(true);
    expect(parseResponseText('{broken')).toBe('{broken');
  });

  it('drops __proto__ keys', () => {
    const parsed = parseResponseText('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    expect(parsed.a).toBe(1);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('url helpers', () => {
  it('encodes queries like better-auth', () => {
    expect(encodeQuery({ a: 'x y', b: [1, 'two'], c: null, d: undefined, e: { k: 1 } })).toBe(
      '?a=x%20y&b=1&b=two&e=%7B%22k%22%3A1%7D',
    );
    expect(encodeQuery({})).toBe('');
  });

  it('treats relative and http(s) URLs as safe, dangerous schemes as unsafe', () => {
    expect(isSafeRedirectUrl('/dashboard')).toBe(true);
    expect(isSafeRedirectUrl('https://github.com/login')).toBe(true);
    expect(isSafeRedirectUrl('myapp://callback')).toBe(true);
    expect(isSafeRedirectUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeRedirectUrl('\njavascript:alert(1)')).toBe(false);
    expect(isSafeRedirectUrl('DATA:text/html,x')).toBe(false);
    expect(isSafeRedirectUrl('vbscript:x')).toBe(false);
  });

  it('resolves the base URL', () => {
    expect(resolveBaseURL('http://localhost:3000', undefined)).toBe('http://localhost:3000/api/auth');
    expect(resolveBaseURL('http://localhost:3000', '')).toBe('http://localhost:3000');
    expect(resolveBaseURL(undefined, undefined)).toBe('/api/auth');
  });
});
