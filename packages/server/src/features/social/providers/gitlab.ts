/** GitLab (gitlab.com or self-managed). Docs: https://docs.gitlab.com/api/oauth2/ */
import { asId, asString, firstOf } from './shared.ts';
import type { ProviderDefinition, ProviderOptions } from './types.ts';

const GITLAB_COM = 'https://gitlab.com';

/** `endpoints.issuer` names a self-managed instance (its base URL); every other URL derives from it. */
const baseOf = (options: ProviderOptions) => (options.endpoints?.issuer ?? GITLAB_COM).replace(/\/+$/, '');

/**
 * Only gitlab.com's `confirmed_at` proves the address. A self-managed instance whose email confirmation setting is
 * off confirms every account as it is created (and an admin can skip confirmation for anyone), so there the field
 * says nothing: its addresses are unverified unless the operator lists `gitlab` in `trustedProviders`.
 */
const vouchesForEmail = (options: ProviderOptions) => baseOf(options).toLowerCase() === GITLAB_COM;

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
  async getUserProfile({ getJSON, userInfoURL, options }) {
    const user = await getJSON(userInfoURL());
    const id = asId(user.id);
    // Blocked, deactivated or locked accounts do not sign in.
    if (id === null || user.state !== 'active' || user.locked === true) return null;
    const email = asString(user.email);
    return {
      id,
      name: firstOf(user.name, user.username),
      email,
      // `email` is the primary address, which GitLab lets a person choose only among confirmed ones
      emailVerified: email !== null && vouchesForEmail(options) && asString(user.confirmed_at) !== null,
      image: asString(user.avatar_url),
      raw: user,
    };
  },
};
