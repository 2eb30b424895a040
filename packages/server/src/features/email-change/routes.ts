/**
 * POST /change-email (CONTRACT §4.15) and Latch's approval of a change by the current
 * address: POST /change-email/describe, /change-email/approve and /change-email/refuse.
 */
import { emailChange as rows } from '@latch/contract';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { answerInFixedTime } from '../email-verification/index.ts';
import { requireSession } from '../session/index.ts';
import {
  approveEmailChange,
  describeEmailChange,
  keepsQuietAboutAddresses,
  refuseEmailChange,
  requestEmailChange,
} from './service.ts';

/** The shortest answer to a change request where taken addresses are not told apart. */
const QUIET_MINIMUM_MS = 500;

const changeEmail = defineEndpoint(rows.changeEmail, {
  async handler(ctx) {
    // moving the address moves every mailed way in: a recent sign-in, and never as an admin acting as the person
    const current = await requireSession(ctx, 'recent', { ownerOnly: true });
    const request = () => requestEmailChange(ctx, current.user, ctx.body.newEmail, ctx.body.callbackURL);
    // where a taken address is answered like a free one, it takes as long too (nothing is mailed for
    // it): a slower approval mail to the current address follows the answer
    if (keepsQuietAboutAddresses(ctx.deps.config))
      await answerInFixedTime(ctx.deps.logger, QUIET_MINIMUM_MS, 'a change-email request', request);
    else await request();
    return { status: true };
  },
});

/** What the approval page shows: the current and the requested address. */
const describe = defineEndpoint(rows.describeEmailChange, {
  async handler(ctx) {
    return describeEmailChange(ctx, ctx.body.token);
  },
});

const approve = defineEndpoint(rows.approveEmailChange, {
  async handler(ctx) {
    await approveEmailChange(ctx, ctx.body.token);
    return { status: true };
  },
});

const refuse = defineEndpoint(rows.refuseEmailChange, {
  async handler(ctx) {
    await refuseEmailChange(ctx, ctx.body.token);
    return { status: true };
  },
});

export const emailChangeEndpoints = [changeEmail, describe, approve, refuse];
