/**
 * POST /undo-change (Latch's own): the link of a security notice, posted by the page it
 * opens (`<origin>/undo-change?token=…`), never by the GET of the link itself, so that a
 * mail scanner that follows links cannot undo anything.
 */
import { undoChange as rows } from '@latch/contract';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { undoChange } from './service.ts';

const undo = defineEndpoint(rows.undoChange, {
  async handler(ctx) {
    return { status: true, ...(await undoChange(ctx, ctx.body.token)) };
  },
});

export const undoChangeEndpoints = [undo];
