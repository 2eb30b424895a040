/**
 * The JSON shapes Latch answers with (CONTRACT.md §4), as schemas: the server's answers
 * are checked against them in tests, the OpenAPI document describes them, and the client
 * and the web app take their types from them. Dates are ISO-8601 strings.
 */
import { z } from 'zod';

export const isoDate = z.string().describe('ISO-8601 date and time');

export const userJson = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
    username: z.string().nullable(),
    displayUsername: z.string().nullable(),
    language: z.number().nullable(),
    role: z.string().nullable(),
    banned: z.boolean(),
    banReason: z.string().nullable(),
    banExpires: isoDate.nullable(),
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'User' });
export type UserJson = z.infer<typeof userJson>;

export const sessionJson = z
  .object({
    id: z.string(),
    /** An opaque identifier of the session that revoke-session accepts; never the cookie's secret. */
    token: z.string().describe("an opaque identifier revoke-session accepts; never the cookie's secret"),
    userId: z.string(),
    expiresAt: isoDate,
    createdAt: isoDate,
    updatedAt: isoDate,
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    activeOrganizationId: z.string().nullable(),
    activeTeamId: z.string().nullable(),
    impersonatedBy: z.string().nullable(),
  })
  .meta({ id: 'Session' });
export type SessionJson = z.infer<typeof sessionJson>;

export const accountJson = z
  .object({
    id: z.string(),
    accountId: z.string(),
    providerId: z.string(),
    /** The spec's name for providerId (seed-spec §7, list-accounts); better-auth 1.7 sends providerId only. */
    provider: z.string(),
    userId: z.string(),
    createdAt: isoDate,
    updatedAt: isoDate,
    scopes: z.array(z.string()),
  })
  .meta({ id: 'Account' });
export type AccountJson = z.infer<typeof accountJson>;

/** A session with its user: get-session's answer, and what sign-in endpoints hand back. */
export const sessionWithUserJson = z.object({ session: sessionJson, user: userJson }).meta({ id: 'SessionWithUser' });
