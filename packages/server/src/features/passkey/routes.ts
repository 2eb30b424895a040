/** The passkey plugin's endpoints (better-auth's wire shapes; packages/contract endpoints/passkey.ts). */
import { passkey as rows } from '@latch/contract';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { requireSession } from '../session/index.ts';
import {
  deleteUserPasskey,
  finishRegistration,
  listPasskeys,
  renameUserPasskey,
  startRegistration,
} from './service.ts';
import { finishSignIn, startSignIn } from './sign-in.ts';

/** Adding a way in: a recent sign-in of the person themselves (docs/security.md rules 3 and 7). */
const generateRegisterOptions = defineEndpoint(rows.generateRegisterOptions, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'recent', { ownerOnly: true });
    return startRegistration(ctx, current, ctx.query);
  },
});

const verifyRegistration = defineEndpoint(rows.verifyRegistration, {
  async handler(ctx) {
    const current = await requireSession(ctx, 'recent', { ownerOnly: true });
    return finishRegistration(ctx, current, ctx.body);
  },
});

const generateAuthenticateOptions = defineEndpoint(rows.generateAuthenticateOptions, {
  handler: (ctx) => startSignIn(ctx),
});

const verifyAuthentication = defineEndpoint(rows.verifyAuthentication, {
  handler: (ctx) => finishSignIn(ctx, ctx.body.response),
});

const listUserPasskeys = defineEndpoint(rows.listUserPasskeys, {
  async handler(ctx) {
    const { user } = await requireSession(ctx, 'session');
    return listPasskeys(ctx.deps.db, user.id);
  },
});

/** Removing a way in, like unlinking a provider: a fresh session of the person themselves. */
const deletePasskey = defineEndpoint(rows.deletePasskey, {
  async handler(ctx) {
    const { user } = await requireSession(ctx, 'fresh', { ownerOnly: true });
    await deleteUserPasskey(ctx, user, ctx.body.id);
    return { status: true };
  },
});

const updatePasskey = defineEndpoint(rows.updatePasskey, {
  async handler(ctx) {
    const { user } = await requireSession(ctx, 'sensitive', { ownerOnly: true });
    return { passkey: await renameUserPasskey(ctx, user, ctx.body.id, ctx.body.name) };
  },
});

export const passkeyEndpoints = [
  generateRegisterOptions,
  verifyRegistration,
  generateAuthenticateOptions,
  verifyAuthentication,
  listUserPasskeys,
  deletePasskey,
  updatePasskey,
];
