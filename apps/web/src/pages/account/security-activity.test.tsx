// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { type OwnEvent, SecurityActivityPage } from './security-activity.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function event(id: string, minutesAgo: number, extra: Partial<OwnEvent>): OwnEvent {
  return {
    id,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    type: 'sign_in',
    outcome: 'success',
    byYou: true,
    actorType: 'user',
    impersonated: false,
    targetType: 'user',
    organizationId: null,
    ipAddress: '203.0.113.5',
    userAgent: CHROME_MAC,
    details: null,
    ...extra,
  };
}

const SIGNED_IN = event('e1', 5, {});
const REFUSED = event('e2', 10, { outcome: 'failure', byYou: false, ipAddress: null, userAgent: null });
const BY_ADMIN = event('e3', 20, { type: 'user.role_changed', byYou: false, ipAddress: null, userAgent: null });
const TWO_FACTOR_ON = event('e4', 30, { type: 'two_factor.enabled' });

const openPage = () => renderPage('/settings/activity', '/settings/activity', <SecurityActivityPage />);
const row = (text: string) => {
  const list = screen.getByRole('list', { name: 'Your security activity' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(text));
  if (!item) throw new Error(`no row with ${text}`);
  return item;
};

describe('security activity', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    window.__LATCH__ = { appName: 'Acme', providers: [], features: { username: false } };
    resetConfigForTests();
    vi.clearAllMocks();
    setSession(signedInSession());
  });
  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('names each event, with the device and address only for what the person did themselves', async () => {
    mockClient.listOwnAuditEvents.mockResolvedValueOnce({
      data: { events: [SIGNED_IN, REFUSED, BY_ADMIN, TWO_FACTOR_ON], nextCursor: null },
      error: null,
    });
    openPage();
    await screen.findByRole('list', { name: 'Your security activity' });
    expect(mockClient.listOwnAuditEvents).toHaveBeenCalledWith({ limit: 20 });
    expect(row('Signed in').textContent).toContain('Chrome on macOS, IP address 203.0.113.5');
    const refused = row('Sign-in attempt refused');
    expect(within(refused).getByText('Refused').className).toBe('badge badge--warn');
    expect(refused.textContent).toContain('Someone else, from an address not shown here');
    expect(row('Role changed').textContent).toContain('By an administrator');
    expect(row('Two-factor authentication turned on').textContent).toContain('IP address 203.0.113.5');
    // "This wasn't me" where a stranger could be behind it: a sign-in, not an admin's role change
    expect(within(row('Signed in')).getByRole('button', { name: /^This wasn't me: Signed in/ })).toBeTruthy();
    expect(within(row('Role changed')).queryByRole('button')).toBeNull();
    expect(screen.queryByText('Show older activity')).toBeNull();
  });

  it('reads older pages with the cursor and adds them below', async () => {
    mockClient.listOwnAuditEvents
      .mockResolvedValueOnce({ data: { events: [SIGNED_IN], nextCursor: 'c1' }, error: null })
      .mockResolvedValueOnce({ data: { events: [TWO_FACTOR_ON], nextCursor: null }, error: null });
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Show older activity' }));
    await waitFor(() => expect(row('Two-factor authentication turned on')).toBeTruthy());
    expect(mockClient.listOwnAuditEvents).toHaveBeenLastCalledWith({ limit: 20, cursor: 'c1' });
    expect(row('Signed in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older activity' })).toBeNull();
  });

  it('"This wasn\'t me" leads to signing out every other device and changing the password', async () => {
    mockClient.listOwnAuditEvents.mockResolvedValue({ data: { events: [SIGNED_IN], nextCursor: null }, error: null });
    mockClient.revokeOtherSessions.mockResolvedValueOnce({ data: { status: true }, error: null });
    openPage();
    await screen.findByRole('list', { name: 'Your security activity' });
    fireEvent.click(within(row('Signed in')).getByRole('button', { name: /^This wasn't me/ }));
    const steps = await screen.findByRole('heading', { level: 2, name: 'Secure your account' });
    await waitFor(() => expect(document.activeElement).toBe(steps.parentElement));
    expect(screen.getByRole('link', { name: 'Change your password' }).getAttribute('href')).toBe('/settings/password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText('All other devices have been signed out.')).toBeTruthy();
    expect(mockClient.revokeOtherSessions).toHaveBeenCalledTimes(1);
  });

  it('says so when nothing has happened yet', async () => {
    mockClient.listOwnAuditEvents.mockResolvedValue({ data: { events: [], nextCursor: null }, error: null });
    openPage();
    expect(await screen.findByText('Nothing has happened on your account yet.')).toBeTruthy();
  });
});
