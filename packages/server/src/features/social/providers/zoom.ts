/** Zoom. Docs: https://developers.zoom.us/docs/integrations/oauth/ */
import { asBoolean, asId, asString } from './shared.ts';
import type { ProviderDefinition } from './types.ts';

export const zoom: ProviderDefinition = {
  id: 'zoom',
  displayName: 'Zoom',
  isOpenID: false,
  supportsIdTokenSignIn: false,
  supportsRefresh: true,
  // Zoom grants the scopes chosen on the app's page in the Marketplace; none are asked in the URL.
  defaultScopes: [],
  scopeSeparator: ' ',
  pkce: true,
  // Zoom's token endpoint documents HTTP Basic client authentication.
  clientAuth: 'basic',
  endpoints: () => ({
    authorization: 'https://zoom.us/oauth/authorize',
    token: 'https://zoom.us/oauth/token',
    userInfo: 'https://api.zoom.us/v2/users/me',
  }),
  async getUserProfile({ getJSON, userInfoURL }) {
    const me = await getJSON(userInfoURL());
    const id = asId(me.id);
    if (id === null) return null;
    const fullName = [asString(me.first_name), asString(me.last_name)].filter(Boolean).join(' ');
    const email = asString(me.email);
    return {
      id,
      name: asString(me.display_name) ?? (fullName.length > 0 ? fullName : null),
      email,
      // `verified` is 1 once the user confirmed the address.
      emailVerified: email !== null && asBoolean(me.verified),
      image: asString(me.pic_url),
      raw: me,
    };
  },
};
