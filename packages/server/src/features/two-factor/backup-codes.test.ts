import { describe, expect, it } from 'vitest';
import { generateBackupCodes, parseBackupCodes, useBackupCode } from './backup-codes.ts';

describe('backup codes', () => {
  it('are distinct xxxxx-xxxxx codes, as many as asked for', () => {
    const codes = generateBackupCodes(10);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  });

  it('a used code leaves the list; an unknown one changes nothing', () => {
    const codes = ['aaaaa-aaaaa', 'bbbbb-bbbbb', 'ccccc-ccccc'];
    expect(useBackupCode(codes, 'bbbbb-bbbbb')).toEqual(['aaaaa-aaaaa', 'ccccc-ccccc']);
    expect(useBackupCode(codes, ' ccccc-ccccc ')).toEqual(['aaaaa-aaaaa', 'bbbbb-bbbbb']);
    expect(useBackupCode(codes, 'bbbbb-bbbbc')).toBeNull();
    expect(useBackupCode([], 'aaaaa-aaaaa')).toBeNull();
  });

  it('parses only a JSON array of strings', () => {
    expect(parseBackupCodes('["a","b"]')).toEqual(['a', 'b']);
    expect(() => parseBackupCodes('{"a":1}')).toThrow();
    expect(() => parseBackupCodes('[1]')).toThrow();
  });
});
