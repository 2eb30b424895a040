import { describe, expect, it } from 'vitest';
import { base32Decode } from './test-helpers.ts';
import { base32Encode, hotp, matchTotp, totpURI } from './totp.ts';

// RFC 4226 Appendix D and RFC 6238 Appendix B (the SHA-1 rows)
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('HOTP and TOTP', () => {
  it('matches the RFC 4226 test vectors', () => {
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
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
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
    for (const [seconds, code] of vectors) expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it('accepts the previous, current and next step and nothing further, and says which step matched', () => {
    const at = 1_111_111_111_000;
    const step = Math.floor(at / 30_000);
    for (const offset of [-1, 0, 1]) expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step + offset), at)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step + offset), at)).toBeNull();
    expect(matchTotp(RFC_KEY, '12345', at)).toBeNull();
    expect(matchTotp(RFC_KEY, '12345a', at)).toBeNull();
  });
});

describe('base32 and the Key URI', () => {
  it('encodes the RFC 4648 test vectors without padding', () => {
    const vectors = ['', 'MY', 'MZXQ', 'MZXW6', 'MZXW6YQ', 'MZXW6YTB', 'MZXW6YTBOI'];
    vectors.forEach((encoded, n) => {
      expect(base32Encode(Buffer.from('foobar'.slice(0, n)))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe('foobar'.slice(0, n));
    });
  });

  it('writes the label and query as better-auth does', () => {
    const uri = totpURI({ issuer: 'My App', account: 't@x.com', key: Buffer.from('my') });
    expect(uri).toBe('otpauth://totp/My%20App:t%40x.com?secret=NV4Q&issuer=My+App&digits=6&period=30');
  });
});
