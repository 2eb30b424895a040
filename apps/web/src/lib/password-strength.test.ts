import { describe, expect, it } from 'vitest';
import { estimateStrength } from './password-strength.ts';

const policy = { minLength: 8, maxLength: 128 };

describe('the strength hint follows the server rules', () => {
  it('is weak for anything the server refuses by its own rules', () => {
    expect(estimateStrength('', policy).level).toBe('weak');
    expect(estimateStrength('Short-7', policy).level).toBe('weak');
    expect(estimateStrength('x'.repeat(129), policy).level).toBe('weak');
    expect(estimateStrength('Ada.Lovelace', policy, { name: 'Ada Lovelace' }).level).toBe('weak');
    expect(estimateStrength('Acme2024!', policy, { appName: 'Acme' }).level).toBe('weak');
    // a longer minimum configured on the server moves the line
    expect(estimateStrength('twelve chars', { minLength: 15, maxLength: 64 }).level).toBe('weak');
  });

  it('rewards length, not composition: NIST 15 is strong, an 8-character mix is only fair', () => {
    expect(estimateStrength('Xq7#mP2!', policy).level).toBe('fair');
    expect(estimateStrength('plain words here', policy).level).toBe('strong');
    expect(estimateStrength('all lower twelve', policy).level).toBe('strong');
    expect(estimateStrength('lowercase12c', policy).level).toBe('good');
  });

  it('counts a tiny alphabet and long runs against the password', () => {
    expect(estimateStrength('a'.repeat(20), policy).level).toBe('weak');
    expect(estimateStrength('abababababababab', policy).level).toBe('weak');
    expect(estimateStrength('zzzzzzzz-river-stone', policy).level).toBe('good');
  });
});
