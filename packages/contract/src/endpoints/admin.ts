/**
 * The admin plugin (CONTRACT §6.3): users (create, list, get, update, roles, passwords,
 * removal), bans, a user's sessions, impersonation and the permission check. Every
 * endpoint but has-permission re-reads the session and needs one permission of the
 * caller's role.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { isoDate, sessionJson, sessionWithUserJson, userJson } from '../entities.ts';
import { statusAnswer, successAnswer } from './common.ts';

const tag = 'Admin';
const plugin = 'admin';

/** The columns list-users may sort by. */
export const SORTABLE = [
  'email',
  'name',
  'createdAt',
  'updatedAt',
  'role',
  'username',
  'banned',
  'emailVerified',
] as const;
/** The columns list-users may filter on. */
export const FILTERABLE = ['id', 'email', 'name', 'role', 'username', 'banned', 'emailVerified'] as const;

const role = z.union([z.string().min(1).max(255), z.array(z.string().min(1).max(255)).min(1).max(20)]);
const int = z.coerce.number().int().min(0).max(1_000_000);
const userIdBody = z.object({ userId: z.string().min(1).max(255) });

/** `{ "user": … }`: the answer of create-user, set-role, ban-user and unban-user. */
const wrappedUser = z.object({ user: userJson });

/**
 * A user as list-users and get-user answer them: better-auth's fields and Latch's `isAdmin`, whether
 * the user may act as an admin at all (a role of `adminRoles`, or an id of `adminUserIds`, which
 * `role` does not show).
 */
export const adminUserJson = userJson.extend({ isAdmin: z.boolean() }).meta({ id: 'AdminUser' });

