/** GitLab (gitlab.com or self-managed). Docs: https://docs.gitlab.com/api/oauth2/ */
import { asId, asString, firstOf } from './shared.ts';
import type { ProviderDefinition, ProviderOptions } from './types.ts';

/** `endpoints.issuer` names a self-managed instance (its base URL); every other URL derives from it. */
const baseOf = (options: ProviderOptions) => (options.endpoints?.issuer ?? 'https://gitlab.com').replace(/\/+$/, '');

export const gitlab: ProviderDefinition = {
  id: 'gitlab',
  displayName: 'GitLab',
  // GitLab is an OIDC provider with the `openid` scope; Latch reads the REST user (read_user) by default.
  isOpenID: true,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  defaultScopes: ['read_user'],
  scopeSeparator: ' ',
  pkce: true,
  clientAuth: 'post',
  endpoints: (options) => ({
    authorization: `${baseOf(options)}/oauth/authorize`,
    token: `${baseOf(options)}/oauth/token`,
    userInfo: `${baseOf(options)}/api/v4/user`,
    jwks: `${baseOf(options)}/oauth/discovery/keys`,
    issuer: baseOf(options),
  }),
  idToken: (options) => ({ issuer: [baseOf(options)], algorithms: ['RS256'] }),
  async getUserProfile({ getJSON, userInfoURL }) {
    const user = await getJSON(userInfoURL());
    const id = asId(user.id);
    // Blocked, deactivated or locked accounts do not sign in.
    if (id === null || user.state !== 'active' || user.locked === true) return null;
    const email = asString(user.email);
    return {
      id,
      name: firstOf(user.name, user.username),
      email,
      // `email` is the primary address; `confirmed_at` says it was confirmed.
      emailVerified: email !== null && (user.email_verified === true || asString(user.confirmed_at) !== null),
      image: asString(user.avatar_url),
      raw: user,
    };
  },
};
