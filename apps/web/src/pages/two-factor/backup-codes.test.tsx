// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { setSession, signedInSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { BackupCodes } from './backup-codes.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const CODES = ['aB3dE-fG5hJ', 'kL7mN-pQ9rS', 'tU2vW-xY4zA'];

function renderCodes() {
  return renderPage(
    '/settings/two-factor',
    '/settings/two-factor',
    <BackupCodes title="Save backup codes" codes={CODES} />,
  );
}

describe('backup codes: copy, download as text, print', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    window.__LATCH__ = { appName: 'Acme Cloud', providers: [], features: { username: true } };
    resetConfigForTests();
    setSession(signedInSession());
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    window.__LATCH__ = undefined;
    resetConfigForTests();
    delete document.body.dataset.printing;
  });

  it('copies every code, one a line, under a line naming the service and the account, and says so', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCodes();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('The backup codes are on your clipboard.')).toBeTruthy();
    const text = writeText.mock.calls[0]?.[0] ?? '';
    const lines = text.split('\n');
    expect(lines[0]).toBe(`Backup codes for Acme Cloud (${signedInSession().user.email})`);
    expect(lines).toEqual(expect.arrayContaining(CODES));
    expect(lines.filter((line) => CODES.includes(line))).toHaveLength(CODES.length);
  });

  it('says plainly when the browser refuses the clipboard', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('NotAllowedError')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCodes();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The codes could not be copied.');
  });

  it('downloads the codes as a text file named after the service', async () => {
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
      const url = `blob:test/${blobs.size + 1}`;
      if (object instanceof Blob) blobs.set(url, object);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    renderCodes();
    fireEvent.click(screen.getByRole('button', { name: 'Download as text' }));
    expect(await screen.findByText('The backup codes were saved as a text file.')).toBeTruthy();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.download).toBe('acme-cloud-backup-codes.txt');
    const blob = blobs.get(clicks[0]?.href ?? '');
    expect(blob?.type).toBe('text/plain;charset=utf-8');
    const text = (await blob?.text()) ?? '';
    for (const code of CODES) expect(text).toContain(`\n${code}\n`);
  });

  it('prints the codes alone: the page is marked for the print styles until the dialog closes', () => {
    let markedWhilePrinting: string | undefined;
    // happy-dom has no print dialog: the browser's call, as a stand-in that looks at the page meanwhile
    const print = vi.fn(() => {
      markedWhilePrinting = document.body.dataset.printing;
    });
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    renderCodes();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(markedWhilePrinting).toBe('backup-codes');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body.dataset.printing).toBeUndefined();
  });
});
