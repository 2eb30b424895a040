// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import type { UserDataExport } from '../../lib/wire-types.ts';
import { mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { ProfilePage } from './profile.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

function exported(): UserDataExport {
  const { user, session } = signedInSession();
  return {
    exportedAt: new Date('2026-11-25T10:00:00Z'),
    user,
    accounts: [
      {
        id: 'a1',
        accountId: 'u1',
        providerId: 'credential',
        provider: 'credential',
        userId: 'u1',
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
        scopes: [],
      },
    ],
    sessions: [session],
    twoFactor: { enabled: false, authenticatorApp: false },
    passkeys: [],
  };
}

/** What the page handed to the browser's download: the file name, the link's URL and the Blob behind it. */
function watchDownloads() {
  const blobs = new Map<string, Blob>();
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    const url = `blob:test/${blobs.size + 1}`;
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicks: { href: string; download: string; inDocument: boolean }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.getAttribute('href') ?? '', download: this.download, inDocument: this.isConnected });
  });
  return { blobs, create, revoke, clicks };
}

describe('profile: download my data', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    window.__LATCH__ = { appName: 'Acme Cloud', providers: [], features: { username: true } };
    resetConfigForTests();
    vi.clearAllMocks();
    setSession(signedInSession());
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('saves what the server exported as a JSON file named after the service and the day', async () => {
    const downloads = watchDownloads();
    mockClient.exportUserData.mockResolvedValueOnce({ data: exported(), error: null });
    renderPage('/settings/profile', '/settings/profile', <ProfilePage />);

    expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toBeTruthy();
    expect(screen.getByText(/Download a copy of what Acme Cloud keeps about you/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));

    expect(await screen.findByText('Your data has been downloaded as acme-cloud-data-2026-11-25.json.')).toBeTruthy();
    expect(mockClient.exportUserData).toHaveBeenCalledTimes(1);
    expect(downloads.clicks).toEqual([
      { href: 'blob:test/1', download: 'acme-cloud-data-2026-11-25.json', inDocument: true },
    ]);
    // the link was only there for the click
    expect(document.querySelector('a[download]')).toBeNull();
    const blob = downloads.blobs.get('blob:test/1');
    expect(blob?.type).toBe('application/json');
    const saved = JSON.parse((await blob?.text()) ?? 'null');
    expect(saved.user.email).toBe('ada@example.com');
    expect(saved.exportedAt).toBe('2026-11-25T10:00:00.000Z');
    expect(saved.accounts.map((a: { providerId: string }) => a.providerId)).toEqual(['credential']);
    expect(saved.twoFactor).toEqual({ enabled: false, authenticatorApp: false });
    await vi.waitFor(() => expect(downloads.revoke).toHaveBeenCalledWith('blob:test/1'));
  });

  it('a refusal is shown with its message, and nothing is downloaded', async () => {
    const downloads = watchDownloads();
    mockClient.exportUserData.mockResolvedValueOnce({
      data: null,
      error: { status: 403, code: 'NOT_ALLOWED_WHILE_IMPERSONATING', message: 'Not allowed while impersonating' },
    });
    renderPage('/settings/profile', '/settings/profile', <ProfilePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'This cannot be done while you are acting as another person.',
    );
    expect(downloads.create).not.toHaveBeenCalled();
    expect(downloads.clicks).toEqual([]);
    expect(screen.queryByText(/has been downloaded/)).toBeNull();
    // the button is usable again
    expect(screen.getByRole('button', { name: 'Download my data' }).hasAttribute('disabled')).toBe(false);
  });

  it('the service out of reach: says so, and "Try again" asks once more and downloads', async () => {
    const downloads = watchDownloads();
    mockClient.exportUserData
      .mockResolvedValueOnce({
        data: null,
        error: { status: 500, statusText: 'Fetch Error', message: 'Failed to fetch' },
      })
      .mockResolvedValueOnce({ data: exported(), error: null });
    renderPage('/settings/profile', '/settings/profile', <ProfilePage />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));

    expect(await screen.findByText(/The service cannot be reached right now/)).toBeTruthy();
    expect(downloads.clicks).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/has been downloaded as acme-cloud-data-2026-11-25\.json/)).toBeTruthy();
    expect(mockClient.exportUserData).toHaveBeenCalledTimes(2);
    expect(downloads.clicks).toHaveLength(1);
  });
});
