/**
 * Points where other features join sign-up without the credentials feature knowing them:
 * the username rules, the default role, the verification mail. The list is filled once
 * when the app is assembled (app.ts). The checks before a session is granted are not
 * here: they are the sign-in pipeline's one declared list (src/sign-in-checks.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.ts';
import type { AuthError } from '../../core/errors.ts';
import type { AuthDeps, RequestContext } from '../../core/http/context.ts';
import type { User } from '../user/index.ts';

type Ctx = RequestContext<unknown, unknown>;

export interface SignUpExtra {
  username?: string | null;
  displayUsername?: string | null;
  language?: number | null;
  role?: string | null;
}

export interface SignUpExtension {
  /** Validates and normalises extra sign-up fields; may throw AuthError. */
  prepare?(ctx: Ctx, body: Record<string, unknown>): Promise<SignUpExtra> | SignUpExtra;
  /** Explains a unique violation that is not the email (e.g. a username race). */
  explainConflict?(ctx: Ctx, user: User): Promise<AuthError | null>;
  /**
   * Writes rows that belong with the new account in its transaction (one commit for all);
   * what it returns runs once that transaction committed, before afterCreate.
   */
  withinCreate?(
    trx: Kysely<Database>,
    ctx: Ctx,
    user: User,
    input: SignUpInput,
  ): Promise<AfterCommit | undefined> | AfterCommit | undefined;
  afterCreate?(ctx: Ctx, user: User, input: SignUpInput): Promise<void>;
}

export interface SignUpInput {
  callbackURL?: string | undefined;
}

/** Work that follows a committed sign-up (a mail about the new account). */
export type AfterCommit = () => Promise<void>;

interface Registry {
  signUp: SignUpExtension[];
}

/** Extensions belong to one Latch instance (tests build many side by side). */
const registries = new WeakMap<AuthDeps, Registry>();

function registryOf(deps: AuthDeps): Registry {
  let r = registries.get(deps);
  if (!r) {
    r = { signUp: [] };
    registries.set(deps, r);
  }
  return r;
}

export function registerSignUpExtension(deps: AuthDeps, ext: SignUpExtension): void {
  registryOf(deps).signUp.push(ext);
}

export const signUpExtensions = {
  async prepare(ctx: Ctx, body: Record<string, unknown>): Promise<SignUpExtra> {
    let extra: SignUpExtra = {};
    for (const ext of registryOf(ctx.deps).signUp)
      if (ext.prepare) extra = { ...extra, ...(await ext.prepare(ctx, body)) };
    return extra;
  },
  async explainConflict(ctx: Ctx, user: User, original: unknown): Promise<unknown> {
    for (const ext of registryOf(ctx.deps).signUp) {
      const err = ext.explainConflict ? await ext.explainConflict(ctx, user) : null;
      if (err) return err;
    }
    return original;
  },
  /** Runs in the sign-up's transaction; returns what runs after its commit. */
  async withinCreate(trx: Kysely<Database>, ctx: Ctx, user: User, input: SignUpInput): Promise<AfterCommit[]> {
    const after: AfterCommit[] = [];
    for (const ext of registryOf(ctx.deps).signUp) {
      const next = ext.withinCreate ? await ext.withinCreate(trx, ctx, user, input) : undefined;
      if (next) after.push(next);
    }
    return after;
  },
  async afterCreate(ctx: Ctx, user: User, input: SignUpInput, committed: AfterCommit[]): Promise<void> {
    for (const next of committed) await next();
    for (const ext of registryOf(ctx.deps).signUp) if (ext.afterCreate) await ext.afterCreate(ctx, user, input);
  },
};
