/**
 * POST /undo-change (Latch's own): the link of a security notice, posted by the page it
 * opens (`<origin>/undo-change?token=…`), never by the GET of the link itself, so that a
 * mail scanner that follows links cannot undo anything.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { undoChange } from './service.ts';

const undo = defineEndpoint({
  method: 'POST',
  path: '/undo-change',
  body: z.object({ token: z.string().min(1).max(256) }),
  async handler(ctx) {
    return { status: true, ...(await undoChange(ctx, ctx.body.token)) };
  },
});

export const undoChangeEndpoints = [undo];
