/**
 * Adversarial values for the security fuzz (security/fuzz-*.test.ts): nasty strings and
 * numbers, huge and deeply nested values, prototype-pollution keys, references to real rows.
 */
import fc from 'fast-check';
import { REF_KINDS, type RefKind } from './fuzz-fixtures.ts';
import { PASSWORD } from './harness.ts';

export const ref = (kind: RefKind) => fc.nat({ max: 1000 }).map((i) => `⟦ref:${kind}:${i}⟧`);
export const anyRef = fc.constantFrom(...REF_KINDS).chain(ref);

export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '[object Object]',
  "' OR '1'='1' --",
  '"; DROP TABLE "user"; --',
  '%00',
  '%',
  '%zz',
  '../../../../etc/passwd',
  '\\',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  'http://evil.example/',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'http://localhost:3000.evil.example/',
  'http://localhost:3000/ok',
  '/dashboard?x=1#y',
  '\ud800',
  '\udfff\ud800',
  '🔐🔑'.repeat(40),
  'Ω≈ç√∫˜µ≤≥÷',
  'ﷺ',
  'الْعَرَبِيَّة',
  '\u202egnp.exe',
  '\ufeffBOM',
  'Z̸̢̛̤͓̈́͗a̷̛͈l̶g̴o̵',
  'a\r\nSet-Cookie: injected=1',
  'user@example.test',
  'USER@EXAMPLE.TEST',
  'a+b@example.test',
  '"quoted@local"@example.test',
  'ü@例え.jp',
  'x@localhost',
  '@',
  'a@b',
  ' user@example.test ',
  'admin',
  'owner',
  'member',
  'credential',
  'github',
  '000000',
  '12345678',
  PASSWORD,
];

export const hugeString = fc
  .tuple(fc.constantFrom(257, 1025, 70_000, 300_000), fc.constantFrom('a', '\u0000', 'é', '😀', '%', ' '))
  .map(([n, ch]) => ch.repeat(n));

export const asciiString = fc.string({ maxLength: 40 });
export const fullUnicodeString = fc.string({ unit: 'binary', maxLength: 40 });

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 6 },
  { arbitrary: asciiString, weight: 2 },
  { arbitrary: fullUnicodeString, weight: 2 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: anyRef, weight: 3 },
);

export const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value nested `depth` levels deep, as a token that resolve() expands (a counterexample stays printable). */
export const deep = fc
  .tuple(fc.constantFrom(20, 200, 2000), fc.constantFrom('array', 'object'))
  .map(([depth, kind]) => `⟦deep:${depth}:${kind}⟧`);

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'toString', 'valueOf', ''];
export const nastyKey = fc.oneof(fc.constantFrom(...POLLUTION_KEYS), asciiString, fullUnicodeString);

export const pollution = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__": {"polluted": "yes", "role": "admin", "isAdmin": true}}'),
  { constructor: { prototype: { polluted: 'yes' } } },
  { prototype: { polluted: 'yes' } },
  { __proto__: null, polluted: 'yes' },
);

export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: nastyString, weight: 5 },
    { arbitrary: nastyNumber, weight: 2 },
    { arbitrary: fc.constantFrom<unknown>(true, false, null), weight: 2 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(nastyKey, tie('value'), { maxKeys: 4 }), weight: 1 },
    { arbitrary: pollution, weight: 1 },
    { arbitrary: deep, weight: 1 },
  ),
})).value;
