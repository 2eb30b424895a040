/**
 * Points where other features join the credential flows without the credentials
 * feature knowing them: the username rules on sign-up, the verification mail, the
 * per-account rate limit, the checks before a session is granted (ban, verified email) and
 * a sign-in taken over before any session exists (the two-factor challenge).
 * Each list is filled once when the app is assembled (app.ts).
 */
import type { AuthError } from '../../core/errors.ts';
import type { AuthDeps, RequestContext } from '../../core/http/context.ts';
import type { User } from '../user/model.ts';

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
  afterCreate?(ctx: Ctx, user: User, input: { callbackURL?: string | undefined }): Promise<void>;
  afterPasswordChange?(ctx: Ctx, user: User): Promise<void>;
}

export interface SignInExtension {
  /** Runs before a session is created for a password sign-in; may throw (banned, unverified email). */
  check?(ctx: Ctx, user: User): Promise<void>;
  /** Per-account rate limit on credential endpoints. */
  limitAccount?(ctx: Ctx, account: string): Promise<void>;
  /**
   * Runs after every check, just before the session would be created. An answer it
   * returns replaces the sign-in's answer and no session is created at all (the
   * two-factor challenge); null lets the sign-in go on.
   */
  intercept?(ctx: Ctx, user: User, input: { dontRemember: boolean }): Promise<Record<string, unknown> | null>;
}

interface Registry {
  signUp: SignUpExtension[];
  signIn: SignInExtension[];
}

/** Extensions belong to one Latch instance (tests build many side by side). */
const registries = new WeakMap<AuthDeps, Registry>();

function registryOf(deps: AuthDeps): Registry {
  let r = registries.get(deps);
  if (!r) {
    r = { signUp: [], signIn: [] };
    registries.set(deps, r);
  }
  return r;
}

export function registerSignUpExtension(deps: AuthDeps, ext: SignUpExtension): void {
  registryOf(deps).signUp.push(ext);
}
export function registerSignInExtension(deps: AuthDeps, ext: SignInExtension): void {
  registryOf(deps).signIn.push(ext);
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
  async afterCreate(ctx: Ctx, user: User, input: { callbackURL?: string | undefined }): Promise<void> {
    for (const ext of registryOf(ctx.deps).signUp) if (ext.afterCreate) await ext.afterCreate(ctx, user, input);
  },
  async afterPasswordChange(ctx: Ctx, user: User): Promise<void> {
    for (const ext of registryOf(ctx.deps).signUp)
      if (ext.afterPasswordChange) await ext.afterPasswordChange(ctx, user);
  },
};

export const signInChecks = {
  async run(ctx: Ctx, user: User): Promise<void> {
    for (const ext of registryOf(ctx.deps).signIn) if (ext.check) await ext.check(ctx, user);
  },
  async limitAccount(ctx: Ctx, account: string): Promise<void> {
    for (const ext of registryOf(ctx.deps).signIn) if (ext.limitAccount) await ext.limitAccount(ctx, account);
  },
  /** The first extension's answer that takes the sign-in over, or null. */
  async intercept(ctx: Ctx, user: User, input: { dontRemember: boolean }): Promise<Record<string, unknown> | null> {
    for (const ext of registryOf(ctx.deps).signIn) {
      const answer = ext.intercept ? await ext.intercept(ctx, user, input) : null;
      if (answer) return answer;
    }
    return null;
  },
};
