/**
 * The client is derived from the endpoint table (issue 12): every row a client calls has a
 * method at the name better-auth's client gives its path, the method calls that path with the
 * row's method, the methods of the hand-written client it replaced are all still there, and
 * the types follow the rows.
 */
import {
  type admin,
  CLIENT_ENDPOINTS,
  type ClientRow,
  clientMethodName,
  type credentials,
  ENDPOINTS,
  type EndpointEntry,
  isClientCallable,
  type teams,
  type twoFactor,
  type UserJson,
} from '@latch/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type AuthClient, createAuthClient } from './client.ts';
import { type Answer, isDateKey, type Revived } from './methods.ts';
import { createMockFetch, json, sessionBody } from './test-helpers.ts';
import type { AuthResult } from './transport.ts';
import type { MethodInput, Team, User } from './types.ts';

const BASE = 'http://localhost:3000';

function setup() {
  const mock = createMockFetch(`${BASE}/api/auth`);
  const client = createAuthClient({ baseURL: BASE, fetch: mock.fetch, navigate: () => {} });
  return { mock, client };
}

function isNode(value: unknown): value is object {
  return value !== null && (typeof value === 'object' || typeof value === 'function');
}

/** The value at a dotted name of the client (`organization.createTeam`), if any. */
function at(client: object, name: string): unknown {
  let node: unknown = client;
  for (const part of name.split('.')) {
    if (!isNode(node) || !Object.hasOwn(node, part)) return undefined;
    node = Reflect.get(node, part);
  }
  return node;
}

/** Every dotted name of the client that is a function, its own members (`$fetch`, …) aside. */
function methodNames(node: object, prefix = ''): string[] {
  const names: string[] = [];
  for (const key of Object.keys(node)) {
    if (prefix === '' && (key.startsWith('$') || key === 'baseURL')) continue;
    const value: unknown = Reflect.get(node, key);
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'function') names.push(name);
    if (isNode(value)) names.push(...methodNames(value, name));
  }
  return names;
}

const dotted = (row: EndpointEntry): string => clientMethodName(row.path).join('.');
const key = (row: EndpointEntry): string => `${row.method} ${row.path}`;

/** The methods of the hand-written client this one replaced (HEAD before issue 12), with their paths. */
const HAND_WRITTEN: ReadonlyArray<readonly [string, string]> = [
  ['signUp.email', '/sign-up/email'],
  ['signIn.email', '/sign-in/email'],
  ['signIn.username', '/sign-in/username'],
  ['signIn.social', '/sign-in/social'],
  ['signOut', '/sign-out'],
  ['getSession', '/get-session'],
  ['listSessions', '/list-sessions'],
  ['revokeSession', '/revoke-session'],
  ['revokeSessions', '/revoke-sessions'],
  ['revokeOtherSessions', '/revoke-other-sessions'],
  ['updateUser', '/update-user'],
  ['changePassword', '/change-password'],
  ['changeEmail', '/change-email'],
  ['deleteUser', '/delete-user'],
  ['requestPasswordReset', '/request-password-reset'],
  ['forgetPassword', '/forget-password'],
  ['resetPassword', '/reset-password'],
  ['sendVerificationEmail', '/send-verification-email'],
  ['verifyEmail', '/verify-email'],
  ['linkSocial', '/link-social'],
  ['listAccounts', '/list-accounts'],
  ['unlinkAccount', '/unlink-account'],
  ['isUsernameAvailable', '/is-username-available'],
  ['organization.create', '/organization/create'],
  ['organization.checkSlug', '/organization/check-slug'],
  ['organization.update', '/organization/update'],
  ['organization.delete', '/organization/delete'],
  ['organization.list', '/organization/list'],
  ['organization.setActive', '/organization/set-active'],
  ['organization.getFullOrganization', '/organization/get-full-organization'],
  ['organization.listMembers', '/organization/list-members'],
  ['organization.inviteMember', '/organization/invite-member'],
  ['organization.acceptInvitation', '/organization/accept-invitation'],
  ['organization.rejectInvitation', '/organization/reject-invitation'],
  ['organization.cancelInvitation', '/organization/cancel-invitation'],
  ['organization.getInvitation', '/organization/get-invitation'],
  ['organization.listInvitations', '/organization/list-invitations'],
  ['organization.listUserInvitations', '/organization/list-user-invitations'],
  ['organization.removeMember', '/organization/remove-member'],
  ['organization.updateMemberRole', '/organization/update-member-role'],
  ['organization.leave', '/organization/leave'],
  ['organization.getActiveMember', '/organization/get-active-member'],
  ['organization.getActiveMemberRole', '/organization/get-active-member-role'],
  ['organization.hasPermission', '/organization/has-permission'],
  ['organization.createTeam', '/organization/create-team'],
  ['organization.listTeams', '/organization/list-teams'],
  ['organization.updateTeam', '/organization/update-team'],
  ['organization.removeTeam', '/organization/remove-team'],
  ['organization.setActiveTeam', '/organization/set-active-team'],
  ['organization.listUserTeams', '/organization/list-user-teams'],
  ['organization.listTeamMembers', '/organization/list-team-members'],
  ['organization.addTeamMember', '/organization/add-team-member'],
  ['organization.removeTeamMember', '/organization/remove-team-member'],
];

