/**
 * The checks that need nothing but the user and core services: the per-account limit on
 * granted sessions and the ban. The email-verification and second-factor checks live in
 * their features (they send mail, start a challenge); src/sign-in-checks.ts orders them all.
 */
import { authError } from '../../core/errors.ts';
import { updateUserRow } from '../user/index.ts';
import { type Ctx, SIGN_IN_METHODS, type SignInCheck } from './model.ts';

/** Answers whether this account may be granted one more session now (the per-account rate limit). */
export type AccountLimiter = (ctx: Ctx, userId: string) => Promise<void>;

/**
 * However the person proved who they are, one account is granted a bounded number of
 * sessions per window, wherever the requests come from. A session that only replaces the
 * current one (rotation, the second step of a counted attempt) is not a new grant.
 */
export function accountLimitCheck(limit: AccountLimiter): SignInCheck {
  return {
    name: 'account-limit',
    appliesTo: SIGN_IN_METHODS.filter((m) => m !== 'rotation' && m !== 'two-factor'),
    async run(ctx, attempt) {
      await limit(ctx, attempt.user.id);
      return null;
    },
  };
}

/**
 * No session for a banned user, whatever the way in (an admin impersonating included: a
 * banned account has no sessions). A ban whose time has passed is lifted on the way in.
 */
export const banCheck: SignInCheck = {
  name: 'ban',
  appliesTo: SIGN_IN_METHODS,
  async run(ctx, { user }) {
    if (!user.banned) return null;
    const now = ctx.deps.clock.now();
    if (user.banExpires && user.banExpires <= now) {
      await updateUserRow(ctx.deps.db, user.id, { banned: false, banReason: null, banExpires: null, updatedAt: now });
      return { user: { ...user, banned: false, banReason: null, banExpires: null, updatedAt: now } };
    }
    throw authError('BANNED_USER');
  },
};
