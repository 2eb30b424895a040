import { Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotp, totp, totpURI } from './totp.ts';

// RFC 4226 Appendix D and RFC 6238 Appendix B (the SHA-1 rows)
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const STEP_MS = 30_000;

describe('HOTP and TOTP', () => {
  it('matches the RFC 4226 test vectors (counter n is the 30-second step n)', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => totp(RFC_KEY, counter * STEP_MS))).toEqual(expected);
  });

  it('matches the RFC 6238 SHA-1 test vectors (8 digits, 30 s steps)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1_111_111_109, '07081804'],
      [1_111_111_111, '14050471'],
      [1_234_567_890, '89005924'],
      [2_000_000_000, '69279037'],
      [20_000_000_000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totp(RFC_KEY, seconds * 1000, 8)).toBe(code);
      // the six-digit code is the same number modulo 10^6: the last six digits
      expect(totp(RFC_KEY, seconds * 1000)).toBe(code.slice(-6));
      expect(matchTotp(RFC_KEY, code.slice(-6), seconds * 1000)).toBe(Math.floor(seconds / 30));
    }
  });

  it('accepts the previous, current and next step and nothing further, and says which step matched', () => {
    const at = 1_111_111_111_000;
    const step = Math.floor(at / STEP_MS);
    for (const offset of [-1, 0, 1])
      expect(matchTotp(RFC_KEY, totp(RFC_KEY, at + offset * STEP_MS), at)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(matchTotp(RFC_KEY, totp(RFC_KEY, at + offset * STEP_MS), at)).toBeNull();
  });

  it('refuses codes that are not six ASCII digits without throwing', () => {
    const at = 1_111_111_111_000;
    const code = totp(RFC_KEY, at);
    for (const bad of ['12345', '1234567', '12345a', `${code.slice(0, 5)}é`, '١٢٣٤٥٦', ` ${code.slice(1)}`, ''])
      expect(matchTotp(RFC_KEY, bad, at)).toBeNull();
    expect(matchTotp(RFC_KEY, code, at)).not.toBeNull();
  });
});

describe('the Key URI', () => {
  it('carries the key in RFC 4648 base32 without padding (the RFC test vectors)', () => {
    const vectors = ['', 'MY', 'MZXQ', 'MZXW6', 'MZXW6YQ', 'MZXW6YTB', 'MZXW6YTBOI'];
    vectors.forEach((encoded, n) => {
      const uri = totpURI({ issuer: 'Latch', account: 'a@b.c', key: Buffer.from('foobar'.slice(0, n)) });
      expect(new URL(uri).searchParams.get('secret')).toBe(encoded);
    });
  });

  it('writes the label and query as better-auth does', () => {
    const uri = totpURI({ issuer: 'My App', account: 't@x.com', key: Buffer.from('my') });
    expect(uri).toBe('otpauth://totp/My%20App:t%40x.com?secret=NV4Q&issuer=My+App&digits=6&period=30');
  });

  // The answer of the hand-written encoder this file replaced, for a secret as enrolment makes it
  // (32 URL-safe characters) and an issuer and account that need escaping: the URI is unchanged.
  it('is byte for byte the URI Latch wrote before the library, for a real-sized key', () => {
    const key = Buffer.from('Kp3_vX9-qLm2ZtR8wYc4NbH7sJd6Fe1A', 'utf8');
    const uri = totpURI({ issuer: 'Latch & Co. Ünïcode/Test?', account: 'grace+2fa@example.test', key });
    expect(uri).toBe(
      'otpauth://totp/Latch%20%26%20Co.%20%C3%9Cn%C3%AFcode%2FTest%3F:grace%2B2fa%40example.test' +
        '?secret=JNYDGX3WLA4S24KMNUZFU5CSHB3VSYZUJZREQN3TJJSDMRTFGFAQ' +
        '&issuer=Latch+%26+Co.+%C3%9Cn%C3%AFcode%2FTest%3F&digits=6&period=30',
    );
    expect(totp(key, 1_700_000_000_000)).toBe('382893');
  });

  it('is read back by an authenticator app as the same key, SHA-1, six digits and 30 seconds', () => {
    const key = Buffer.from('Kp3_vX9-qLm2ZtR8wYc4NbH7sJd6Fe1A', 'utf8');
    const app = URI.parse(totpURI({ issuer: 'My App', account: 't@x.com', key }));
    expect(app).toBeInstanceOf(TOTP);
    expect(app.secret.bytes).toEqual(new Uint8Array(key));
    expect(app.secret.base32).toBe(new Secret({ buffer: Uint8Array.from(key).buffer }).base32);
    // (the issuer is left out: the query writes its space as `+`, which this parser keeps as a `+`)
    expect([app.algorithm, app.digits, app.label]).toEqual(['SHA1', 6, 't@x.com']);
    expect(app instanceof TOTP && app.period).toBe(30);
    const at = 1_700_000_000_000;
    expect(app.generate({ timestamp: at })).toBe(totp(key, at));
  });
});