/** Rows that are no client method, each for its reason (client-names.ts `isClientCallable`). */
const NOT_CALLED = [
  'POST /get-session', // only refuses: the session is read with GET
  'POST /set-password', // auth.api only, 404 over HTTP
  'GET /delete-user/callback', // the mailed confirmation link
  'GET /error', // a page
  'GET /reset-password/:token', // the mailed link
  'GET /callback/:id', // the provider's way back
  'POST /callback/:id', // the provider's form_post
  'GET /admin/export-audit-events', // a file to download
  'GET /organization/export-audit-events', // a file to download
  'GET /openapi.json', // a document, no method name
  'GET /reference', // a page
];

describe('the client derived from the endpoint table', () => {
  it('has a method for every client row, calling its path with its method', async () => {
    const { mock, client } = setup();
    expect(CLIENT_ENDPOINTS.length).toBeGreaterThan(80);
    for (const row of CLIENT_ENDPOINTS) {
      const method = at(client, dotted(row));
      expect(typeof method, dotted(row)).toBe('function');
      if (typeof method !== 'function') continue;
      mock.on(key(row), json({}));
      const before = mock.calls.length;
      // no fields at all: the row's method is sent even where better-auth's guess would say GET
      await Reflect.apply(method, undefined, [{}]);
      expect(
        mock.calls.slice(before).map((c) => `${c.method} ${c.path}`),
        dotted(row),
      ).toEqual([key(row)]);
    }
  });

  it('has no method that is not a client row', () => {
    const { client } = setup();
    expect(methodNames(client).sort()).toEqual(CLIENT_ENDPOINTS.map(dotted).sort());
  });

  it('still has every method of the hand-written client, at the same path', async () => {
    const { mock, client } = setup();
    const missing = HAND_WRITTEN.filter(([name]) => typeof at(client, name) !== 'function').map(([name]) => name);
    expect(missing).toEqual([]);
    for (const [name, path] of HAND_WRITTEN) {
      const method = at(client, name);
      if (typeof method !== 'function') continue;
      const before = mock.calls.length;
      await Reflect.apply(method, undefined, [{}]);
      expect(mock.calls[before]?.path, name).toBe(path);
    }
    // and the rows it left to `$fetch` are methods now
    const added = methodNames(client).filter((name) => !HAND_WRITTEN.some(([old]) => old === name));
    expect(added).toEqual(
      expect.arrayContaining([
        'admin.listUsers',
        'admin.impersonateUser',
        'twoFactor.enable',
        'twoFactor.verifyTotp',
        'verifyPassword',
        'changeEmail.describe',
        'resetPassword.check',
        'undoChange',
        'token',
      ]),
    );
  });

  it('leaves out exactly the rows a client does not call, by the same rule in values and types', () => {
    const left = (ENDPOINTS as readonly EndpointEntry[]).filter((row) => !isClientCallable(row)).map(key);
    expect(left).toEqual(NOT_CALLED);
    type Key<R> = R extends EndpointEntry ? `${R['method']} ${R['path']}` : never;
    expectTypeOf<Key<Exclude<(typeof ENDPOINTS)[number], ClientRow>>>().toEqualTypeOf<
      | 'POST /get-session'
      | 'POST /set-password'
      | 'GET /delete-user/callback'
      | 'GET /error'
      | 'GET /reset-password/:token'
      | 'GET /callback/:id'
      | 'POST /callback/:id'
      | 'GET /admin/export-audit-events'
      | 'GET /organization/export-audit-events'
      | 'GET /openapi.json'
      | 'GET /reference'
    >();
  });

  it('names methods so that better-auth would call the same path (camel case back to kebab case)', () => {
    for (const row of CLIENT_ENDPOINTS) {
      const back = `/${clientMethodName(row.path)
        .map((part) => part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))
        .join('/')}`;
      expect(back).toBe(row.path);
    }
  });

  it('ignores an explicit method on a typed call: the row decides (as better-auth fixed paths do)', async () => {
    const { mock, client } = setup();
    mock.on('POST /organization/set-active', json(null));
    await client.organization.setActive({ fetchOptions: { method: 'GET' } });
    expect(mock.calls.map((c) => `${c.method} ${c.path} ${c.rawBody}`)).toEqual(['POST /organization/set-active {}']);
  });

  it('$fetch to a path of the table sends its row method; elsewhere better-auth guesses', async () => {
    const { mock, client } = setup();
    await client.$fetch('/two-factor/send-otp');
    await client.$fetch('/admin/list-users', { body: { ignored: true } });
    await client.$fetch('/delete-user/callback', { query: { token: 't' } });
    await client.$fetch('/plugin-latch-lacks', { body: { a: 1 } });
    await client.$fetch('/plugin-latch-lacks');
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /two-factor/send-otp',
      'GET /admin/list-users',
      'GET /delete-user/callback',
      'POST /plugin-latch-lacks',
      'GET /plugin-latch-lacks',
    ]);
  });

  it('nests a row under a method, as better-auth paths do (changeEmail and changeEmail.describe)', async () => {
    const { mock, client } = setup();
    mock.on('POST /change-email', json({ status: true }));
    mock.on('POST /change-email/describe', json({ email: 'a@example.com', newEmail: 'b@example.com' }));
    expect((await client.changeEmail({ newEmail: 'b@example.com' })).data).toEqual({ status: true });
    const described = await client.changeEmail.describe({ token: 'tok' });
    expect(described.data).toEqual({ email: 'a@example.com', newEmail: 'b@example.com' });
    expect(mock.calls.map((c) => c.body)).toEqual([{ newEmail: 'b@example.com' }, { token: 'tok' }]);
  });

  it('admin and two-factor rows are typed methods with the session signal', async () => {
    const { mock, client } = setup();
    const user = sessionBody().user;
    mock.on('GET /admin/list-users', json({ users: [user], total: 1, limit: 10 }));
    mock.on('POST /two-factor/verify-totp', json({ token: 't', user }));
    mock.on('GET /get-session', json(sessionBody()));
    const listed = await client.admin.listUsers({
      query: { limit: 10, searchValue: 'ada' },
      fetchOptions: { throw: true },
    });
    expect(listed.users[0]?.createdAt).toBeInstanceOf(Date);
    expect(mock.calls[0]?.url.search).toBe('?limit=10&searchValue=ada');
    const stop = client.$session.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 30));
    const reads = mock.callsTo('GET /get-session').length;
    const verified = await client.twoFactor.verifyTotp({ code: '123456', trustDevice: true });
    expect(verified.data?.user.email).toBe('ada@example.com');
    await new Promise((resolve) => setTimeout(resolve, 30));
    // a verified code changes the session: the store reads it again
    expect(mock.callsTo('GET /get-session')).toHaveLength(reads + 1);
    stop();
    client.$destroy();
  });
});

