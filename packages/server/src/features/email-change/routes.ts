/**
 * POST /change-email (CONTRACT §4.15) and Latch's approval of a change by the current
 * address: POST /change-email/describe, /change-email/approve and /change-email/refuse.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { callbackField } from '../email-verification/index.ts';
import { requireSession } from '../session/index.ts';
import { approveEmailChange, describeEmailChange, refuseEmailChange, requestEmailChange } from './service.ts';

const changeEmail = defineEndpoint({
  method: 'POST',
  path: '/change-email',
  body: z.object({ newEmail: z.string().max(320), callbackURL: callbackField }),
  async handler(ctx) {
    // moving the address moves every mailed way in: a recent sign-in, and never as an admin acting as the person
    const current = await requireSession(ctx, 'recent', { ownerOnly: true });
    await requestEmailChange(ctx, current.user, ctx.body.newEmail, ctx.body.callbackURL);
    return { status: true };
  },
});

const tokenBody = z.object({ token: z.string().min(1).max(256) });

/** What the approval page shows: the current and the requested address. */
const describe = defineEndpoint({
  method: 'POST',
  path: '/change-email/describe',
  body: tokenBody,
  async handler(ctx) {
    return describeEmailChange(ctx, ctx.body.token);
  },
});

const approve = defineEndpoint({
  method: 'POST',
  path: '/change-email/approve',
  body: tokenBody,
  async handler(ctx) {
    await approveEmailChange(ctx, ctx.body.token);
    return { status: true };
  },
});

const refuse = defineEndpoint({
  method: 'POST',
  path: '/change-email/refuse',
  body: tokenBody,
  async handler(ctx) {
    await refuseEmailChange(ctx, ctx.body.token);
    return { status: true };
  },
});

export const emailChangeEndpoints = [changeEmail, describe, approve, refuse];
