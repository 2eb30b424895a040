// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { ADMIN, delivery, endpoint, ok, refuse, renderApp, signInAs } from '../../test/admin.tsx';
import { mockClient } from '../../test/mock-auth.ts';
import type { WebhookEndpoint } from './types.ts';

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

const hooks = mockClient.admin.webhooks;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2UtYW5kLW5ldmVyLWFnYWlu';

let endpoints: WebhookEndpoint[];

describe('webhooks', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.resetAllMocks();
    signInAs(ADMIN, true);
    endpoints = [endpoint('ep-1', 'https://siem.example.com/hooks', { eventTypes: ['user.banned', 'sign_in'] })];
    hooks.listEndpoints.mockImplementation(() => ok({ endpoints }));
    hooks.listEventTypes.mockImplementation(() => ok({ eventTypes: ['sign_in', 'user.banned', 'user.deleted'] }));
    hooks.listDeliveries.mockImplementation(() => ok({ deliveries: [], nextCursor: null }));
  });
  afterEach(() => cleanup());

  it('says how to turn them on when the server has them off', async () => {
    hooks.listEndpoints.mockImplementation(() => refuse(404, 'NOT_FOUND'));
    renderApp('/admin/webhooks');
    await heading('Webhooks');
    await screen.findByText(/Webhooks are turned off on this server/);
    expect(screen.queryByRole('heading', { name: 'Add an endpoint' })).toBeNull();
  });

  it('adds an endpoint and shows its secret once, to copy; the list shows it without the secret', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    hooks.createEndpoint.mockImplementation((body) => {
      const made = endpoint('ep-2', body.url, { eventTypes: body.eventTypes, description: body.description ?? null });
      endpoints = [...endpoints, made];
      return ok({ endpoint: made, secret: SECRET });
    });
    renderApp('/admin/webhooks');
    await heading('Webhooks');
    await screen.findByText('https://siem.example.com/hooks');
    const form = screen.getByRole('heading', { name: 'Add an endpoint' }).closest('section') as HTMLElement;

    // nothing chosen yet: the form says what is missing, at the field
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await within(form).findByText('Enter the address of the endpoint.');
    expect(within(form).getByText('Choose at least one event.')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('URL'));
    expect(hooks.createEndpoint).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'https://hooks.example.org/latch' } });
    fireEvent.change(within(form).getByLabelText(/Description/), { target: { value: 'Billing' } });
    fireEvent.click(within(form).getByLabelText(/^User deleted/));
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const secret = (await screen.findByLabelText(
      'Signing secret of https://hooks.example.org/latch',
    )) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    expect(document.activeElement).toBe(secret);
    expect(hooks.createEndpoint).toHaveBeenCalledWith({
      url: 'https://hooks.example.org/latch',
      eventTypes: ['user.deleted'],
      enabled: true,
      description: 'Billing',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByText('Copied to the clipboard.');
    expect(writeText).toHaveBeenCalledWith(SECRET);

    const list = screen.getByRole('list', { name: 'Endpoints' });
    await within(list).findByText('https://hooks.example.org/latch');
    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('a URL the server refuses is said at the URL field', async () => {
    hooks.createEndpoint.mockImplementation(() => refuse(400, 'WEBHOOK_URL_NOT_ALLOWED'));
    renderApp('/admin/webhooks');
    await heading('Webhooks');
    const form = screen.getByRole('heading', { name: 'Add an endpoint' }).closest('section') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'https://10.0.0.5/hook' } });
    fireEvent.click(within(form).getByLabelText('All events, including kinds added later'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await within(form).findByText(/This address is not allowed for webhooks/);
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('URL')));
  });

  it('edits, rotates and deletes an endpoint, each rotation’s secret shown once', async () => {
    hooks.updateEndpoint.mockImplementation(({ endpointId, ...changes }) => {
      endpoints = endpoints.map((e) =>
        e.id === endpointId ? { ...e, ...changes, description: changes.description ?? null } : e,
      );
      return ok({ endpoint: endpoints[0] as WebhookEndpoint });
    });
    hooks.rotateSecret.mockImplementation(() => ok({ endpoint: endpoints[0] as WebhookEndpoint, secret: SECRET }));
    hooks.deleteEndpoint.mockImplementation(() => {
      endpoints = [];
      return ok({ success: true });
    });
    renderApp('/admin/webhooks');
    const list = await screen.findByRole('list', { name: 'Endpoints' });
    expect(within(list).getByText('Banned')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Edit https://siem.example.com/hooks' }));
    fireEvent.click(within(list).getByLabelText('Send deliveries to this endpoint'));
    fireEvent.click(within(list).getByRole('button', { name: 'Save endpoint' }));
    await screen.findByText('The endpoint https://siem.example.com/hooks has been saved.');
    expect(hooks.updateEndpoint).toHaveBeenCalledWith({
      endpointId: 'ep-1',
      url: 'https://siem.example.com/hooks',
      eventTypes: ['user.banned', 'sign_in'],
      enabled: false,
      description: null,
    });
    await within(list).findByText('Disabled');

    fireEvent.click(within(list).getByRole('button', { name: 'Rotate secret of https://siem.example.com/hooks' }));
    const rotate = await screen.findByRole('dialog', {
      name: 'Rotate the signing secret of https://siem.example.com/hooks?',
    });
    expect(within(rotate).getByText(/For 24 hours every delivery is signed with the old one as well/)).toBeTruthy();
    fireEvent.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    expect(((await screen.findByLabelText(/^Signing secret of/)) as HTMLInputElement).value).toBe(SECRET);

    fireEvent.click(within(list).getByRole('button', { name: 'Delete https://siem.example.com/hooks' }));
    const remove = await screen.findByRole('dialog', { name: 'Delete the endpoint https://siem.example.com/hooks?' });
    fireEvent.click(within(remove).getByRole('button', { name: 'Delete endpoint' }));
    await screen.findByText('The endpoint https://siem.example.com/hooks has been deleted.');
    await screen.findByText('No endpoint yet. Add one below.');
    expect(hooks.deleteEndpoint).toHaveBeenCalledWith({ endpointId: 'ep-1' });
  });

  it('the delivery log filters by endpoint and status, shows the last answer, and replays', async () => {
    hooks.listDeliveries.mockImplementation((query) =>
      ok({
        deliveries:
          query.status === 'failed'
            ? [delivery('d-1', 'ep-1', { lastError: 'timeout after 15000 ms', lastStatusCode: null })]
            : [
                delivery('d-1', 'ep-1'),
                delivery('d-2', 'ep-1', { status: 'succeeded', lastStatusCode: 204, lastError: null }),
              ],
        nextCursor: null,
      }),
    );
    hooks.replayDelivery.mockImplementation(() =>
      ok({ delivery: delivery('d-3', 'ep-1', { status: 'pending', replayOf: 'd-1' }) }),
    );
    renderApp('/admin/webhooks/deliveries?endpoint=ep-1');
    await heading('Deliveries');
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    expect(hooks.listDeliveries).toHaveBeenLastCalledWith({ endpointId: 'ep-1', limit: 25 });
    expect(within(table).getByText('HTTP 500')).toBeTruthy();
    expect(within(table).getByText('HTTP status 204')).toBeTruthy();
    expect(within(table).getAllByText('https://siem.example.com/hooks')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await screen.findByText('timeout after 15000 ms');
    expect(hooks.listDeliveries).toHaveBeenLastCalledWith({ endpointId: 'ep-1', status: 'failed', limit: 25 });

    const failed = screen.getByRole('table', { name: 'Deliveries' });
    const reads = hooks.listDeliveries.mock.calls.length;
    fireEvent.click(within(failed).getByRole('button', { name: 'Replay Banned to https://siem.example.com/hooks' }));
    await screen.findByText('The delivery has been queued again as a new entry.');
    expect(hooks.replayDelivery).toHaveBeenCalledWith({ deliveryId: 'd-1' });
    await waitFor(() => expect(hooks.listDeliveries.mock.calls.length).toBeGreaterThan(reads));

    fireEvent.click(
      within(screen.getByRole('table', { name: 'Deliveries' })).getByRole('button', {
        name: 'Details of Banned to https://siem.example.com/hooks',
      }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Banned' });
    expect(within(drawer).getByText('msg_ev-d-1')).toBeTruthy();
    expect(within(drawer).getByText(/"type": "user.banned"/)).toBeTruthy();
  });
});
