/**
 * Turns options (every key optional) into the resolved configuration the rest of the
 * server reads (every key present). Pure: no environment, no files.
 */
import { DEFAULT_MAX_PASSWORD_LENGTH, DEFAULT_MIN_PASSWORD_LENGTH } from '@latch/contract';
import { type BrandPalette, brandPalette } from './branding.ts';
import type { LatchOptions, SocialProviderOptions } from './schema.ts';

export type RateLimitRule = { window: number; max: number } | false;

/** The operator's brand (docs/branding.md); null where nothing is configured (Latch's own). */
export interface ResolvedBranding {
  /** As configured: an https URL or a path under the app. */
  logo: { light: string; dark: string } | null;
  favicon: string | null;
  primaryColor: string | null;
  /** The colours each theme uses, with the contrast adjustments made to reach WCAG AA. */
  palette: BrandPalette | null;
  supportURL: string | null;
  termsURL: string | null;
  privacyURL: string | null;
  poweredBy: boolean;
}

export interface ResolvedConfig {
  appName: string;
  branding: ResolvedBranding;
  baseURL: string;
  /** Origin of baseURL, always trusted. */
  origin: string;
  basePath: '/api/auth';
  secret: string;
  trustedOrigins: string[];
  databaseURL: string;
  /** PostgreSQL: statements are named and planned once per connection (core/db/postgres-prepared.ts). */
  databasePreparedStatements: boolean;
  mail: { smtpURL: string | null; from: string };
  emailAndPassword: {
    enabled: boolean;
    disableSignUp: boolean;
    minPasswordLength: number;
    maxPasswordLength: number;
    requireEmailVerification: boolean;
    autoSignIn: boolean;
    resetPasswordTokenExpiresIn: number;
    revokeSessionsOnPasswordReset: boolean;
  };
  emailVerification: {
    sendOnSignUp: boolean;
    sendOnSignIn: boolean;
    autoSignInAfterVerification: boolean;
    expiresIn: number;
  };
  session: {
    expiresIn: number;
    updateAge: number;
    freshAge: number;
    /** Adding a way in (a provider, an address…) needs a session signed in this recently (0: no limit). */
    reauthenticationAge: number;
    disableSessionRefresh: boolean;
    /** SQLite: recent session checks answered from memory (features/session/memory-cache.ts). */
    memoryCache: boolean;
    cookieCache: { enabled: boolean; maxAge: number };
  };
  user: {
    changeEmail: { enabled: boolean };
    deleteUser: { enabled: boolean; deleteTokenExpiresIn: number };
  };
  account: {
    encryptOAuthTokens: boolean;
    accountLinking: {
      enabled: boolean;
      trustedProviders: string[];
      allowDifferentEmails: boolean;
      allowUnlinkingAll: boolean;
    };
  };
  socialProviders: Record<string, SocialProviderOptions>;
  password: {
    blocklist: boolean;
    breachCheck: { enabled: boolean; url: string; timeoutMs: number; failClosed: boolean };
    lockout: {
      enabled: boolean;
      freeAttempts: number;
      baseDelaySeconds: number;
      maxDelaySeconds: number;
      maxFailures: number;
    };
  };
  security: { undoLinkExpiresIn: number; newSignInNotification: boolean };
  audit: { retentionDays: number; log: boolean };
  webhooks: {
    enabled: boolean;
    workerIntervalMs: number;
    maxAttempts: number;
    timeoutMs: number;
    concurrency: number;
    allowInsecureUrls: boolean;
    allowPrivateNetworks: boolean;
  };
  rateLimit: {
    enabled: boolean;
    window: number;
    max: number;
    customRules: Record<string, RateLimitRule>;
    storage: 'memory' | 'database' | 'redis';
  };
  advanced: { cookiePrefix: string; useSecureCookies: boolean; ipAddressHeaders: string[]; trustedProxies: string[] };
  plugins: {
    username: { minUsernameLength: number; maxUsernameLength: number } | false;
    organization:
      | {
          allowUserToCreateOrganization: boolean;
          organizationLimit: number | null;
          membershipLimit: number;
          invitationLimit: number;
          /** Accept, reject and read an invitation only with a verified address (better-auth's option). */
          requireEmailVerificationOnInvitation: boolean;
          creatorRole: string;
          invitationExpiresIn: number;
          teams: { enabled: boolean; maximumTeams: number | null; allowRemovingAllTeams: boolean };
        }
      | false;
    admin:
      | {
          defaultRole: string;
          adminRoles: string[];
          adminUserIds: string[];
          impersonationSessionDuration: number;
          /** Which admins' changes need a recent second factor (docs/admin.md). */
          requireSecondFactor: 'off' | 'when-enrolled' | 'always';
          secondFactorMaxAge: number;
        }
      | false;
    twoFactor:
      | {
          issuer: string;
          otpPeriod: number;
          backupCodeCount: number;
          resetRequiresSecondFactor: boolean;
          allowEmailOtpAlone: boolean;
        }
      | false;
    /** Off unless configured; see resolvePasskey. */
    passkey: { rpID: string; rpName: string; origins: string[] } | false;
    jwt: { algorithm: 'EdDSA' | 'ES256' | 'RS256'; expirationTime: number; issuer: string; audience: string } | false;
    /** Off unless configured (unlike the plugins above). */
    magicLink: { expiresIn: number; disableSignUp: boolean } | false;
    emailOTP: { otpLength: number; expiresIn: number; allowedAttempts: number; disableSignUp: boolean } | false;
  };
  /** NODE_ENV=production: stricter start-up checks. */
  production: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface ResolveContext {
  production: boolean;
  /** NODE_ENV=test: rate limiting defaults to off (RUNNING.md). */
  test: boolean;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Outside production, a service on a loopback name answers on the others too (the start
 * line says localhost; a browser may well open 127.0.0.1): the same port on the same
 * machine is the same service, so its pages are trusted under each name. Never in
 * production, and never for any other host.
 */
export function loopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  return LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map(
    (host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`,
  );
}

export function resolveConfig(o: LatchOptions, ctx: ResolveContext): ResolvedConfig {
  const baseURL = (o.baseURL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const origin = new URL(baseURL).origin;
  if (!o.secret) throw new ConfigError('secret: a secret of at least 32 characters is required (AUTH_SECRET)');
  const ep = o.emailAndPassword ?? {};
  const minPasswordLength = ep.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH;
  const maxPasswordLength = ep.maxPasswordLength ?? DEFAULT_MAX_PASSWORD_LENGTH;
  if (minPasswordLength > maxPasswordLength) {
    throw new ConfigError('emailAndPassword.minPasswordLength: must not exceed maxPasswordLength');
  }
  const requireEmailVerification = ep.requireEmailVerification ?? false;
  const ev = o.emailVerification ?? {};
  const s = o.session ?? {};
  const plugins = o.plugins ?? {};
  const username = plugins.username === false ? false : (plugins.username ?? {});
  const org = plugins.organization === false ? false : (plugins.organization ?? {});
  const admin = plugins.admin === false ? false : (plugins.admin ?? {});
  const twoFactor = plugins.twoFactor === false ? false : (plugins.twoFactor ?? {});
  const jwt = plugins.jwt === false ? false : (plugins.jwt ?? {});
  // passkeys bind to a domain: an operator turns them on knowing which (docs/passkeys.md)
  const passkey = plugins.passkey ?? false;
  // passwordless sign-in is a decision of the operator: off unless its section is there
  const magicLink = plugins.magicLink ?? false;
  const emailOTP = plugins.emailOTP ?? false;
  const appName = o.appName ?? 'Latch';
  const rl = o.rateLimit ?? {};
  const lockout = o.password?.lockout ?? {};
  if ((lockout.freeAttempts ?? 5) > (lockout.maxFailures ?? 100)) {
    throw new ConfigError('password.lockout.freeAttempts: must not exceed maxFailures');
  }
  if ((lockout.baseDelaySeconds ?? 1) > (lockout.maxDelaySeconds ?? 900)) {
    throw new ConfigError('password.lockout.baseDelaySeconds: must not exceed maxDelaySeconds');
  }
  if (username && (username.minUsernameLength ?? 3) > (username.maxUsernameLength ?? 30)) {
    throw new ConfigError('plugins.username.minUsernameLength: must not exceed maxUsernameLength');
  }

  if (admin && admin.requireSecondFactor === 'always' && !twoFactor && !passkey) {
    // no admin could ever prove a second factor: every admin change would be refused
    throw new ConfigError(
      "plugins.admin.requireSecondFactor: 'always' needs plugins.twoFactor or plugins.passkey on, or no admin change is possible",
    );
  }

  const b = o.branding ?? {};

  return {
    appName,
    branding: {
      logo: b.logo ? { light: b.logo.light, dark: b.logo.dark ?? b.logo.light } : null,
      favicon: b.favicon ?? null,
      primaryColor: b.primaryColor ?? null,
      palette: b.primaryColor ? brandPalette(b.primaryColor) : null,
      supportURL: b.supportURL ?? null,
      termsURL: b.termsURL ?? null,
      privacyURL: b.privacyURL ?? null,
      poweredBy: b.poweredBy ?? true,
    },
    baseURL,
    origin,
    basePath: '/api/auth',
    secret: o.secret,
    trustedOrigins: [
      ...(o.trustedOrigins ?? []).map((t) => t.replace(/\/+$/, '')),
      ...(ctx.production ? [] : loopbackAliases(origin)),
    ],
    databaseURL: o.database?.url ?? 'sqlite:./data/latch.db',
    databasePreparedStatements: o.database?.preparedStatements ?? true,
    mail: { smtpURL: o.mail?.smtpURL ?? null, from: o.mail?.from ?? 'Latch <no-reply@localhost>' },
    emailAndPassword: {
      enabled: ep.enabled ?? true,
      disableSignUp: ep.disableSignUp ?? false,
      minPasswordLength,
      maxPasswordLength,
      requireEmailVerification,
      autoSignIn: ep.autoSignIn ?? true,
      resetPasswordTokenExpiresIn: ep.resetPasswordTokenExpiresIn ?? 3600,
      revokeSessionsOnPasswordReset: ep.revokeSessionsOnPasswordReset ?? true,
    },
    emailVerification: {
      sendOnSignUp: ev.sendOnSignUp ?? true,
      sendOnSignIn: ev.sendOnSignIn ?? false,
      autoSignInAfterVerification: ev.autoSignInAfterVerification ?? false,
      expiresIn: ev.expiresIn ?? 3600,
    },
    session: {
      expiresIn: s.expiresIn ?? 604_800,
      updateAge: s.updateAge ?? 86_400,
      freshAge: s.freshAge ?? 86_400,
      reauthenticationAge: s.reauthenticationAge ?? 600,
      disableSessionRefresh: s.disableSessionRefresh ?? false,
      memoryCache: s.memoryCache ?? true,
      cookieCache: { enabled: s.cookieCache?.enabled ?? false, maxAge: s.cookieCache?.maxAge ?? 60 },
    },
    user: {
      changeEmail: { enabled: o.user?.changeEmail?.enabled ?? true },
      deleteUser: {
        enabled: o.user?.deleteUser?.enabled ?? false,
        deleteTokenExpiresIn: o.user?.deleteUser?.deleteTokenExpiresIn ?? 86_400,
      },
    },
    account: {
      encryptOAuthTokens: o.account?.encryptOAuthTokens ?? true,
      accountLinking: {
        enabled: o.account?.accountLinking?.enabled ?? true,
        trustedProviders: o.account?.accountLinking?.trustedProviders ?? [],
        allowDifferentEmails: o.account?.accountLinking?.allowDifferentEmails ?? false,
        allowUnlinkingAll: o.account?.accountLinking?.allowUnlinkingAll ?? false,
      },
    },
    socialProviders: o.socialProviders ?? {},
    password: {
      blocklist: o.password?.blocklist ?? true,
      breachCheck: {
        enabled: o.password?.breachCheck?.enabled ?? false,
        url: o.password?.breachCheck?.url ?? 'https://api.pwnedpasswords.com/range/',
        timeoutMs: o.password?.breachCheck?.timeoutMs ?? 2000,
        failClosed: o.password?.breachCheck?.failClosed ?? false,
      },
      lockout: {
        enabled: lockout.enabled ?? true,
        freeAttempts: lockout.freeAttempts ?? 5,
        baseDelaySeconds: lockout.baseDelaySeconds ?? 1,
        maxDelaySeconds: lockout.maxDelaySeconds ?? 900,
        maxFailures: lockout.maxFailures ?? 100,
      },
    },
    security: {
      undoLinkExpiresIn: o.security?.undoLinkExpiresIn ?? 604_800,
      newSignInNotification: o.security?.newSignInNotification ?? false,
    },
    audit: { retentionDays: o.audit?.retentionDays ?? 90, log: o.audit?.log ?? false },
    webhooks: {
      enabled: o.webhooks?.enabled ?? false,
      workerIntervalMs: o.webhooks?.workerIntervalMs ?? 1000,
      maxAttempts: o.webhooks?.maxAttempts ?? 10,
      timeoutMs: o.webhooks?.timeoutMs ?? 15_000,
      concurrency: o.webhooks?.concurrency ?? 8,
      allowInsecureUrls: o.webhooks?.allowInsecureUrls ?? false,
      allowPrivateNetworks: o.webhooks?.allowPrivateNetworks ?? false,
    },
    rateLimit: {
      enabled: rl.enabled ?? !ctx.test,
      window: rl.window ?? 10,
      max: rl.max ?? 100,
      customRules: rl.customRules ?? {},
      storage: rl.storage ?? (o.redis?.url ? 'redis' : 'memory'),
    },
    advanced: {
      cookiePrefix: o.advanced?.cookiePrefix ?? 'latch',
      useSecureCookies: o.advanced?.useSecureCookies ?? baseURL.startsWith('https://'),
      ipAddressHeaders: (o.advanced?.ipAddressHeaders ?? []).map((h) => h.toLowerCase()),
      trustedProxies: o.advanced?.trustedProxies ?? [],
    },
    plugins: {
      username: username && {
        minUsernameLength: username.minUsernameLength ?? 3,
        maxUsernameLength: username.maxUsernameLength ?? 30,
      },
      organization: org && {
        allowUserToCreateOrganization: org.allowUserToCreateOrganization ?? true,
        organizationLimit: org.organizationLimit ?? null,
        membershipLimit: org.membershipLimit ?? 100,
        invitationLimit: org.invitationLimit ?? 100,
        requireEmailVerificationOnInvitation: org.requireEmailVerificationOnInvitation ?? false,
        creatorRole: org.creatorRole ?? 'owner',
        invitationExpiresIn: org.invitationExpiresIn ?? 172_800,
        teams: {
          enabled: org.teams?.enabled ?? true,
          maximumTeams: org.teams?.maximumTeams ?? null,
          allowRemovingAllTeams: org.teams?.allowRemovingAllTeams ?? false,
        },
      },
      admin: admin && {
        defaultRole: admin.defaultRole ?? 'user',
        adminRoles: admin.adminRoles ?? ['admin'],
        adminUserIds: admin.adminUserIds ?? [],
        impersonationSessionDuration: admin.impersonationSessionDuration ?? 3600,
        // on by default where it protects someone: in production, for admins who have a second factor
        requireSecondFactor: admin.requireSecondFactor ?? (ctx.production ? 'when-enrolled' : 'off'),
        secondFactorMaxAge: admin.secondFactorMaxAge ?? 600,
      },
      twoFactor: twoFactor && {
        issuer: twoFactor.issuer ?? appName,
        otpPeriod: twoFactor.otpPeriod ?? 180,
        backupCodeCount: twoFactor.backupCodeCount ?? 10,
        resetRequiresSecondFactor: twoFactor.resetRequiresSecondFactor ?? true,
        allowEmailOtpAlone: twoFactor.allowEmailOtpAlone ?? false,
      },
      passkey: passkey && resolvePasskey(passkey, { appName, origin, trustedOrigins: o.trustedOrigins ?? [] }),
      jwt: jwt && {
        algorithm: jwt.algorithm ?? 'EdDSA',
        expirationTime: jwt.expirationTime ?? 3600,
        issuer: jwt.issuer ?? origin,
        audience: jwt.audience ?? origin,
      },
      magicLink: magicLink && {
        expiresIn: magicLink.expiresIn ?? 300,
        disableSignUp: magicLink.disableSignUp ?? false,
      },
      emailOTP: emailOTP && {
        otpLength: emailOTP.otpLength ?? 6,
        expiresIn: emailOTP.expiresIn ?? 300,
        allowedAttempts: emailOTP.allowedAttempts ?? 3,
        disableSignUp: emailOTP.disableSignUp ?? false,
      },
    },
    production: ctx.production,
  };
}

/** Whether `host` is the relying party id or one of its subdomains (WebAuthn §5.1.4.1, "registrable domain suffix"). */
function onRpID(host: string, rpID: string): boolean {
  return host === rpID || host.endsWith(`.${rpID}`);
}

/**
 * Where passkeys work. The relying party id defaults to BASE_URL's host; the origins to
 * BASE_URL's and those trusted origins that are on the relying party id (a passkey cannot
 * be used anywhere else, so the others are left out rather than refused). Origins given
 * explicitly must each be on it (an Android app's `android:apk-key-hash:` origin aside).
 */
function resolvePasskey(
  options: { rpID?: string | undefined; rpName?: string | undefined; origins?: string[] | undefined },
  base: { appName: string; origin: string; trustedOrigins: string[] },
): { rpID: string; rpName: string; origins: string[] } {
  const rpID = (options.rpID ?? new URL(base.origin).hostname).toLowerCase();
  const parse = (value: string): URL | null => {
    try {
      return new URL(value);
    } catch {
      return null;
    }
  };
  let origins: string[];
  if (options.origins) {
    origins = options.origins.map((value) => {
      const url = parse(value);
      if (!url) throw new ConfigError(`plugins.passkey.origins: ${value} is not an origin`);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return value;
      if (!onRpID(url.hostname, rpID))
        throw new ConfigError(`plugins.passkey.origins: ${url.origin} is not on the relying party id ${rpID}`);
      return url.origin;
    });
  } else {
    origins = [base.origin, ...base.trustedOrigins].flatMap((value) => {
      const url = value.includes('*') ? null : parse(value);
      return url && (url.protocol === 'http:' || url.protocol === 'https:') && onRpID(url.hostname, rpID)
        ? [url.origin]
        : [];
    });
    if (origins.length === 0)
      throw new ConfigError(
        `plugins.passkey.rpID: ${rpID} is not BASE_URL's host nor a parent of it; list the origins in plugins.passkey.origins`,
      );
  }
  return { rpID, rpName: options.rpName ?? base.appName, origins: [...new Set(origins)] };
}