describe('answers are typed with Date where the client revives dates', () => {
  /** Every (key, schema) of an object field reachable in a schema. */
  function fields(schema: z.ZodType, out: Array<[string, z.ZodType]> = []): Array<[string, z.ZodType]> {
    if (schema instanceof z.ZodObject) {
      for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        out.push([name, field]);
        fields(field, out);
      }
    } else if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
      fields(schema.unwrap() as z.ZodType, out);
    } else if (schema instanceof z.ZodArray) {
      fields(schema.element as z.ZodType, out);
    } else if (schema instanceof z.ZodUnion) {
      for (const option of schema.options as readonly z.ZodType[]) fields(option, out);
    } else if (schema instanceof z.ZodRecord) {
      fields(schema.valueType as z.ZodType, out);
    } else if (schema instanceof z.ZodPipe) {
      fields(schema.out as z.ZodType, out);
    }
    return out;
  }

  /** The ISO date string of the table (`z.string().describe('ISO-8601 date and time')`), maybe nullable or optional. */
  function isIsoDate(schema: z.ZodType): boolean {
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
      return isIsoDate(schema.unwrap() as z.ZodType);
    return schema instanceof z.ZodString && schema.description === 'ISO-8601 date and time';
  }

  it('every timestamp of an answer has a date key, and every date key of an answer is a timestamp', () => {
    const seen = new Set<string>();
    for (const row of CLIENT_ENDPOINTS) {
      for (const [name, field] of fields(row.response)) {
        if (isIsoDate(field)) seen.add(name);
        expect(isDateKey(name), `${row.path} ${name}`).toBe(isIsoDate(field));
      }
    }
    expect([...seen]).toEqual(
      expect.arrayContaining(['createdAt', 'updatedAt', 'expiresAt', 'banExpires', 'accessTokenExpiresAt']),
    );
  });
});

