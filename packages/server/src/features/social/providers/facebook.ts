/** Facebook Login. Docs: https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow */
import { createHmac } from 'node:crypto';
import { asRecord, asString } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

const GRAPH_VERSION = 'v24.0';

export const facebook: ProviderDefinition = {
  id: 'facebook',
  displayName: 'Facebook',
  // Facebook issues ID tokens in Limited Login (iOS SDK) and in its OIDC manual flow, not in the classic code flow.
  isOpenID: true,
  supportsIdTokenSignIn: true,
  // No refresh tokens: short-lived tokens are swapped for long-lived ones (fb_exchange_token) instead.
  supportsRefresh: false,
  defaultScopes: ['email', 'public_profile'],
  scopeSeparator: ',',
  pkce: false,
  clientAuth: 'post',
  endpoints: () => ({
    authorization: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
    token: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
    userInfo: `https://graph.facebook.com/${GRAPH_VERSION}/me`,
    jwks: 'https://limited.facebook.com/.well-known/oauth/openid/jwks/',
  }),
  idToken: { issuer: ['https://www.facebook.com', 'https://limited.facebook.com'], algorithms: ['RS256'] },
  async getUserProfile({ getJSON, userInfoURL, tokens, options }) {
    const url = userInfoURL();
    url.searchParams.set('fields', 'id,name,email,picture.type(large)');
    // appsecret_proof binds Graph calls to this app's secret (Graph API "Securing requests").
    if (options.clientSecret) {
      url.searchParams.set(
        'appsecret_proof',
        createHmac('sha256', options.clientSecret).update(tokens.accessToken).digest('hex'),
      );
    }
    const me = await getJSON(url);
    const id = asString(me.id);
    if (id === null) return null;
    return {
      id,
      name: asString(me.name),
      email: asString(me.email),
      // Graph does not say whether the address was confirmed.
      emailVerified: false,
      image: asString(asRecord(asRecord(me.picture)?.data)?.url),
      raw: me,
    };
  },
};
