import { describe, expect, it } from 'vitest';
import { parseCookieHeader, readCookie } from './cookies.ts';

const NAME = 'latch.session_token';

const HEADERS = [
  '',
  'latch.session_token=abc',
  'a=1; latch.session_token=abc; b=2',
  'a=1;latch.session_token=abc;b=2',
  'latch.session_token=first; latch.session_token=second',
  'xlatch.session_token=no; latch.session_token=yes',
  'a=latch.session_token=inside; latch.session_token=outside',
  'a=latch.session_token=inside',
  'latch.session_token',
  'latch.session_token; latch.session_token=later',
  '  latch.session_token  =  spaced  ; b=2',
  'latch.session_token="quoted"',
  'latch.session_token=',
  'latch.session_token=a=b=c',
  'latch.session_token_other=no',
  'latch.session_token_other=no; latch.session_token=yes',
  '=latch.session_token; latch.session_token=ok',
  'latch.session_token=%41%42.sig%3D; latch.session_data=xyz',
];

describe('readCookie', () => {
  it.each(HEADERS)('reads %j as parseCookieHeader does', (header) => {
    expect(readCookie(header, NAME)).toBe(parseCookieHeader(header).get(NAME));
  });

  it('answers undefined without a header', () => {
    expect(readCookie(undefined, NAME)).toBeUndefined();
    expect(readCookie(null, NAME)).toBeUndefined();
  });
});
