/** GitHub OAuth app. Docs: https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps */
import { asId, asRecord, asString, firstOf } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

const API_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

export const github: ProviderDefinition = {
  id: 'github',
  displayName: 'GitHub',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  // Only GitHub Apps with expiring user tokens hand out refresh tokens; OAuth apps' tokens do not expire.
  supportsRefresh: true,
  defaultScopes: ['read:user', 'user:email'],
  scopeSeparator: ' ',
  pkce: true,
  clientAuth: 'post',
  loginHintParam: 'login',
  endpoints: () => ({
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    userInfo: 'https://api.github.com/user',
    emails: 'https://api.github.com/user/emails',
  }),
  async getUserProfile({ getJSON, tryJSON, endpoints, userInfoURL }) {
    const user = await getJSON(userInfoURL(), { headers: API_HEADERS });
    const id = asId(user.id);
    if (id === null) return null;
    // `email` on /user is the public one, null when the user keeps it private; /user/emails (user:email scope)
    // lists them all with their verification state.
    const listed = endpoints.emails ? await tryJSON(endpoints.emails, { headers: API_HEADERS }) : null;
    const emails = (Array.isArray(listed) ? listed : []).flatMap((entry) => {
      const record = asRecord(entry);
      const email = asString(record?.email);
      return record && email ? [{ email, primary: record.primary === true, verified: record.verified === true }] : [];
    });
    // The primary address is the person's own choice, verified or not (better-auth reads it too); picking another
    // verified one instead would sign them up under an address they did not choose. An unverified primary is
    // marked unverified, so it never links to an existing account.
    const email =
      asString(user.email) ?? emails.find((e) => e.primary)?.email ?? emails.find((e) => e.verified)?.email ?? null;
    return {
      id,
      name: firstOf(user.name, user.login),
      email,
      emailVerified: emails.some((e) => e.email === email && e.verified),
      image: asString(user.avatar_url),
      raw: { ...user, ...(email && !user.email ? { email } : {}) },
    };
  },
};
