/** Username checks shared by sign-up, update-user and is-username-available. */
import { authError } from '../../core/errors.ts';
import type { AuthDeps } from '../../core/http/context.ts';
import type { SignUpExtension } from '../credentials/index.ts';
import { findUserByUsername } from '../user/index.ts';
import { assertValidUsername, normalizeUsername, usernameProblem } from './rules.ts';

export async function isUsernameTaken(deps: AuthDeps, username: string, exceptUserId?: string): Promise<boolean> {
  const owner = await findUserByUsername(deps.db, normalizeUsername(username));
  return owner !== null && owner.id !== exceptUserId;
}

/** The username fields to store for a sign-up or profile update, validated. */
export async function prepareUsernameFields(
  deps: AuthDeps,
  input: { username?: unknown; displayUsername?: unknown },
  exceptUserId?: string,
): Promise<{ username?: string; displayUsername?: string }> {
  if (!deps.config.plugins.username) return {};
  let raw = typeof input.username === 'string' ? input.username : undefined;
  const display = typeof input.displayUsername === 'string' ? input.displayUsername : undefined;
  if (input.username !== undefined && typeof input.username !== 'string') throw authError('INVALID_USERNAME');
  // a displayUsername alone becomes the username when it is a valid one (CONTRACT §6.1)
  if (raw === undefined && display !== undefined && !exceptUserId && usernameProblem(display, deps.config) === null) {
    raw = display;
  }
  if (raw === undefined) return display !== undefined ? { displayUsername: display } : {};
  assertValidUsername(raw, deps.config, 400);
  if (await isUsernameTaken(deps, raw, exceptUserId)) throw authError('USERNAME_IS_ALREADY_TAKEN');
  return { username: normalizeUsername(raw), displayUsername: display ?? raw };
}

export const usernameSignUpExtension: SignUpExtension = {
  async prepare(ctx, body) {
    return prepareUsernameFields(ctx.deps, body);
  },
  async explainConflict(ctx, user) {
    // the email was free, so the unique violation was the username: two people raced for it
    if (user.username && (await isUsernameTaken(ctx.deps, user.username)))
      return authError('USERNAME_IS_ALREADY_TAKEN');
    return null;
  },
};
