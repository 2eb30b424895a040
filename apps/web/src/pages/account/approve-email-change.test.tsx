// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { mockClient, setSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { ApproveEmailChangePage } from './approve-email-change.tsx';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const links = mockClient.links;
const REQUEST = { email: 'ada@example.com', newEmail: 'ada@new.example' };
const INVALID_TOKEN = { status: 400, code: 'INVALID_TOKEN', message: 'Invalid token' };

function open(path = '/approve-email-change?token=tok-123') {
  return renderPage(path, '/approve-email-change', <ApproveEmailChangePage />);
}

describe('approving an address change from the current address', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__LATCH__ = { appName: 'Acme', providers: [], features: {} };
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
  });

  afterEach(() => {
    cleanup();
    links.describeEmailChange.mockReset();
    links.approveEmailChange.mockReset();
    links.refuseEmailChange.mockReset();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('shows both addresses and posts nothing but the description until a button is clicked', async () => {
    links.describeEmailChange.mockResolvedValue({ data: REQUEST, error: null });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Change your email address?' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('ada@new.example')).toBeTruthy();
    expect(links.describeEmailChange).toHaveBeenCalledWith({ token: 'tok-123' });
    // a mail scanner that opens the link changes nothing
    expect(links.approveEmailChange).not.toHaveBeenCalled();
    expect(links.refuseEmailChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('We sent a verification link to ada@new.example. Open it to confirm your new address.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Change approved' })).toBeTruthy();
    expect(links.approveEmailChange).toHaveBeenCalledExactlyOnceWith({ token: 'tok-123' });
    expect(links.refuseEmailChange).not.toHaveBeenCalled();
    // the address of a signed-in browser changed: the app reads the session again
    expect(mockClient.getSession).toHaveBeenCalled();
  });

  it('"This wasn’t me" cancels the change, says every session ended and offers a new password', async () => {
    links.describeEmailChange.mockResolvedValue({ data: REQUEST, error: null });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'This wasn’t me' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change cancelled' })).toBeTruthy();
    expect(links.refuseEmailChange).toHaveBeenCalledExactlyOnceWith({ token: 'tok-123' });
    expect(links.approveEmailChange).not.toHaveBeenCalled();
    expect(screen.getByText(/Your address stays ada@example\.com\. Every session of your account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change my password' }).getAttribute('href')).toBe('/forgot-password');
    expect(mockClient.getSession).toHaveBeenCalled();
  });

  it('a bad, expired or used link says so and offers no button', async () => {
    links.describeEmailChange.mockResolvedValue({ data: null, error: INVALID_TOKEN });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(
      screen.getByText(/The link is invalid, has expired or has already been used\. Nothing was changed/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'This wasn’t me' })).toBeNull();
  });

  it('an expired link (TOKEN_EXPIRED) is a dead link too', async () => {
    links.describeEmailChange.mockResolvedValue({
      data: null,
      error: { status: 401, code: 'TOKEN_EXPIRED', message: 'Token expired' },
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
  });

  it('a link spent in another tab between opening and clicking ends on the dead-link page', async () => {
    links.describeEmailChange.mockResolvedValue({ data: REQUEST, error: null });
    links.approveEmailChange.mockResolvedValue({ data: null, error: { ...INVALID_TOKEN, status: 401 } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(mockClient.getSession).not.toHaveBeenCalled();
  });

  it('an address taken since is reported, and the buttons stay', async () => {
    links.describeEmailChange.mockResolvedValue({ data: REQUEST, error: null });
    links.approveEmailChange.mockResolvedValue({
      data: null,
      error: { status: 400, code: 'COULDNT_UPDATE_YOUR_EMAIL', message: "Couldn't update your email" },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('We could not change your email address.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'This wasn’t me' })).toBeTruthy();
  });

  it('without a token it explains where the page comes from and asks nothing of the server', async () => {
    open('/approve-email-change');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByText(/This page opens from the link in the email we sent/)).toBeTruthy();
    expect(links.describeEmailChange).not.toHaveBeenCalled();
  });

  it('when the server cannot be reached, it offers to try again', async () => {
    links.describeEmailChange
      .mockResolvedValueOnce({ data: null, error: { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'x' } })
      .mockResolvedValueOnce({ data: REQUEST, error: null });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ada@new.example')).toBeTruthy();
    expect(links.describeEmailChange).toHaveBeenCalledTimes(2);
  });
});
