/**
 * Writing a new session row. Only the sign-in pipeline (features/sign-in/pipeline.ts)
 * imports this module: a session exists because every check of the pipeline passed
 * (ARCHITECTURE.md "One way in"); a test fails if any other file imports it.
 */

import type { Kysely } from 'kysely';
import { addSeconds } from '../../core/clock.ts';
import { hashToken } from '../../core/crypto/hash.ts';
import { generateId, randomString } from '../../core/crypto/random.ts';
import type { Database } from '../../core/db/schema.ts';
import type { RequestContext } from '../../core/http/context.ts';
import type { Session } from './model.ts';
import { insertSession } from './repo.ts';
import { DONT_REMEMBER_SESSION_SECONDS } from './service.ts';

export interface CreateSessionOptions {
  dontRemember?: boolean;
  impersonatedBy?: string | null;
  expiresInSeconds?: number;
  activeOrganizationId?: string | null;
  /** When the new session's second factor was proved (now, or carried from the session it replaces). */
  secondFactorVerifiedAt?: Date | null;
  /** Where to write: the transaction that also records the sign-in (the pipeline's), or the database. */
  db?: Kysely<Database>;
}

export async function createSession(
  ctx: RequestContext<unknown, unknown>,
  userId: string,
  opts: CreateSessionOptions = {},
): Promise<{ token: string; session: Session }> {
  const { deps } = ctx;
  const now = deps.clock.now();
  const token = randomString(32);
  const lifetime =
    opts.expiresInSeconds ?? (opts.dontRemember ? DONT_REMEMBER_SESSION_SECONDS : deps.config.session.expiresIn);
  const session: Session = {
    id: generateId(),
    tokenHash: hashToken(token),
    userId,
    expiresAt: addSeconds(now, lifetime),
    createdAt: now,
    updatedAt: now,
    ipAddress: ctx.ip,
    userAgent: ctx.userAgent || null,
    activeOrganizationId: opts.activeOrganizationId ?? null,
    activeTeamId: null,
    impersonatedBy: opts.impersonatedBy ?? null,
    // an admin acting as someone proves nothing for that person (nor for the admin)
    secondFactorVerifiedAt: opts.impersonatedBy ? null : (opts.secondFactorVerifiedAt ?? null),
  };
  await insertSession(opts.db ?? deps.db, {
    id: session.id,
    token: session.tokenHash,
    userId,
    expiresAt: session.expiresAt,
    createdAt: now,
    updatedAt: now,
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
    activeOrganizationId: session.activeOrganizationId,
    activeTeamId: null,
    impersonatedBy: session.impersonatedBy,
    secondFactorVerifiedAt: session.secondFactorVerifiedAt,
  });
  return { token, session };
}
