/** POST /change-email (sensitive session; CONTRACT §4.15). */
import { z } from 'zod';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { callbackField } from '../email-verification/index.ts';
import { requireSession } from '../session/index.ts';
import { requestEmailChange } from './service.ts';

const changeEmail = defineEndpoint({
  method: 'POST',
  path: '/change-email',
  body: z.object({ newEmail: z.string().max(320), callbackURL: callbackField }),
  async handler(ctx) {
    const current = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    await requestEmailChange(ctx, current.user, ctx.body.newEmail, ctx.body.callbackURL);
    return { status: true };
  },
});

export const emailChangeEndpoints = [changeEmail];
