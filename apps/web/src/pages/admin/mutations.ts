/**
 * Every change the admin console makes, as a TanStack mutation that invalidates exactly the cached
 * answers the change makes wrong (keys.ts). Each admin change also writes an audit event, so each
 * invalidates the reads of the log as well; the chain check runs again only when asked.
 *
 * | change                           | user table | the person      | their sessions | audit log | endpoints | deliveries |
 * |----------------------------------|:----------:|:---------------:|:--------------:|:---------:|:---------:|:----------:|
 * | create a user                    |     ✓      |                 |                |     ✓     |           |            |
 * | edit profile, username, role…    |     ✓      |        ✓        |                |     ✓     |           |            |
 * | ban                              |     ✓      |        ✓        |  ✓ (all end)   |     ✓     |           |            |
 * | unban                            |     ✓      |        ✓        |                |     ✓     |           |            |
 * | set password                     |            |                 |                |     ✓     |           |            |
 * | end one session / all sessions   |            |                 |       ✓        |     ✓     |           |            |
 * | delete                           |     ✓      | removed         | removed        |     ✓     |           |            |
 * |   (and every organization read: member counts and lists lose the person)
 * | bulk ban / end sessions / delete |     ✓      | ✓ each          | ✓ each         |     ✓     |           |            |
 * | add, edit, rotate an endpoint    |            |                 |                |     ✓     |     ✓     |            |
 * | delete an endpoint               |            |                 |                |     ✓     |     ✓     |     ✓      |
 * | replay a delivery                |            |                 |                |     ✓     |           |     ✓      |
 *
 * Starting and stopping an impersonation changes the signed-in person: the session's answer is
 * written into the cache and every other answer is reset by lib/session.ts.
 *
 * Every change but stopping an impersonation goes through `useAdminCall`: when the server asks for
 * the admin's second factor (403 SECOND_FACTOR_REQUIRED, docs/admin.md), the dialog of
 * components/reauth.tsx asks for a code and the call is made once more.
 */
import { authMutationOptions, latchKeys } from '@latch/react';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Reauthenticate, useReauthenticate } from '../../components/reauth.tsx';
import { authClient } from '../../lib/auth.ts';
import { useUserUpdated } from '../../lib/session.ts';
import type { AuthError, AuthResult, SessionData } from '../../lib/wire-types.ts';
import { forgetImpersonator, type Impersonator, rememberImpersonator } from './impersonator.ts';
import { adminKeys } from './keys.ts';
import type { AdminUser } from './types.ts';

type Key = readonly unknown[];

function invalidate(queryClient: QueryClient, keys: readonly Key[], exact: readonly Key[] = []): Promise<unknown> {
  return Promise.all([
    ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ...exact.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })),
  ]);
}

/** An admin change as mutation options, asked again after the second factor when the server wants it. */
function useAdminCall<V, T>(call: (variables: V) => Promise<AuthResult<T>>) {
  const reauthenticate = useReauthenticate();
  return authMutationOptions((variables: V) => reauthenticate(() => call(variables)));
}

// ---------------------------------------------------------------------------------------------
// Users

export interface NewUser {
  name: string;
  email: string;
  password?: string;
  role: string;
  emailVerified: boolean;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall(({ name, email, password, role, emailVerified }: NewUser) =>
      authClient.admin.createUser({
        name,
        email,
        role,
        ...(password ? { password } : {}),
        ...(emailVerified ? { data: { emailVerified: true } } : {}),
      }),
    ),
    onSuccess: () => invalidate(queryClient, [adminKeys.users(), adminKeys.audit()]),
  });
}

/** The fields the profile form may change; only those that differ are sent. */
export interface ProfileChanges {
  name?: string;
  email?: string;
  /** Under the server's username rules; the display form keeps the case typed. */
  username?: string;
  role?: string;
  emailVerified?: boolean;
}

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall((data: ProfileChanges) => authClient.admin.updateUser({ userId, data: { ...data } })),
    onSuccess: (user) => {
      queryClient.setQueryData(adminKeys.user(userId), user);
      return invalidate(queryClient, [adminKeys.users(), adminKeys.audit()]);
    },
  });
}

