import { describe, expect, it } from 'vitest';
import {
  blocklistCandidates,
  checkPasswordLength,
  dictionaryCandidates,
  isContextPassword,
  passwordContextWords,
  passwordLength,
} from './password-policy.ts';

describe('password lengths', () => {
  it('counts code points, as NIST SP 800-63B rev 4 asks', () => {
    expect(passwordLength('abc')).toBe(3);
    expect(passwordLength('🙂🙂')).toBe(2);
    expect('🙂🙂'.length).toBe(4);
  });

  it('answers the server codes at the bounds', () => {
    const policy = { minLength: 8, maxLength: 10 };
    expect(checkPasswordLength('1234567', policy)).toBe('PASSWORD_TOO_SHORT');
    expect(checkPasswordLength('12345678', policy)).toBeNull();
    expect(checkPasswordLength('1234567890', policy)).toBeNull();
    expect(checkPasswordLength('12345678901', policy)).toBe('PASSWORD_TOO_LONG');
  });
});

describe('blocklist forms', () => {
  it('looks up the password, without trailing symbols, and without surrounding digits and symbols', () => {
    expect(blocklistCandidates('Monkey!2024')).toEqual(['monkey!2024', 'monkey']);
    expect(blocklistCandidates('trustno1!!')).toEqual(['trustno1!!', 'trustno1', 'trustno']);
    expect(blocklistCandidates('2024Dragon')).toEqual(['2024dragon', 'dragon']);
  });

  it('never looks up a short stem on its own', () => {
    expect(blocklistCandidates('abc12345')).toEqual(['abc12345']);
  });

  it('looks up ordinary words whole: "Exactly8" is not the word "exactly"', () => {
    expect(dictionaryCandidates('Exactly8')).toEqual(['exactly8']);
    expect(dictionaryCandidates('Exactly!')).toEqual(['exactly!', 'exactly']);
  });
});

describe('context words', () => {
  const context = {
    email: 'ada.lovelace@example.com',
    name: 'Ada King',
    username: 'countess_ada',
    appName: 'Analytical Engine',
  };

  it('gathers the email, its local part and pieces, the name, the username and the service', () => {
    const words = passwordContextWords(context);
    for (const w of ['adalovelaceexamplecom', 'adalovelace', 'lovelace', 'adaking', 'king']) expect(words).toContain(w);
    expect(words).toContain('countessada');
    expect(words).toContain('analyticalengine');
    expect(words).not.toContain('ada');
  });

  it('refuses a context word alone or decorated, not a phrase that contains one', () => {
    expect(isContextPassword('Ada.Lovelace', context)).toBe(true);
    expect(isContextPassword('adalovelace1815', context)).toBe(true);
    expect(isContextPassword('1815-Lovelace!', context)).toBe(true);
    expect(isContextPassword('AnalyticalEngine2', context)).toBe(true);
    expect(isContextPassword('lovelace and babbage', context)).toBe(false);
    expect(isContextPassword('Correct-Horse-9-Battery', context)).toBe(false);
    expect(isContextPassword('anything', {})).toBe(false);
  });
});