export const createUser = endpoint({
  method: 'POST',
  path: '/admin/create-user',
  tag,
  summary: 'Creates a user (with a password only when one is given); sets no cookies',
  body: z.object({
    email: z.string().max(320),
    password: z.string().min(1).optional(),
    name: z.string().max(4096),
    role: role.optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
  response: wrappedUser,
  errors: [
    'SECOND_FACTOR_REQUIRED',
    'UNAUTHORIZED',
    'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
    'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
    'INVALID_EMAIL',
    'PASSWORD_TOO_LONG',
    'INVALID_ROLE_TYPE',
    'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE',
    'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
    'PASSWORD_COMPROMISED',
    'PASSWORD_BREACH_CHECK_UNAVAILABLE',
  ],
  session: 'sensitive',
  plugin,
});

/** The fields list-users searches (`searchField`). */
export const SEARCHABLE = ['email', 'name', 'username', 'id'] as const;
/** Above this many matches list-users stops counting and answers `total: 10000, totalCapped: true`. */
export const LIST_USERS_COUNT_CAP = 10_000;

const flag = z.enum(['true', 'false']);
const instant = z.iso.datetime({ offset: true });

export const listUsers = endpoint({
  method: 'GET',
  path: '/admin/list-users',
  tag,
  summary:
    'Searches, filters, sorts and pages the users (by offset, or by the opaque cursor of nextCursor); total counts the matches up to 10,000',
  query: z
    .object({
      searchValue: z.string().max(255).optional(),
      searchField: z.enum(SEARCHABLE).default('email'),
      searchOperator: z.enum(['contains', 'starts_with', 'ends_with']).default('contains'),
      limit: int.optional(),
      offset: int.optional(),
      sortBy: z.enum(SORTABLE).optional(),
      sortDirection: z.enum(['asc', 'desc']).default('asc'),
      filterField: z.enum(FILTERABLE).optional(),
      filterValue: z.string().max(255).optional(),
      filterOperator: z
        .enum(['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'contains', 'starts_with', 'ends_with'])
        .default('eq'),
      /** The page after the one whose nextCursor this is; only with the same sortBy and sortDirection, never with offset. */
      cursor: z
        .string()
        .min(1)
        .max(1024)
        .regex(/^[A-Za-z0-9_-]+$/)
        .optional(),
      /** Filters that combine with each other and with the ones above (all must hold). */
      role: z.string().min(1).max(255).optional(),
      banned: flag.optional(),
      emailVerified: flag.optional(),
      twoFactorEnabled: flag.optional(),
      /** Whether the user may act as an admin (isAdmin): a role of adminRoles, or an id of adminUserIds. */
      admin: flag.optional(),
      /** Has an account of this provider (`credential` for a password). */
      provider: z.string().min(1).max(255).optional(),
      /** Inclusive bounds on createdAt (ISO-8601). */
      createdFrom: instant.optional(),
      createdTo: instant.optional(),
      /** Last active: a session used at or after lastActiveFrom; none used after lastActiveTo. */
      lastActiveFrom: instant.optional(),
      lastActiveTo: instant.optional(),
    })
    // a boolean column has no text to match (PostgreSQL refuses lower(boolean)): the caller's mistake, not a 500
    .superRefine((q, issues) => {
      const booleanField = q.filterField === 'banned' || q.filterField === 'emailVerified';
      if (booleanField && ['contains', 'starts_with', 'ends_with'].includes(q.filterOperator)) {
        issues.addIssue({
          code: 'custom',
          path: ['filterOperator'],
          message: `${q.filterField} takes eq, ne, lt, lte, gt or gte`,
        });
      }
      if (q.cursor !== undefined && q.offset !== undefined && q.offset > 0)
        issues.addIssue({ code: 'custom', path: ['cursor'], message: 'cursor and offset exclude each other' });
      for (const [from, to] of [
        ['createdFrom', 'createdTo'],
        ['lastActiveFrom', 'lastActiveTo'],
      ] as const) {
        const a = q[from];
        const b = q[to];
        if (a !== undefined && b !== undefined && Date.parse(a) > Date.parse(b))
          issues.addIssue({ code: 'custom', path: [from], message: `${from} is after ${to}` });
      }
    }),
  response: z.object({
    users: z.array(adminUserJson),
    /** Every match, or LIST_USERS_COUNT_CAP when totalCapped (there are more). */
    total: z.number().int().min(0),
    /** True when the count stopped at LIST_USERS_COUNT_CAP: show "10,000+". */
    totalCapped: z.boolean(),
    /** The cursor of the next page (same query, this cursor); null on the last page or without a limit. */
    nextCursor: z.string().nullable(),
    /** Echoed only when the query gave a non-zero limit. */
    limit: z.number().int().optional(),
    /** Echoed only when the query gave a non-zero offset. */
    offset: z.number().int().optional(),
  }),
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin,
});

export const getUser = endpoint({
  method: 'GET',
  path: '/admin/get-user',
  tag,
  summary: 'One user by id (the user itself, not wrapped)',
  query: z.object({ id: z.string().min(1).max(255) }),
  response: adminUserJson,
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', 'USER_NOT_FOUND'],
  session: 'sensitive',
  plugin,
});

export const updateUser = endpoint({
  method: 'POST',
  path: '/admin/update-user',
  tag,
  summary:
    "Changes a user's fields (username under the username rules); role, email and ban fields need their own permission",
  body: z.object({ userId: z.string().min(1).max(255), data: z.record(z.string(), z.unknown()) }),
  response: userJson,
  errors: [
    'SECOND_FACTOR_REQUIRED',
    'UNAUTHORIZED',
    'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
    'NO_DATA_TO_UPDATE',
    'PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER',
    'USER_ID_CANNOT_BE_UPDATED',
    'USER_NOT_FOUND',
    'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
    'INVALID_ROLE_TYPE',
    'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE',
    'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL',
    'INVALID_EMAIL',
    'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
    'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
    'YOU_CANNOT_BAN_YOURSELF',
    // username and displayUsername follow the username rules (features/username), when that plugin is on
    'USERNAME_TOO_SHORT',
    'USERNAME_TOO_LONG',
    'INVALID_USERNAME',
    'USERNAME_IS_ALREADY_TAKEN',
  ],
  session: 'sensitive',
  plugin,
});

export const setRole = endpoint({
  method: 'POST',
  path: '/admin/set-role',
  tag,
  summary: "Replaces a user's roles (a list is stored comma-joined)",
  body: z.object({ userId: z.string().min(1).max(255), role }),
  response: wrappedUser,
  errors: [
    'SECOND_FACTOR_REQUIRED',
    'UNAUTHORIZED',
    'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
    'INVALID_ROLE_TYPE',
    'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE',
    'USER_NOT_FOUND',
  ],
  session: 'sensitive',
  plugin,
});

export const removeUser = endpoint({
  method: 'POST',
  path: '/admin/remove-user',
  tag,
  summary: 'Deletes a user with their sessions, accounts and memberships',
  body: userIdBody,
  response: successAnswer,
  errors: [
    'SECOND_FACTOR_REQUIRED',
    'UNAUTHORIZED',
    'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS',
    'YOU_CANNOT_REMOVE_YOURSELF',
    'USER_NOT_FOUND',
  ],
  session: 'sensitive',
  plugin,
});

export const setUserPassword = endpoint({
  method: 'POST',
  path: '/admin/set-user-password',
  tag,
  summary: "Sets a user's password (and unlocks a locked sign-in); the user is mailed an undo link",
  body: z.object({ userId: z.string().min(1).max(255), newPassword: z.string().min(1) }),
  response: statusAnswer,
  errors: [
    'SECOND_FACTOR_REQUIRED',
    'UNAUTHORIZED',
    'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'USER_NOT_FOUND',
    'PASSWORD_COMPROMISED',
    'PASSWORD_BREACH_CHECK_UNAVAILABLE',
  ],
  session: 'sensitive',
  plugin,
});

export const banUser = endpoint({
  method: 'POST',
  path: '/admin/ban-user',
  tag,
  summary: 'Bans a user (for banExpiresIn seconds, or for good) and ends all their sessions',
  body: z.object({
    userId: z.string().min(1).max(255),
    banReason: z.string().max(1000).optional(),
    banExpiresIn: z.number().int().positive().max(315_360_000).optional(),
  }),
  response: wrappedUser,
  errors: [
    'SECOND_FACTOR_REQUIRED',
    'UNAUTHORIZED',
    'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
    'USER_NOT_FOUND',
    'YOU_CANNOT_BAN_YOURSELF',
  ],
  session: 'sensitive',
  plugin,
});

export const unbanUser = endpoint({
  method: 'POST',
  path: '/admin/unban-user',
  tag,
  summary: "Lifts a user's ban",
  body: userIdBody,
  response: wrappedUser,
  errors: ['SECOND_FACTOR_REQUIRED', 'UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS', 'USER_NOT_FOUND'],
  session: 'sensitive',
  plugin,
});

export const listUserSessions = endpoint({
  method: 'POST',
  path: '/admin/list-user-sessions',
  tag,
  summary: "A user's active sessions, impersonations included",
  body: userIdBody,
  response: z.object({ sessions: z.array(sessionJson) }),
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS'],
  session: 'sensitive',
  plugin,
});

export const revokeUserSession = endpoint({
  method: 'POST',
  path: '/admin/revoke-user-session',
  tag,
  summary: 'Ends one session of any user, named by the token list-user-sessions gives',
  body: z.object({ sessionToken: z.string().min(1).max(512) }),
  response: successAnswer,
  errors: ['SECOND_FACTOR_REQUIRED', 'UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS'],
  session: 'sensitive',
  plugin,
});

export const revokeUserSessions = endpoint({
  method: 'POST',
  path: '/admin/revoke-user-sessions',
  tag,
  summary: 'Ends every session of a user',
  body: userIdBody,
  response: successAnswer,
  errors: ['SECOND_FACTOR_REQUIRED', 'UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS'],
  session: 'sensitive',
  plugin,
});

export const impersonateUser = endpoint({
  method: 'POST',
  path: '/admin/impersonate-user',
  tag,
  summary: "Signs the admin in as a user (not an admin) for an hour; the admin's session waits aside",
  body: userIdBody,
  response: sessionWithUserJson,
  errors: [
    'SECOND_FACTOR_REQUIRED',
    'UNAUTHORIZED',
    'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS',
    'USER_NOT_FOUND',
    'YOU_CANNOT_IMPERSONATE_ADMINS',
    'BANNED_USER',
    'FAILED_TO_CREATE_SESSION',
  ],
  session: 'sensitive',
  plugin,
});

export const stopImpersonating = endpoint({
  method: 'POST',
  path: '/admin/stop-impersonating',
  tag,
  summary: "Ends the impersonation and gives the admin's own session back",
  response: sessionWithUserJson,
  errors: ['UNAUTHORIZED', 'NOT_IMPERSONATING', 'FAILED_TO_FIND_ADMIN_SESSION'],
  session: 'sensitive',
  plugin,
});

export const hasPermission = endpoint({
  method: 'POST',
  path: '/admin/has-permission',
  tag,
  summary: "Whether the caller's role grants every listed action (permissions, or the older permission)",
  body: z.object({
    permissions: z.record(z.string(), z.array(z.string())).optional(),
    permission: z.record(z.string(), z.array(z.string())).optional(),
  }),
  response: z.object({ error: z.null(), success: z.boolean() }),
  errors: ['UNAUTHORIZED', 'INVALID_PERMISSION_CHECK'],
  session: 'session',
  plugin,
});

const auditId = z.string().min(1).max(255);

/** One row of the audit log (docs/audit-log.md); `details` is small and never holds a secret. */
export const auditEventJson = z.object({
  id: z.string(),
  createdAt: isoDate,
  type: z.string(),
  outcome: z.enum(['success', 'failure']),
  actorUserId: z.string().nullable(),
  actorType: z.enum(['user', 'system', 'server-api']),
  impersonatorUserId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  organizationId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** Where the row sits in the tamper-evident chains, and its hash (null for rows written before them). */
  chainId: z.string().nullable(),
  chainSeq: z.number().int().nullable(),
  hash: z.string().nullable(),
});

export const listAuditEvents = endpoint({
  method: 'GET',
  path: '/admin/list-audit-events',
  tag,
  summary: 'The audit log, newest first, filtered and paged by an opaque cursor (nextCursor is null on the last page)',
  query: z.object({
    type: z.string().min(1).max(255).optional(),
    actorUserId: auditId.optional(),
    targetId: auditId.optional(),
    organizationId: auditId.optional(),
    outcome: z.enum(['success', 'failure']).optional(),
    /** Inclusive bounds on createdAt (ISO-8601). */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z
      .string()
      .max(512)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  }),
  response: z.object({
    events: z.array(auditEventJson),
    nextCursor: z.string().nullable(),
    /**
     * The people the page's events name (actor, impersonator, a user target) who still have an
     * account, by id: read in one query with the page, so the log names them without a call per row.
     */
    people: z.record(z.string(), z.object({ name: z.string(), email: z.string() })),
  }),
  errors: ['UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG', 'VALIDATION_ERROR'],
  session: 'sensitive',
  plugin,
});

export const adminEndpoints = [
  createUser,
  listUsers,
  getUser,
  updateUser,
  setRole,
  removeUser,
  setUserPassword,
  banUser,
  unbanUser,
  listUserSessions,
  revokeUserSession,
  revokeUserSessions,
  impersonateUser,
  stopImpersonating,
  hasPermission,
  listAuditEvents,
] as const;
