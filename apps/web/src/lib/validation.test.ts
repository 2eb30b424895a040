// @vitest-environment happy-dom
/**
 * The sign-up and profile forms check a username against the lengths the server is
 * configured with (public configuration), not a copy of the plugin's defaults.
 */
import { afterEach, expect, it } from 'vitest';
import { parseConfig, resetConfigForTests } from '../config.ts';
import { CATALOG } from '../i18n/catalog.ts';
import { HOME_PATH, safeNextPath, validateUsername } from './validation.ts';

const { en } = CATALOG;

afterEach(() => {
  window.__LATCH__ = undefined;
  resetConfigForTests();
});

it('uses the configured username lengths', () => {
  window.__LATCH__ = { appName: 'Acme', features: { username: true }, username: { minLength: 5, maxLength: 12 } };
  resetConfigForTests();
  expect(validateUsername('abcd', en)).toContain('5');
  expect(validateUsername('abcde', en)).toBeUndefined();
  expect(validateUsername('abcdefghijklm', en)).toContain('12');
});

it("falls back to the plugin's defaults when the server sends nothing sane", () => {
  expect(parseConfig({ username: { minLength: 9, maxLength: 2 } }).username).toEqual({ minLength: 3, maxLength: 30 });
  window.__LATCH__ = { appName: 'Acme', features: { username: true } };
  resetConfigForTests();
  expect(validateUsername('ab', en)).toContain('3');
  expect(validateUsername('abc', en)).toBeUndefined();
});

it('a next path stays on this site: no //host, backslash, encoded slash, tab or newline trick', () => {
  expect(safeNextPath('/organization?tab=teams#top')).toBe('/organization?tab=teams#top');
  for (const trick of [
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/\t/evil.example/phish',
    '/\n/evil.example',
    '/\r/evil.example/x',
    '/\u007f/evil.example',
    'https://evil.example',
    null,
  ]) {
    expect(safeNextPath(trick)).toBe(HOME_PATH);
  }
});