export interface BanDetails {
  /** Shown to nobody but admins; optional. */
  reason?: string;
  /** Seconds; none bans until someone unbans. */
  expiresIn?: number;
}

function banCall(userId: string, ban: BanDetails) {
  return authClient.admin.banUser({
    userId,
    ...(ban.reason ? { banReason: ban.reason } : {}),
    ...(ban.expiresIn ? { banExpiresIn: ban.expiresIn } : {}),
  });
}

export function useBanUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall((ban: BanDetails) => banCall(userId, ban)),
    // every session of theirs ended with the ban: the person and everything below (their sessions)
    onSuccess: () => invalidate(queryClient, [adminKeys.users(), adminKeys.user(userId), adminKeys.audit()]),
  });
}

export function useUnbanUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall((_: void) => authClient.admin.unbanUser({ userId })),
    onSuccess: () => invalidate(queryClient, [adminKeys.users(), adminKeys.audit()], [adminKeys.user(userId)]),
  });
}

export function useSetUserPassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall((newPassword: string) => authClient.admin.setUserPassword({ userId, newPassword })),
    // their sessions stay; only the log changes
    onSuccess: () => invalidate(queryClient, [adminKeys.audit()]),
  });
}

/** Ends one session (`sessionToken`: the opaque token list-user-sessions shows), or all of them. */
export function useRevokeUserSessions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall(
      (sessionToken: string | null): Promise<AuthResult<{ success: true }>> =>
        sessionToken === null
          ? authClient.admin.revokeUserSessions({ userId })
          : authClient.admin.revokeUserSession({ sessionToken }),
    ),
    onSuccess: () => invalidate(queryClient, [adminKeys.userSessions(userId), adminKeys.audit()]),
  });
}

/**
 * `onRemoved` runs first (the page about the person leaves); their cached answers go once the lists
 * are read again, so nothing on screen asks the server about someone who no longer exists.
 */
export function useRemoveUser(userId: string, onRemoved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall((_: void) => authClient.admin.removeUser({ userId })),
    onSuccess: async () => {
      onRemoved();
      await invalidate(queryClient, [adminKeys.users(), adminKeys.audit(), adminKeys.organizations()]);
      queryClient.removeQueries({ queryKey: adminKeys.user(userId) });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Several people at once

export type BulkAction = { kind: 'ban'; ban: BanDetails } | { kind: 'revoke' } | { kind: 'delete' };

export interface BulkOutcome {
  user: AdminUser;
  /** Null when the change was made for this person. */
  error: AuthError | null;
}

/** How many people are changed at the same time (each is its own request, as the API has no bulk call). */
const BULK_CONCURRENCY = 4;

function bulkCall(action: BulkAction, user: AdminUser): Promise<AuthResult<unknown>> {
  if (action.kind === 'ban') return banCall(user.id, action.ban);
  if (action.kind === 'revoke') return authClient.admin.revokeUserSessions({ userId: user.id });
  return authClient.admin.removeUser({ userId: user.id });
}

/**
 * One action for each chosen person, with a result per person: a refusal for one (yourself, an
 * account deleted meanwhile) stops nothing for the others. `onProgress` hears how many are done.
 */
export async function runBulk(
  action: BulkAction,
  users: readonly AdminUser[],
  onProgress: (done: number) => void = () => {},
  reauthenticate: Reauthenticate = (call) => call(),
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = new Array(users.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < users.length) {
      const index = next++;
      const user = users[index] as AdminUser;
      let error: AuthError | null;
      try {
        // the first refusal for want of the second factor asks once; the calls refused meanwhile wait for it
        error = (await reauthenticate(() => bulkCall(action, user))).error;
      } catch (cause) {
        error = { status: 500, statusText: 'Fetch Error', message: String(cause) };
      }
      outcomes[index] = { user, error };
      done += 1;
      onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, users.length) }, worker));
  return outcomes;
}

