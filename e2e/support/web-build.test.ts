/**
 * `npm start` and the journeys serve a production build of the current sources (issue 14
 * item 4): the build is redone when, and only when, what it is made of changes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webFingerprint } from '../../scripts/build-web.mjs';

describe('the web build fingerprint', () => {
  const base = mkdtempSync(join(tmpdir(), 'latch-web-fp-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(base, path, '..'), { recursive: true });
    writeFileSync(join(base, path), text);
  };
  write('apps/web/index.html', '<html></html>');
  write('apps/web/src/app.tsx', 'export const a = 1;');
  write('packages/contract/src/errors.ts', 'export const e = 1;');

  it('moves with an edited, added or removed source, a shared package or the page', () => {
    const first = webFingerprint(base);
    expect(webFingerprint(base)).toBe(first);
    write('apps/web/src/app.tsx', 'export const a = 2;');
    const edited = webFingerprint(base);
    expect(edited).not.toBe(first);
    write('apps/web/src/new-page.tsx', 'export {};');
    const added = webFingerprint(base);
    expect(added).not.toBe(edited);
    rmSync(join(base, 'apps/web/src/new-page.tsx'));
    expect(webFingerprint(base)).toBe(edited);
    write('packages/contract/src/errors.ts', 'export const e = 2;');
    const contract = webFingerprint(base);
    expect(contract).not.toBe(edited);
    write('apps/web/index.html', '<html lang="en"></html>');
    expect(webFingerprint(base)).not.toBe(contract);
  });

  it('does not move with a test file, which is not part of the build', () => {
    const before = webFingerprint(base);
    write('apps/web/src/app.test.tsx', 'it("x", () => {});');
    expect(webFingerprint(base)).toBe(before);
  });
});