describe('types from the rows', () => {
  const client = createAuthClient({ baseURL: BASE });
  const hard = createAuthClient({ baseURL: BASE, throw: true });

  it('signIn.email: the body in, a session or the two-factor challenge out', () => {
    expectTypeOf<MethodInput<typeof credentials.signInEmail>>().toEqualTypeOf<{
      email: string;
      password: string;
      callbackURL?: string | undefined;
      rememberMe?: boolean | 'true' | 'false' | 'on' | undefined;
    }>();
    type Out = Awaited<ReturnType<typeof client.signIn.email<undefined>>>;
    type Success = Extract<NonNullable<Extract<Out, { error: null }>['data']>, { twoFactorRedirect?: undefined }>;
    expectTypeOf<Success['user']>().toEqualTypeOf<User>();
    expectTypeOf<Success['user']['createdAt']>().toEqualTypeOf<Date>();
    expectTypeOf<Success['token']>().toEqualTypeOf<string>();
    type Challenge = Extract<NonNullable<Extract<Out, { error: null }>['data']>, { twoFactorRedirect: true }>;
    expectTypeOf<Challenge['twoFactorMethods']>().toEqualTypeOf<('totp' | 'otp' | 'passkey')[]>();
    // @ts-expect-error the password is required
    void (() => client.signIn.email({ email: 'a@example.com' }));
  });

  it('organization.createTeam: {name, organizationId?} in, the team with Date fields out', () => {
    expectTypeOf<MethodInput<typeof teams.createTeam>>().toEqualTypeOf<{
      name: string;
      organizationId?: string | undefined;
    }>();
    type Out = Awaited<ReturnType<typeof hard.organization.createTeam<undefined>>>;
    expectTypeOf<Out>().toEqualTypeOf<Team>();
    expectTypeOf<Team>().toEqualTypeOf<{
      id: string;
      name: string;
      organizationId: string;
      createdAt: Date;
      updatedAt: Date | null;
    }>();
    // @ts-expect-error a team needs a name
    void (() => client.organization.createTeam({ organizationId: 'o1' }));
  });

  it('admin.listUsers: an optional query (numbers as numbers), users with Date fields out', () => {
    type In = MethodInput<typeof admin.listUsers>;
    expectTypeOf<In>().toHaveProperty('query');
    expectTypeOf<Record<never, never>>().toExtend<In>();
    type Query = NonNullable<In['query']>;
    expectTypeOf<{ limit: 10; sortBy: 'email'; sortDirection: 'desc' }>().toExtend<Query>();
    expectTypeOf<Query['searchField']>().toEqualTypeOf<'email' | 'name' | 'username' | 'id' | undefined>();
    expectTypeOf<Query['banned']>().toEqualTypeOf<'true' | 'false' | undefined>();
    type Out = Awaited<ReturnType<typeof hard.admin.listUsers<undefined>>>;
    expectTypeOf<Out>().toEqualTypeOf<{
      // better-auth's user, and Latch's isAdmin (an id of adminUserIds is an admin whatever its role)
      users: Revived<UserJson & { isAdmin: boolean }>[];
      total: number;
      totalCapped: boolean;
      nextCursor: string | null;
      limit?: number | undefined;
      offset?: number | undefined;
    }>();
    expectTypeOf<Answer<typeof admin.listUsers>>().toEqualTypeOf<Out>();
    // @ts-expect-error no such column to sort by
    void (() => client.admin.listUsers({ query: { sortBy: 'password' } }));
  });

  it('twoFactor.verifyTotp: {code, trustDevice?} in, {token, user} out; soft and throw modes', () => {
    expectTypeOf<MethodInput<typeof twoFactor.verifyTotp>>().toEqualTypeOf<{
      code: string;
      trustDevice?: boolean | undefined;
    }>();
    type Verified = { token: string | null; user: User };
    expectTypeOf<Awaited<ReturnType<typeof client.twoFactor.verifyTotp<undefined>>>>().toEqualTypeOf<
      AuthResult<Verified>
    >();
    expectTypeOf<Awaited<ReturnType<typeof client.twoFactor.verifyTotp<true>>>>().toEqualTypeOf<Verified>();
    expectTypeOf<AuthClient<true>['twoFactor']['verifyTotp']>().toEqualTypeOf<typeof hard.twoFactor.verifyTotp>();
    // @ts-expect-error the code is a string
    void (() => client.twoFactor.verifyTotp({ code: 123456 }));
  });

  it('GET rows take their query under `query`, required when the query has a required key', () => {
    expectTypeOf<Parameters<typeof client.organization.getInvitation<undefined>>[0]>().toExtend<{
      query: { id: string };
    }>();
    // @ts-expect-error get-invitation needs the invitation's id
    void (() => client.organization.getInvitation({}));
    // reset-password also takes the token from the query, as better-auth's client sends it
    void (() => client.resetPassword({ newPassword: 'x', query: { token: 't' } }));
    void (() => client.getSession({ query: { disableCookieCache: true } }));
  });
});
