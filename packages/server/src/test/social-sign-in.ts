/**
 * Test support (not shipped): a GitHub-style provider on a local port that the HTTP tests sign people in at.
 * A test registers a profile, follows the authorization URL "as" it, and gets the callback URL back; the fake
 * checks the PKCE verifier and the redirect URI like the real one, and issues refresh tokens.
 */
import { randomUUID } from 'node:crypto';
import { createCodeChallenge } from '../features/social/oauth-client.ts';
import type { TestClient, TestResponse } from './client.ts';
import { type FakeProvider, fakeEndpoints, startFakeProvider } from './oauth-provider.ts';

const GITHUB_CLIENT = { clientId: 'latch-test-github', clientSecret: 'latch-test-github-secret' };

export interface FakeProfile {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface GithubFake {
  fake: FakeProvider;
  options: { clientId: string; clientSecret: string; endpoints: ReturnType<typeof fakeEndpoints> };
  profile(overrides?: Partial<FakeProfile>): FakeProfile;
  /** Follows the authorization URL as this person and answers the callback URL (path + query). */
  authorize(authorizationURL: string, profile: FakeProfile | null, extra?: Record<string, string>): Promise<string>;
  /** Access tokens issued so far, newest last. */
  issued: string[];
  close(): Promise<void>;
}

export async function startGithubFake(): Promise<GithubFake> {
  const grants = new Map<string, { profile: FakeProfile; challenge: string | null; redirectURI: string | null }>();
  const tokens = new Map<string, FakeProfile>();
  const refreshTokens = new Map<string, FakeProfile>();
  const issued: string[] = [];
  const people = new Map<string, FakeProfile>();

  const issue = (profile: FakeProfile) => {
    const accessToken = `gho_${randomUUID()}`;
    const refreshToken = `ghr_${randomUUID()}`;
    tokens.set(accessToken, profile);
    refreshTokens.set(refreshToken, profile);
    issued.push(accessToken);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'read:user,user:email',
    };
  };
  const who = (authorization: string | undefined) => tokens.get((authorization ?? '').replace(/^Bearer /, ''));

  const fake = await startFakeProvider({
    'GET /authorize': (request) => {
      const target = new URL(request.query.get('redirect_uri') ?? '');
      const state = request.query.get('state');
      if (state) target.searchParams.set('state', state);
      const error = request.query.get('test_error');
      if (error) {
        target.searchParams.set('error', error);
        target.searchParams.set('error_description', 'the user said no');
        return { status: 302, headers: { location: target.href } };
      }
      const profile = people.get(request.query.get('test_user') ?? '');
      if (!profile) return { status: 400, json: { error: 'unknown test_user' } };
      const code = randomUUID();
      grants.set(code, {
        profile,
        challenge: request.query.get('code_challenge'),
        redirectURI: request.query.get('redirect_uri'),
      });
      target.searchParams.set('code', code);
      return { status: 302, headers: { location: target.href } };
    },
    'POST /token': (request) => {
      const form = request.form;
      if (
        form.get('client_id') !== GITHUB_CLIENT.clientId ||
        form.get('client_secret') !== GITHUB_CLIENT.clientSecret
      ) {
        return { status: 401, json: { error: 'invalid_client' } };
      }
      if (form.get('grant_type') === 'refresh_token') {
        const profile = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!profile) return { status: 400, json: { error: 'invalid_grant' } };
        refreshTokens.delete(form.get('refresh_token') ?? '');
        return { json: issue(profile) };
      }
      const grant = grants.get(form.get('code') ?? '');
      grants.delete(form.get('code') ?? '');
      if (!grant) return { status: 400, json: { error: 'invalid_grant' } };
      if (grant.challenge !== createCodeChallenge(form.get('code_verifier') ?? '')) {
        return { status: 400, json: { error: 'invalid_grant', error_description: 'PKCE' } };
      }
      if (grant.redirectURI !== form.get('redirect_uri')) return { status: 400, json: { error: 'invalid_grant' } };
      return { json: issue(grant.profile) };
    },
    'GET /userinfo': (request) => {
      const profile = who(request.headers.authorization);
      if (!profile) return { status: 401, json: { message: 'Bad credentials' } };
      return {
        json: { id: Number(profile.id), login: `gh${profile.id}`, name: profile.name, email: null, avatar_url: null },
      };
    },
    'GET /emails': (request) => {
      const profile = who(request.headers.authorization);
      if (!profile) return { status: 401, json: { message: 'Bad credentials' } };
      return {
        json: [{ email: profile.email, primary: true, verified: profile.emailVerified, visibility: 'private' }],
      };
    },
  });

  return {
    fake,
    issued,
    options: { ...GITHUB_CLIENT, endpoints: fakeEndpoints(fake.url) },
    profile(overrides = {}) {
      const id = String(100_000 + Math.floor(Math.random() * 1e9));
      return { id, email: `gh-${id}@example.test`, emailVerified: true, name: 'Octo Person', ...overrides };
    },
    async authorize(authorizationURL, profile, extra = {}) {
      const url = new URL(authorizationURL);
      if (profile) {
        const key = randomUUID();
        people.set(key, profile);
        url.searchParams.set('test_user', key);
      }
      for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status !== 302) throw new Error(`the fake provider answered ${res.status}: ${await res.text()}`);
      return res.headers.get('location') ?? '';
    },
    close: () => fake.close(),
  };
}

/** POST /sign-in/social (or /link-social) and answer the authorization URL. */
export async function beginSocial(
  client: TestClient,
  body: Record<string, unknown> = {},
  path = '/sign-in/social',
): Promise<string> {
  const res = await client.post(path, { provider: 'github', callbackURL: '/after', ...body });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status} ${res.text}`);
  return res.json.url as string;
}

/** The whole redirect flow in one browser; answers the callback's response. */
export async function socialSignIn(
  github: GithubFake,
  client: TestClient,
  profile: FakeProfile,
  body: Record<string, unknown> = {},
  path?: string,
): Promise<TestResponse> {
  const callback = await github.authorize(await beginSocial(client, body, path), profile);
  return client.get(callback);
}

/** The `error` of a redirect, or null. */
export function errorOf(res: TestResponse): string | null {
  return new URL(res.location ?? '', 'http://localhost').searchParams.get('error');
}
