// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { ADMIN, auditEvent, ok, person, refuse, renderApp, signInAs } from '../../test/admin.tsx';
import { mockClient } from '../../test/mock-auth.ts';
import type { ChainVerification } from './types.ts';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const admin = mockClient.admin;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const events = () => screen.getByRole('table', { name: 'Audit events' });

const PAGE_ONE = [
  auditEvent('e-3', { type: 'impersonation.started', createdAt: '2026-11-25T10:02:00.000Z' }),
  auditEvent('e-2', {
    type: 'sign_in',
    outcome: 'failure',
    actorUserId: null,
    targetId: null,
    targetType: null,
    details: { method: 'email', reason: 'unknown_identity' },
  }),
];
const PAGE_TWO = [auditEvent('e-1', { type: 'user.created' })];

describe('the audit log', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.resetAllMocks();
    signInAs(ADMIN, true);
    admin.listAuditEvents.mockImplementation((query) =>
      ok(
        query.cursor
          ? { events: PAGE_TWO, nextCursor: null, people: {} }
          : { events: PAGE_ONE, nextCursor: 'cursor-2', people: {} },
      ),
    );
  });
  afterEach(() => cleanup());

  it('lists events newest first, in plain words, and pages by the server’s cursor', async () => {
    renderApp('/admin/audit');
    await heading('Audit log');
    await waitFor(() => expect(within(events()).getByText('Impersonation started')).toBeTruthy());
    const failed = within(events()).getByText('Sign-in').closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Someone not signed in')).toBeTruthy();
    // the acting admin is "you", a link to their page
    expect(within(events()).getAllByRole('link', { name: 'you' })[0]?.getAttribute('href')).toBe(
      `/admin/users/${ADMIN.id}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(events()).getByText('User created')).toBeTruthy());
    expect(admin.listAuditEvents).toHaveBeenLastCalledWith({ limit: 25, cursor: 'cursor-2' });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('applies every filter the endpoint takes, kept in the address, and checks the dates first', async () => {
    renderApp('/admin/audit');
    await heading('Audit log');
    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'user.banned' } });
    fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'success' } });
    fireEvent.change(screen.getByLabelText('Done by (user id)'), { target: { value: ADMIN.id } });
    fireEvent.change(screen.getByLabelText('Done to (id)'), { target: { value: 'u-2' } });
    fireEvent.change(screen.getByLabelText('Organization id'), { target: { value: 'org-1' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-25T12:00' } });
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-11-24T12:00' } });
    const calls = admin.listAuditEvents.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('“Until” must come after “From”.');
    expect(document.activeElement).toBe(screen.getByLabelText('Until'));
    expect(admin.listAuditEvents.mock.calls.length).toBe(calls);

    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-11-26T12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(admin.listAuditEvents).toHaveBeenLastCalledWith({
        type: 'user.banned',
        outcome: 'success',
        actorUserId: ADMIN.id,
        targetId: 'u-2',
        organizationId: 'org-1',
        from: new Date('2026-11-25T12:00').toISOString(),
        to: new Date('2026-11-26T12:00').toISOString(),
        limit: 25,
      }),
    );
    // the export takes the same filters, in both formats
    const jsonl = screen.getByRole('link', { name: 'Download JSON lines' }).getAttribute('href') ?? '';
    const csv = screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href') ?? '';
    expect(jsonl).toMatch(/^\/api\/auth\/admin\/export-audit-events\?/);
    const query = new URL(jsonl, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      type: 'user.banned',
      outcome: 'success',
      actorUserId: ADMIN.id,
      targetId: 'u-2',
      organizationId: 'org-1',
      format: 'jsonl',
    });
    expect(new URL(csv, 'http://x').searchParams.get('format')).toBe('csv');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(admin.listAuditEvents).toHaveBeenLastCalledWith({ limit: 25 }));
  });

  it('opens an event in a drawer with every column, the people looked up by id', async () => {
    admin.getUser.mockImplementation(({ id }) =>
      id === 'u-2' ? ok(person('u-2', 'Ada Lovelace')) : refuse(404, 'USER_NOT_FOUND'),
    );
    renderApp('/admin/audit');
    await heading('Audit log');
    const row = (
      await within(await screen.findByRole('table', { name: 'Audit events' })).findByText('Impersonation started')
    ).closest('tr') as HTMLElement;
    const open = within(row).getByRole('button', { name: /^Details of Impersonation started/ });
    // as from the keyboard: the button has focus when it is pressed
    open.focus();
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Impersonation started' });
    expect(within(drawer).getByText('impersonation.started')).toBeTruthy();
    await within(drawer).findByText('Ada Lovelace (ada.lovelace@example.com)');
    expect(within(drawer).getByText('198.51.100.4')).toBeTruthy();
    expect(within(drawer).getByText('c0ffee')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // focus goes back to the row's button
    expect(document.activeElement).toBe(open);
  });

  it('names the people of each row as the server named them with the page, without asking per row', async () => {
    admin.listAuditEvents.mockImplementation(() =>
      ok({
        events: [
          auditEvent('e-9', { actorUserId: 'u-7', impersonatorUserId: 'u-8', targetId: 'u-2' }),
          auditEvent('e-8', { type: 'user.updated', actorUserId: 'u-7', targetId: 'u-gone' }),
        ],
        nextCursor: null,
        people: {
          'u-7': { name: 'Linus Torvalds', email: 'linus@example.com' },
          'u-8': { name: 'Grace Hopper', email: 'grace@example.com' },
          'u-2': { name: '', email: 'ada@example.com' },
        },
      }),
    );
    renderApp('/admin/audit');
    await heading('Audit log');
    const row = (await within(await screen.findByRole('table', { name: 'Audit events' })).findByText('Banned')).closest(
      'tr',
    ) as HTMLElement;
    const actor = within(row).getByRole('link', { name: 'Linus Torvalds' });
    expect(actor.getAttribute('href')).toBe('/admin/users/u-7');
    expect(within(row).getByText('linus@example.com')).toBeTruthy();
    expect(within(row).getByText('impersonated by Grace Hopper (grace@example.com)')).toBeTruthy();
    // no name: the address names them
    expect(within(row).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('/admin/users/u-2');
    // an account the server did not name is gone: its id, as before
    const other = within(events()).getByText('User changed').closest('tr') as HTMLElement;
    expect(within(other).getByRole('link', { name: 'u-gone' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: /^Details of Banned/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Banned' });
    expect(within(drawer).getByRole('link', { name: 'Grace Hopper' })).toBeTruthy();
    expect(within(drawer).getByText('grace@example.com')).toBeTruthy();
    // every person was named by the page: not one lookup
    expect(admin.getUser).not.toHaveBeenCalled();
  });

  it('verifies the chain only when asked, and says what is broken', async () => {
    const broken: ChainVerification = {
      valid: false,
      checkedEvents: 1200,
      chains: 16,
      unchainedEvents: 3,
      firstBroken: null,
      broken: [
        { chainId: '7', reason: 'altered', eventId: 'e-77', chainSeq: 12, createdAt: '2026-11-24T08:00:00.000Z' },
      ],
    };
    admin.verifyAuditChain.mockImplementation(() => ok(broken));
    renderApp('/admin/audit');
    await heading('Audit log');
    expect(admin.verifyAuditChain).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Verify the log' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The log has been changed. Broken links: 1.');
    expect(alert.textContent).toContain('Chain 7: a row was changed at event e-77 (position 12,');
    expect(alert.textContent).toContain('3 older events were written before the chain existed');
    expect(admin.verifyAuditChain).toHaveBeenCalledTimes(1);
  });

  it('an intact chain is said as such', async () => {
    admin.verifyAuditChain.mockImplementation(() =>
      ok({ valid: true, checkedEvents: 42, chains: 16, unchainedEvents: 0, firstBroken: null, broken: [] }),
    );
    renderApp('/admin/audit');
    await heading('Audit log');
    fireEvent.click(screen.getByRole('button', { name: 'Verify the log' }));
    await screen.findByText('The log is intact: 42 events in 16 chains verified.');
  });

  it('a refusal to read the log is said in plain words', async () => {
    admin.listAuditEvents.mockImplementation(() => refuse(403, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG'));
    renderApp('/admin/audit');
    await screen.findByText('You are not allowed to read the audit log.');
  });
});
