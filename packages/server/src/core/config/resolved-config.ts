/** The resolved configuration: every key present (resolve.ts makes it from the options). */
import type { BrandPalette } from './branding.ts';
import type { SocialProviderOptions } from './schema.ts';

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
