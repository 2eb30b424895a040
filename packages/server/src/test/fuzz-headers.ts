/**
 * Origins, cookies and other headers of the fuzzed requests (security/fuzz-*.test.ts).
 */
import fc from 'fast-check';
import { ORIGIN } from './fuzz-app.ts';

/** Header values are bytes: printable Latin-1 (what a real client could send). */
export const headerValue = fc.oneof(
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
      .map((c) => String.fromCharCode(c)),
    maxLength: 60,
  }),
  fc.constantFrom('', ';', '=', '"', 'x'.repeat(16_000), 'ü'.repeat(100)),
);

export const origins = fc.oneof(
  { arbitrary: fc.constant(ORIGIN), weight: 12 },
  {
    arbitrary: fc.constantFrom<string | null>(
      null,
      'null',
      'http://evil.example',
      'http://localhost:3000.evil.example',
      'HTTP://LOCALHOST:3000',
      'http://localhost:3000/',
      `http://${'a'.repeat(10_000)}.example`,
      'not a url',
      'http://[::1',
    ),
    weight: 2,
  },
  { arbitrary: headerValue, weight: 1 },
);

export const junkCookie = fc.oneof(
  fc.constantFrom(
    'latch.session_token=garbage',
    'latch.session_token=abc.def',
    'latch.session_token=',
    'latch.session_token="quoted.value"',
    'latch.session_token=%E0%A4%A',
    `latch.session_token=${'x'.repeat(8000)}.sig`,
    'latch.dont_remember=true.bad',
    'latch.session_data=eyJhbGciOiJub25lIn0.e30.',
    'latch.two_factor=forged.sig',
    'latch.oauth_state=forged',
    '=novalue',
    ';;;;',
    '__proto__=1',
    'constructor=x',
  ),
  fc.tuple(fc.constantFrom('latch.session_token', 'latch.two_factor', 'x'), headerValue).map(([k, v]) => `${k}=${v}`),
);

export const extraHeaders = fc.array(
  fc.oneof(
    fc.tuple(
      fc.constant('accept-language'),
      fc.oneof(
        headerValue,
        fc.constantFrom(
          '*',
          'de-DE,de;q=0.9',
          'xx;q=abc',
          'en;q=-1',
          ';q=1',
          ',,,,',
          'zh-Hant-TW',
          'ü'.repeat(200),
          `${'en,'.repeat(3000)}de`,
        ),
      ),
    ),
    fc.tuple(fc.constant('user-agent'), headerValue),
    fc.tuple(fc.constant('accept'), fc.oneof(headerValue, fc.constantFrom('text/html', 'application/json', '*/*'))),
    fc.tuple(fc.constant('referer'), fc.oneof(headerValue, fc.constantFrom(`${ORIGIN}/page`, 'http://evil.example/'))),
    fc.tuple(
      fc.constant('authorization'),
      fc.oneof(headerValue, fc.constantFrom('Bearer ', 'Bearer x.y.z', 'Basic Og==')),
    ),
    fc.tuple(fc.constant('sec-fetch-site'), fc.constantFrom('same-origin', 'cross-site', 'none', '')),
    fc.tuple(fc.constant('x-forwarded-for'), headerValue),
    fc.tuple(fc.constant('content-length'), fc.constantFrom('0', '-1', 'abc', '99999999999999999999', '1048577')),
  ),
  { maxLength: 3 },
);
