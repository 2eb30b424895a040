/**
 * Turns options (every key optional) into the resolved configuration the rest of the
 * server reads (every key present). Pure: no environment, no files.
 */
import { DEFAULT_MAX_PASSWORD_LENGTH, DEFAULT_MIN_PASSWORD_LENGTH } from '@latch/contract';
import { brandPalette } from './branding.ts';
import { ConfigError } from './config-error.ts';
import { resolvePasskey } from './resolve-passkey.ts';
import type { ResolvedConfig } from './resolved-config.ts';
import type { LatchOptions } from './schema.ts';

export { ConfigError } from './config-error.ts';
export type { RateLimitRule, ResolvedBranding, ResolvedConfig } from './resolved-config.ts';

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
