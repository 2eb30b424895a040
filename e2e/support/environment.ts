/**
 * Everything a journey runs against: an SMTP receiver (real SMTP, the mail parsed), a local OpenID
 * provider, the Latch service pointed at both, and Chromium.
 */
import type { Browser } from 'playwright-core';
import { type SmtpReceiver, startSmtpReceiver } from '../../packages/server/src/test/smtp-receiver.ts';
import { launchChromium } from './browser.ts';
import { type OidcProvider, startOidcProvider } from './oidc.ts';
import { type LatchService, startLatch, withFreshPort } from './service.ts';
import { ensureWebBuilt } from './web-build.ts';

export interface Environment {
  smtp: SmtpReceiver;
  oidc: OidcProvider;
  latch: LatchService;
  browser: Browser;
  /** Null when social sign-in can be exercised, else why not. */
  socialUnavailable: string | null;
  close(): Promise<void>;
}

export interface EnvironmentOptions {
  appName?: string;
  /** Display names the OpenID provider gives, by email. */
  people?: Record<string, string>;
  /** More of the AUTH_CONFIG document, over the defaults below (a journey's own settings: webhooks on, …). */
  config?: Record<string, unknown>;
}

/** Does this build of the server have social sign-in? (Other engineers are adding it.) */
async function probeSocial(baseURL: string): Promise<string | null> {
  const response = await fetch(`${baseURL}/api/auth/sign-in/social`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ provider: 'google', callbackURL: '/settings', disableRedirect: true }),
  });
  if (response.status !== 404) return null;
  const body = (await response.json().catch(() => null)) as { code?: string } | null;
  // 404 PROVIDER_NOT_FOUND means the route exists but our provider was not configured: a real failure
  if (body?.code === 'PROVIDER_NOT_FOUND') return null;
  return 'the server answers 404 on POST /api/auth/sign-in/social (social sign-in routes not built yet)';
}

export async function startEnvironment(options: EnvironmentOptions = {}): Promise<Environment> {
  const opened: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const step of opened.reverse()) await step().catch(() => undefined);
  };
  try {
    // first, so that a missing browser under CI=true fails before anything is built or started
    const browser = await launchChromium();
    opened.push(() => browser.close());
    await ensureWebBuilt();
    const smtp = await startSmtpReceiver();
    opened.push(() => smtp.close());
    // the provider must know Latch's port before Latch starts: a port another process takes in
    // between (EADDRINUSE) starts both again on another
    const { oidc, latch } = await withFreshPort(async (port) => {
      const oidc = await startOidcProvider({
        redirectURI: `http://127.0.0.1:${port}/api/auth/callback/google`,
        ...(options.people ? { people: options.people } : {}),
      });
      try {
        const latch = await startLatch({
          port,
          smtpURL: smtp.url,
          config: {
            appName: options.appName ?? 'Latch',
            user: { deleteUser: { enabled: true } },
            // journeys sign in many times within seconds, as no person would: the limits are tested elsewhere
            rateLimit: { enabled: false },
            socialProviders: {
              google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, endpoints: oidc.endpoints },
            },
            ...options.config,
          },
        });
        return { oidc, latch };
      } catch (err) {
        await oidc.close();
        throw err;
      }
    });
    opened.push(() => oidc.close());
    opened.push(() => latch.stop());
    const socialUnavailable = await probeSocial(latch.baseURL);
    if (socialUnavailable) process.stdout.write(`e2e: social steps will be skipped: ${socialUnavailable}\n`);
    return { smtp, oidc, latch, browser, socialUnavailable, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The service's ERROR and FATAL log lines so far: a journey ends with none. */
export function serviceLogErrors(env: Environment): string[] {
  return env.latch
    .output()
    .split('\n')
    .filter((line) => /\b(ERROR|FATAL)\b/.test(line));
}
