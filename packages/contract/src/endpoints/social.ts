/**
 * Social sign-in: POST /sign-in/social, GET and POST /callback/:id, POST /link-social
 * (CONTRACT §4.5, §4.6, §4.18), and the provider tokens of the signed-in user: POST
 * /refresh-token, POST /get-access-token, GET /account-info (CONTRACT §4.19).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { userJson } from '../entities.ts';
import { twoFactorChallengeJson } from './two-factor.ts';

const tag = 'Social';
const tokensTag = 'Provider tokens';

/** Authorization parameters the engine owns; `additionalParams` may not override them (CONTRACT §4.5). */
export const RESERVED_AUTHORIZATION_PARAMS: ReadonlySet<string> = new Set([
  'state',
  'client_id',
  'client_key',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'nonce',
  'scope',
]);

const url = z.string().max(2048);

const idTokenSchema = z.object({
  token: z.string().min(1).max(16_384),
  nonce: z.string().max(1024).optional(),
  accessToken: z.string().max(16_384).optional(),
  refreshToken: z.string().max(16_384).optional(),
  expiresAt: z.number().optional(),
  user: z
    .object({
      name: z
        .object({ firstName: z.string().max(256).optional(), lastName: z.string().max(256).optional() })
        .optional(),
      email: z.string().max(320).optional(),
    })
    .optional(),
});

/** Extra authorization parameters; the ones the engine owns (state, redirect_uri, PKCE…) are refused. */
const additionalParams = z
  .record(z.string().min(1).max(64), z.string().max(2048))
  .refine((params) => Object.keys(params).length <= 20, { message: 'at most 20 additional parameters' })
  .refine((params) => Object.keys(params).every((key) => !RESERVED_AUTHORIZATION_PARAMS.has(key)), {
    message: `reserved parameters (${[...RESERVED_AUTHORIZATION_PARAMS].join(', ')}) cannot be set`,
  });

const flowFields = {
  provider: z.string().min(1).max(64),
  callbackURL: url.optional(),
  errorCallbackURL: url.optional(),
  disableRedirect: z.boolean().optional(),
  scopes: z.array(z.string().min(1).max(256)).max(50).optional(),
  loginHint: z.string().max(512).optional(),
  requestSignUp: z.boolean().optional(),
  additionalParams: additionalParams.optional(),
  /** better-auth echoes it into its state for its hooks; Latch has no such hooks and does not keep it. */
  additionalData: z.record(z.string(), z.unknown()).optional(),
  idToken: idTokenSchema.optional(),
};

/** `{url, redirect}`: the provider's authorization URL, with a Location header unless disableRedirect. */
const authorizationAnswer = z.object({ url: z.string(), redirect: z.boolean() });

export const signInSocial = endpoint({
  method: 'POST',
  path: '/sign-in/social',
  tag,
  summary:
    "Starts a provider's sign-in ({url, redirect}), or signs in at once with the provider's ID token ({redirect:false, token, user})",
  body: z.object({ ...flowFields, newUserCallbackURL: url.optional() }),
  response: z.union([
    authorizationAnswer,
    z.object({ redirect: z.literal(false), token: z.string(), user: userJson }),
    // two-factor on: the sign-in stops at the second factor, the `two_factor` cookie is set
    twoFactorChallengeJson,
  ]),
  errors: [
    'PROVIDER_NOT_FOUND',
    'ID_TOKEN_NOT_SUPPORTED',
    'INVALID_TOKEN',
    'USER_EMAIL_NOT_FOUND',
    'OAUTH_LINK_ERROR',
    'EMAIL_NOT_VERIFIED',
    'BANNED_USER',
    'FAILED_TO_CREATE_SESSION',
  ],
  // a new sign-in ends the browser's earlier session
  session: 'optional',
});

export const linkSocial = endpoint({
  method: 'POST',
  path: '/link-social',
  tag,
  summary:
    "Links a provider's account to the signed-in user: its authorization URL, or at once with the provider's ID token",
  body: z.object(flowFields),
  response: z.union([
    authorizationAnswer,
    z.object({ url: z.literal(''), status: z.literal(true), redirect: z.literal(false) }),
  ]),
  errors: [
    'UNAUTHORIZED',
    'NOT_ALLOWED_WHILE_IMPERSONATING',
    'REAUTHENTICATION_REQUIRED',
    'EMAIL_NOT_VERIFIED',
    'PROVIDER_NOT_FOUND',
    'ID_TOKEN_NOT_SUPPORTED',
    'INVALID_TOKEN',
    'USER_EMAIL_NOT_FOUND',
    'LINKING_NOT_ALLOWED',
    'LINKING_DIFFERENT_EMAILS_NOT_ALLOWED',
    'SOCIAL_ACCOUNT_ALREADY_LINKED',
    'LINKING_FAILED',
  ],
  session: 'recent',
});

