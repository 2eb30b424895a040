/**
 * POST /verify-password (CONTRACT §4.21): the password entered again inside a session.
 * Latch makes it the re-authentication of its "recent sign-in" rule (session.reauthenticationAge,
 * GitHub's sudo mode): on success the session is replaced by a new one, signed in now, so
 * the next request may add a way into the account. Answers `{status:true}` as better-auth does.
 */
import { credentials as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { requireSession } from '../session/index.ts';
import { replaceCurrentSession } from '../sign-in/index.ts';
import { checkPasswordInSession } from './lockout.ts';
import { assertNotTooLong } from './password-rules.ts';

export const verifyPassword = defineEndpoint(rows.verifyPassword, {
  async handler(ctx) {
    // an admin acting as someone does not get to prove their password
    const current = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    assertNotTooLong(ctx.body.password, ctx.deps.config);
    if (!(await checkPasswordInSession(ctx, current.user, ctx.body.password))) throw authError('INVALID_PASSWORD');
    await replaceCurrentSession(ctx, current, current.user, 'reauthentication');
    return { status: true };
  },
});