export function useBulkUserAction(onProgress?: (done: number) => void) {
  const queryClient = useQueryClient();
  const reauthenticate = useReauthenticate();
  return useMutation({
    mutationFn: ({ action, users }: { action: BulkAction; users: readonly AdminUser[] }) =>
      runBulk(action, users, onProgress, reauthenticate),
    onSuccess: (outcomes, { action }) => {
      const changed = outcomes.filter((outcome) => outcome.error === null).map((outcome) => outcome.user.id);
      if (action.kind === 'delete') {
        for (const id of changed) queryClient.removeQueries({ queryKey: adminKeys.user(id) });
      }
      const people = action.kind === 'delete' ? [] : changed.map((id) => adminKeys.user(id));
      return invalidate(queryClient, [adminKeys.users(), adminKeys.audit(), ...people]);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Impersonation

/**
 * The admin becomes the person for up to an hour: `onStarted` leaves the console first (it is closed
 * to the person), then the new session goes straight into the cache.
 */
export function useImpersonateUser(onStarted: () => void) {
  const queryClient = useQueryClient();
  const userUpdated = useUserUpdated();
  return useMutation({
    ...useAdminCall(({ user }: { user: AdminUser; admin: Impersonator }) =>
      authClient.admin.impersonateUser({ userId: user.id }),
    ),
    onSuccess: (answer: SessionData, { admin }) => {
      rememberImpersonator(admin);
      onStarted();
      queryClient.setQueryData(latchKeys.session(), answer);
      // other tabs of this browser carry the same cookie: they read the session again too
      void userUpdated();
    },
  });
}

/** The admin's own session comes back; `onStopped` says where to (the person's page in the console). */
export function useStopImpersonating(onStopped: () => void) {
  const queryClient = useQueryClient();
  const userUpdated = useUserUpdated();
  return useMutation({
    ...authMutationOptions((_: void) => authClient.admin.stopImpersonating()),
    onSuccess: (answer: SessionData) => {
      forgetImpersonator();
      onStopped();
      queryClient.setQueryData(latchKeys.session(), answer);
      void userUpdated();
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Webhooks

export interface EndpointFields {
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall(({ url, description, eventTypes, enabled }: EndpointFields) =>
      authClient.admin.webhooks.createEndpoint({
        url,
        eventTypes,
        enabled,
        ...(description ? { description } : {}),
      }),
    ),
    onSuccess: () => invalidate(queryClient, [adminKeys.webhookEndpoints(), adminKeys.audit()]),
  });
}

export function useUpdateWebhookEndpoint(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall((changes: Partial<EndpointFields>) =>
      authClient.admin.webhooks.updateEndpoint({
        endpointId,
        ...changes,
        // an emptied description is cleared, not stored as ""
        ...(changes.description !== undefined ? { description: changes.description || null } : {}),
      }),
    ),
    onSuccess: () => invalidate(queryClient, [adminKeys.webhookEndpoints(), adminKeys.audit()]),
  });
}

export function useRotateWebhookSecret(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall((_: void) => authClient.admin.webhooks.rotateSecret({ endpointId })),
    onSuccess: () => invalidate(queryClient, [adminKeys.webhookEndpoints(), adminKeys.audit()]),
  });
}

export function useDeleteWebhookEndpoint(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall((_: void) => authClient.admin.webhooks.deleteEndpoint({ endpointId })),
    // its deliveries, pending ones too, went with it
    onSuccess: () => invalidate(queryClient, [adminKeys.webhooks(), adminKeys.audit()]),
  });
}

export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    ...useAdminCall((deliveryId: string) => authClient.admin.webhooks.replayDelivery({ deliveryId })),
    onSuccess: () => invalidate(queryClient, [adminKeys.webhookDeliveryLogs(), adminKeys.audit()]),
  });
}
