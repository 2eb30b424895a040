/**
 * grantSession: the only function that creates a session (features/session/create.ts is
 * imported here and nowhere else; a test scans the sources for it). It runs the one
 * declared, ordered list of checks bound to this instance (src/sign-in-checks.ts), in
 * order, each for the methods it declares, then creates the session and sets its cookies.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import { recordEvent } from '../audit/index.ts';
import { noticeNewSignIn } from '../security-notices/index.ts';
import { createSession } from '../session/create.ts';
import {
  deleteSessionById,
  getCurrentSession,
  type Session,
  type SessionWithUser,
  setSessionCookies,
  slides,
} from '../session/index.ts';
import type { User } from '../user/index.ts';
import type { Ctx, GrantResult, SignInAttempt, SignInCheck, SignInMethod } from './model.ts';

const bound = new WeakMap<AuthDeps, readonly SignInCheck[]>();

/** Grants that are a person signing in (not a rotation, an admin, or a first step of two). */
const PERSON_SIGNED_IN: ReadonlySet<SignInMethod> = new Set([
  'password',
  'username',
  'social',
  'id-token',
  'two-factor',
  'passkey',
  'magic-link',
  'email-otp',
]);

/** Grants that replace whatever session the browser had (not an admin's impersonation, nor a rotation, which replaces its own). */
const ENDS_PREVIOUS: ReadonlySet<SignInMethod> = new Set([...PERSON_SIGNED_IN, 'sign-up', 'email-verification']);

/** Grants that are not a sign-in of their own: a rotation replaces a session, an impersonation is recorded as one. */
const NOT_AUDITED_AS_SIGN_IN: ReadonlySet<SignInMethod> = new Set(['rotation', 'impersonation']);

/** Binds the ordered checks to one instance, once (createAuth does it). */
export function bindSignInChecks(deps: AuthDeps, checks: readonly SignInCheck[]): void {
  if (bound.has(deps)) throw new Error('the sign-in checks are bound once per instance');
  bound.set(deps, Object.freeze([...checks]));
}

/** The checks this instance runs, in order (for tests and docs). */
export function boundSignInChecks(deps: AuthDeps): readonly SignInCheck[] {
  const checks = bound.get(deps);
  // fail closed: an instance assembled without its checks must not grant anything
  if (!checks) throw new Error('no sign-in checks are bound to this instance');
  return checks;
}

export async function grantSession(ctx: Ctx, attempt: SignInAttempt): Promise<GrantResult> {
  let current = attempt;
  for (const check of boundSignInChecks(ctx.deps)) {
    if (!check.appliesTo.includes(current.method)) continue;
    const outcome = await check.run(ctx, current);
    if (!outcome) continue;
    if ('user' in outcome) {
      current = { ...current, user: outcome.user };
      continue;
    }
    if (current.challenge === 'skip') return { kind: 'skipped' };
    return { kind: 'challenge', answer: outcome.challenge };
  }
  // a new sign-in in a browser that holds a session ends that one (ASVS 5.0 7.2.4): a token
  // someone copied before, or planted (session fixation), does not live on beside the new one
  const previous = ENDS_PREVIOUS.has(current.method)
    ? await getCurrentSession(ctx, { disableCookieCache: true }).catch(() => null)
    : null;
  const audited = !NOT_AUDITED_AS_SIGN_IN.has(current.method);
  // the session and its sign_in event commit together: one commit per sign-in, and never a
  // session without its audit row (or an event for a session that was not written)
  const write = async (db: Kysely<Database>) => {
    // what the attempt was proven with may have gone while it was checked (a claim of the
    // address removed the password during its hash): then no session (accounts/repo.ts holdCredential)
    if (current.stillHolds && !(await current.stillHolds.check(db))) throw authError(current.stillHolds.refusal);
    const created = await createSession(ctx, current.user.id, {
      db,
      dontRemember: current.dontRemember ?? false,
      impersonatedBy: current.impersonatedBy ?? null,
      ...(current.expiresInSeconds !== undefined && { expiresInSeconds: current.expiresInSeconds }),
      activeOrganizationId: current.activeOrganizationId ?? null,
      // the proof admin actions may ask for (docs/admin.md): now, or the replaced session's
      secondFactorVerifiedAt: current.secondFactor ? ctx.deps.clock.now() : (current.secondFactorVerifiedAt ?? null),
    });
    if (audited) {
      await recordEvent(db, ctx, {
        type: 'sign_in',
        actorUserId: current.user.id,
        impersonatorUserId: current.impersonatedBy ?? null,
        targetType: 'user',
        targetId: current.user.id,
        details: {
          method: current.method,
          secondFactor: current.secondFactor ?? false,
          sessionId: created.session.id,
        },
      });
    }
    return created;
  };
  const inTransaction = audited || current.stillHolds !== undefined;
  const { token, session } = inTransaction ? await ctx.deps.db.transaction().execute(write) : await write(ctx.deps.db);
  setSessionCookies(ctx, token, { session, user: current.user }, { dontRemember: current.dontRemember ?? false });
  if (previous && previous.session.id !== session.id) {
    await deleteSessionById(ctx.deps.db, previous.session.id);
    ctx.deps.revocations.revoke(previous.user.id);
  }
  ctx.deps.logger.debug('session granted', { method: current.method, userId: current.user.id });
  if (PERSON_SIGNED_IN.has(current.method)) await noticeNewSignIn(ctx, current.user);
  return { kind: 'session', token, session, user: current.user };
}

/**
 * A new session in place of the current one, after a proof given inside it (the password
 * again, a first two-factor code): the browser keeps its remember-me choice, active
 * organization and impersonation; the old token is worth nothing afterwards (OWASP ASVS
 * 5.0 V7.2.4: a new session token on every authentication, re-authentication included).
 */
export async function replaceCurrentSession(
  ctx: Ctx,
  current: SessionWithUser,
  user: User,
  method: Extract<SignInMethod, 'reauthentication' | 'rotation'>,
  opts: { secondFactor?: boolean } = {},
): Promise<{ token: string; session: Session; user: User }> {
  // the kind of session comes from its row, never from the dont_remember cookie a client may
  // drop: a don't-remember session stays one, an impersonation keeps the end it was given
  const impersonation = current.session.impersonatedBy !== null;
  const remaining = Math.max(
    1,
    Math.ceil((current.session.expiresAt.getTime() - ctx.deps.clock.now().getTime()) / 1000),
  );
  const granted = await grantSession(ctx, {
    user,
    method,
    secondFactor: opts.secondFactor ?? false,
    secondFactorVerifiedAt: current.session.secondFactorVerifiedAt,
    dontRemember: !impersonation && !slides(current.session, ctx.deps),
    ...(impersonation && { expiresInSeconds: remaining }),
    activeOrganizationId: current.session.activeOrganizationId,
    impersonatedBy: current.session.impersonatedBy,
  });
  if (granted.kind !== 'session') throw authError('FAILED_TO_CREATE_SESSION');
  await deleteSessionById(ctx.deps.db, current.session.id);
  ctx.deps.revocations.revoke(user.id);
  return granted;
}