export const callbackGet = endpoint({
  method: 'GET',
  path: '/callback/:id',
  tag,
  summary:
    "The provider's redirect back: signs in (or links) and 302s to callbackURL, or to the error URL with ?error=",
  response: z.never(),
  answers: 'redirect',
  errors: [],
  // a new sign-in ends the browser's earlier session
  session: 'optional',
});

export const callbackPost = endpoint({
  method: 'POST',
  path: '/callback/:id',
  tag,
  summary: "A provider's form_post callback (Apple): 302 to the GET callback with the same parameters",
  response: z.never(),
  answers: 'redirect',
  errors: [],
  session: 'none',
  acceptsForm: true,
});

const selectionBody = z
  .object({
    /** The account row's id (better-auth 1.7), or with `providerId` the provider's account id (the spec's form). */
    accountId: z.string().min(1).max(255).optional(),
    providerId: z.string().min(1).max(64).optional(),
    /** Honoured only for trusted server calls; over HTTP the session decides whose account it is. */
    userId: z.string().max(255).optional(),
    /** Reads the `account_data` cookie in better-auth; Latch keeps no such cookie, so nothing is found. */
    useAccountCookie: z.boolean().optional(),
  })
  .strict();

const isoDate = z.string().describe('ISO-8601 date and time');

export const refreshToken = endpoint({
  method: 'POST',
  path: '/refresh-token',
  tag: tokensTag,
  summary: "Refreshes the access token of one of the user's provider accounts at the provider",
  body: selectionBody,
  response: z.object({
    accessToken: z.string(),
    refreshToken: z.string().nullable(),
    accessTokenExpiresAt: isoDate.nullable(),
    refreshTokenExpiresAt: isoDate.nullable(),
    /** The granted scopes, comma-separated. */
    scope: z.string(),
    idToken: z.string().nullable(),
    providerId: z.string(),
    accountId: z.string(),
  }),
  errors: [
    'UNAUTHORIZED',
    'NOT_ALLOWED_WHILE_IMPERSONATING',
    'ACCOUNT_NOT_FOUND',
    'PROVIDER_NOT_SUPPORTED',
    'TOKEN_REFRESH_NOT_SUPPORTED',
    'REFRESH_TOKEN_NOT_FOUND',
    'FAILED_TO_REFRESH_ACCESS_TOKEN',
  ],
  session: 'sensitive',
});

export const getAccessToken = endpoint({
  method: 'POST',
  path: '/get-access-token',
  tag: tokensTag,
  summary: "The access token of one of the user's provider accounts, refreshed first when it is about to expire",
  body: selectionBody,
  response: z.object({
    accessToken: z.string(),
    accessTokenExpiresAt: isoDate.nullable(),
    scopes: z.array(z.string()),
    idToken: z.string().nullable(),
  }),
  errors: [
    'UNAUTHORIZED',
    'NOT_ALLOWED_WHILE_IMPERSONATING',
    'ACCOUNT_NOT_FOUND',
    'PROVIDER_NOT_SUPPORTED',
    'FAILED_TO_GET_ACCESS_TOKEN',
  ],
  session: 'sensitive',
});

export const accountInfo = endpoint({
  method: 'GET',
  path: '/account-info',
  tag: tokensTag,
  summary: "The provider's profile of one of the user's accounts, read from its user-info endpoint",
  query: z.object({ accountId: z.string().min(1).max(255) }),
  response: z.object({
    user: z.object({
      id: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      image: z.string().nullable(),
      emailVerified: z.boolean(),
    }),
    /** The provider's raw profile. */
    data: z.record(z.string(), z.unknown()),
    account: z.object({ id: z.string(), providerId: z.string(), accountId: z.string() }),
  }),
  errors: [
    'UNAUTHORIZED',
    'NOT_ALLOWED_WHILE_IMPERSONATING',
    'ACCOUNT_NOT_FOUND',
    'PROVIDER_NOT_CONFIGURED',
    'FAILED_TO_GET_USER_INFO',
    'ACCESS_TOKEN_NOT_FOUND',
  ],
  session: 'sensitive',
});

export const socialEndpoints = [
  signInSocial,
  linkSocial,
  callbackGet,
  callbackPost,
  refreshToken,
  getAccessToken,
  accountInfo,
] as const;
