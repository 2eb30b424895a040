/**
 * For the admin console's tests (pages/admin/*.test.tsx): people, sessions, audit events and
 * webhook rows as the server answers them, a signed-in admin, and the whole app rendered at an
 * address (header, impersonation banner and routes, as a person sees them) over the stand-in
 * client of test/mock-auth.ts.
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { App } from '../app.tsx';
import { I18nProvider } from '../i18n/i18n.tsx';
import './messages.ts';
import type { AuthResult, SessionData } from '../lib/wire-types.ts';
import type { AdminSession, AdminUser, AuditEvent, WebhookDelivery, WebhookEndpoint } from '../pages/admin/types.ts';
import { currentSession, mockClient, setSession, signedInSession } from './mock-auth.ts';
import { TestQueryProvider } from './render.tsx';
import './lazy-pages.ts';

export const ok = <T,>(data: T): Promise<AuthResult<T>> => Promise.resolve({ data, error: null });
export const refuse = (status: number, code: string, message = code) =>
  Promise.resolve({ data: null, error: { status, statusText: 'Error', code, message } });

const created = '2026-11-20T09:00:00.000Z';

export function person(id: string, name: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    emailVerified: true,
    image: null,
    createdAt: created,
    updatedAt: created,
    username: null,
    displayUsername: null,
    language: null,
    role: 'user',
    banned: false,
    banReason: null,
    banExpires: null,
    twoFactorEnabled: false,
    // what the server says of the stored role; an id of adminUserIds is an admin whatever the role
    isAdmin: (overrides.role ?? 'user').split(',').some((role) => role.trim() === 'admin'),
    ...overrides,
  };
}

export const ADMIN = person('admin-1', 'Grace Hopper', { role: 'admin' });

/** The session of `user`, optionally impersonated by `impersonatedBy`. */
export function sessionOf(user: AdminUser, impersonatedBy: string | null = null): SessionData {
  const base = signedInSession();
  return {
    user: { ...user },
    session: {
      ...base.session,
      id: `s-${user.id}${impersonatedBy ? '-imp' : ''}`,
      token: `t-${user.id}`,
      userId: user.id,
      impersonatedBy,
      expiresAt: new Date(Date.now() + 45 * 60_000).toISOString(),
    },
  };
}

/** Signs `user` in; the server says whether they may use the console. */
export function signInAs(user: AdminUser, isAdmin: boolean): void {
  setSession(sessionOf(user));
  mockClient.admin.hasPermission.mockImplementation(() => ok({ error: null, success: isAdmin }));
}

export function userSession(user: AdminUser, id: string, overrides: Partial<AdminSession> = {}): AdminSession {
  return {
    id,
    token: `token-${id}`,
    userId: user.id,
    expiresAt: '2026-12-20T09:00:00.000Z',
    createdAt: created,
    updatedAt: new Date().toISOString(),
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
    activeOrganizationId: null,
    activeTeamId: null,
    impersonatedBy: null,
    ...overrides,
  };
}

export function auditEvent(id: string, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    createdAt: '2026-11-25T10:00:00.000Z',
    type: 'user.banned',
    outcome: 'success',
    actorUserId: ADMIN.id,
    actorType: 'user',
    impersonatorUserId: null,
    targetType: 'user',
    targetId: 'u-2',
    organizationId: null,
    ipAddress: '198.51.100.4',
    userAgent: 'Mozilla/5.0',
    details: { expiresInSeconds: 86400 },
    chainId: '3',
    chainSeq: 41,
    hash: 'c0ffee',
    ...overrides,
  };
}

export function endpoint(id: string, url: string, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id,
    url,
    description: null,
    eventTypes: ['*'],
    enabled: true,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  };
}

export function delivery(id: string, endpointId: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id,
    endpointId,
    eventId: `ev-${id}`,
    eventType: 'user.banned',
    messageId: `msg_ev-${id}`,
    status: 'failed',
    attempts: 10,
    nextAttemptAt: null,
    lastAttemptAt: created,
    lastStatusCode: 500,
    lastError: 'HTTP 500',
    replayOf: null,
    createdAt: created,
    completedAt: created,
    payload: { type: 'user.banned', timestamp: created, data: { id: `ev-${id}` } },
    ...overrides,
  };
}

/** The whole app at `path`, with the session test/mock-auth.ts answers already in the cache. */
export function renderApp(path: string) {
  return render(
    <TestQueryProvider session={currentSession()}>
      <MemoryRouter initialEntries={[path]}>
        <I18nProvider>
          <App />
        </I18nProvider>
      </MemoryRouter>
    </TestQueryProvider>,
  );
}
