/** The username plugin: sign-in/username and is-username-available (CONTRACT §6.1). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { passwordSignInAnswer } from './credentials.ts';

const tag = 'Username';

export const signInUsername = endpoint({
  method: 'POST',
  path: '/sign-in/username',
  tag,
  summary: 'Signs in with a username and a password; answers as sign-in/email does',
  body: z.object({
    username: z.string().max(1024),
    password: z.string(),
    rememberMe: z.boolean().optional(),
    callbackURL: z.string().optional(),
  }),
  response: passwordSignInAnswer,
  errors: [
    'INVALID_USERNAME_OR_PASSWORD',
    // a malformed username is 422 here (400 in sign-up and update-user)
    'USERNAME_TOO_SHORT',
    'USERNAME_TOO_LONG',
    'INVALID_USERNAME',
    'PASSWORD_TOO_LONG',
    'EMAIL_NOT_VERIFIED',
    'BANNED_USER',
    'FAILED_TO_CREATE_SESSION',
  ],
  session: 'none',
  plugin: 'username',
});

export const isUsernameAvailable = endpoint({
  method: 'POST',
  path: '/is-username-available',
  tag,
  summary: 'Whether a username is free, compared lower-cased (422 when it breaks the rules)',
  body: z.object({ username: z.string().max(1024) }),
  response: z.object({ available: z.boolean() }),
  errors: ['USERNAME_TOO_SHORT', 'USERNAME_TOO_LONG', 'INVALID_USERNAME'],
  session: 'none',
  plugin: 'username',
});

export const usernameEndpoints = [signInUsername, isUsernameAvailable] as const;
