/** POST /sign-in/username and POST /is-username-available (CONTRACT §6.1). */
import { username as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { limitAccount } from '../../core/http/rate-limit/index.ts';
import { findPasswordSignInCandidate } from '../accounts/index.ts';
import {
  assertNotTooLong,
  checkSignInPassword,
  completePasswordSignIn,
  passwordCredentialOf,
  recordSignInRefused,
} from '../credentials/index.ts';
import { assertValidUsername, normalizeUsername } from './rules.ts';
import { isUsernameTaken } from './service.ts';

const signInUsername = defineEndpoint(rows.signInUsername, {
  async handler(ctx) {
    const { config } = ctx.deps;
    if (!config.plugins.username) throw authError('NOT_FOUND');
    const { username, password } = ctx.body;
    if (!username || !password) throw authError('INVALID_USERNAME_OR_PASSWORD');
    assertValidUsername(username, config, 422);
    assertNotTooLong(password, config);
    const normalized = normalizeUsername(username);
    // per account as sign-in/email is: a guesser rotating addresses still meets one budget
    await limitAccount(ctx, `username:${normalized}`);
    const candidate = await findPasswordSignInCandidate(ctx.deps.db, { username: normalized });
    const valid = await checkSignInPassword(ctx, candidate, password, { kind: 'username', value: normalized });
    const user = candidate?.user ?? null;
    const credential = passwordCredentialOf(candidate);
    if (!valid || !user || !credential) {
      await recordSignInRefused(ctx, user, 'username');
      throw authError('INVALID_USERNAME_OR_PASSWORD');
    }
    return completePasswordSignIn(ctx, user, {
      method: 'username',
      rememberMe: ctx.body.rememberMe ?? true,
      callbackURL: ctx.body.callbackURL,
      credential,
    });
  },
});

const isUsernameAvailable = defineEndpoint(rows.isUsernameAvailable, {
  async handler(ctx) {
    if (!ctx.deps.config.plugins.username) throw authError('NOT_FOUND');
    assertValidUsername(ctx.body.username, ctx.deps.config, 422);
    return { available: !(await isUsernameTaken(ctx.deps, ctx.body.username)) };
  },
});

export const usernameEndpoints = [signInUsername, isUsernameAvailable];
