/**
 * The configuration document (RUNNING.md "The configuration file"), validated strictly:
 * an unknown key or a wrong type stops the start with a message that names the key.
 * Key names follow better-auth's options so that people who know one know the other.
 * Durations are in seconds unless the name says otherwise.
 */
import { z } from 'zod';
import { isAddressOrRange } from '../http/client-ip.ts';

const seconds = z.number().int().nonnegative();
/**
 * A role's name: a user's roles are stored comma-joined (better-auth's form), so a name with a
 * comma, or with spaces at either end (trimmed from what admins type), could never be held.
 */
const roleName = z.string().regex(/^[^,\s](?:[^,]*[^,\s])?$/, 'a role name has no comma and no space at either end');

const positiveSeconds = z.number().int().positive();

const endpointsSchema = z
  .object({
    authorization: z.url().optional(),
    token: z.url().optional(),
    userInfo: z.url().optional(),
    emails: z.url().optional(),
    jwks: z.url().optional(),
    issuer: z.string().min(1).optional(),
  })
  .strict();

export const socialProviderSchema = z
  .object({
    clientId: z.string().min(1),
    clientSecret: z.string().optional(),
    scope: z.array(z.string()).optional(),
    redirectURI: z.url().optional(),
    disableSignUp: z.boolean().optional(),
    disableImplicitSignUp: z.boolean().optional(),
    tenantId: z.string().optional(),
    teamId: z.string().optional(),
    keyId: z.string().optional(),
    privateKey: z.string().optional(),
    endpoints: endpointsSchema.optional(),
  })
  .strict();

const rateLimitRuleSchema = z.union([
  z.literal(false),
  z.object({ window: positiveSeconds, max: positiveSeconds }).strict(),
]);

function parsedURL(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A link people follow from the pages and the mails. */
const httpURL = z
  .string()
  .max(2048)
  .refine((v) => ['http:', 'https:'].includes(parsedURL(v)?.protocol ?? ''), 'must be an http(s) URL');

/** An image the pages load: over https, or a path on the service's own origin (docs/branding.md). */
const assetURL = z
  .string()
  .max(2048)
  .refine(
    (v) => (/^\/(?![/\\])/.test(v) && !/[\s"'<>\\]/.test(v)) || parsedURL(v)?.protocol === 'https:',
    "must be an https URL or a path under the app starting with '/'",
  );

const hexColour = z.string().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'must be a hex colour such as #4f46e5');

const pluginToggle = <T extends z.ZodType>(options: T) => z.union([z.literal(false), options]).optional();

export const configFileSchema = z
  .object({
    appName: z.string().min(1).optional(),
    /** The operator's brand on every page and in every mail (docs/branding.md). */
    branding: z
      .object({
        /** The header's logo; `dark` in the dark theme (default `light`). */
        logo: z.object({ light: assetURL, dark: assetURL.optional() }).strict().optional(),
        favicon: assetURL.optional(),
        /** Buttons, links and focus rings; a shade with WCAG AA contrast is derived when needed. */
        primaryColor: hexColour.optional(),
        supportURL: httpURL.optional(),
        termsURL: httpURL.optional(),
        privacyURL: httpURL.optional(),
        /** false hides "Protected by …" under every page (default true). */
        poweredBy: z.boolean().optional(),
      })
      .strict()
      .optional(),
    baseURL: z.url().optional(),
    secret: z.string().min(32, 'must be at least 32 characters').optional(),
    trustedOrigins: z.array(z.string().min(1)).optional(),
    database: z
      .object({
        url: z.string().min(1),
        /** PostgreSQL: name statements so the server plans each once per connection (default true; docs/database.md). */
        preparedStatements: z.boolean().optional(),
      })
      .strict()
      .optional(),
    redis: z
      .object({ url: z.string().min(1) })
      .strict()
      .optional(),
    /** GET /metrics (Prometheus text format), off by default; a bearer token when set (docs/operations.md). */
    metrics: z
      .object({
        enabled: z.boolean().optional(),
        token: z.string().min(16, 'must be at least 16 characters').optional(),
      })
      .strict()
      .optional(),
    /** How long SIGTERM waits for requests in flight before closing their connections. */
    shutdown: z
      .object({ timeoutMs: z.number().int().min(0).max(600_000).optional() })
      .strict()
      .optional(),
    mail: z
      .object({ smtpURL: z.string().min(1).optional(), from: z.string().min(1).optional() })
      .strict()
      .optional(),
    emailAndPassword: z
      .object({
        enabled: z.boolean().optional(),
        disableSignUp: z.boolean().optional(),
        minPasswordLength: z.number().int().min(1).max(256).optional(),
        maxPasswordLength: z.number().int().min(1).max(1024).optional(),
        requireEmailVerification: z.boolean().optional(),
        autoSignIn: z.boolean().optional(),
        resetPasswordTokenExpiresIn: positiveSeconds.optional(),
        revokeSessionsOnPasswordReset: z.boolean().optional(),
      })
      .strict()
      .optional(),
    emailVerification: z
      .object({
        sendOnSignUp: z.boolean().optional(),
        sendOnSignIn: z.boolean().optional(),
        autoSignInAfterVerification: z.boolean().optional(),
        expiresIn: positiveSeconds.optional(),
      })
      .strict()
      .optional(),
    session: z
      .object({
        expiresIn: positiveSeconds.max(34_560_000, 'must not exceed 400 days (34560000 s)').optional(),
        updateAge: seconds.optional(),
        freshAge: seconds.optional(),
        /** Seconds after signing in during which a new way in may be added without the password again; 0 turns the rule off. */
        reauthenticationAge: seconds.optional(),
        disableSessionRefresh: z.boolean().optional(),
        memoryCache: z.boolean().optional(),
        cookieCache: z
          .object({ enabled: z.boolean().optional(), maxAge: positiveSeconds.max(34_560_000).optional() })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    user: z
      .object({
        changeEmail: z.object({ enabled: z.boolean().optional() }).strict().optional(),
        deleteUser: z
          .object({ enabled: z.boolean().optional(), deleteTokenExpiresIn: positiveSeconds.optional() })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    account: z
      .object({
        encryptOAuthTokens: z.boolean().optional(),
        accountLinking: z
          .object({
            enabled: z.boolean().optional(),
            trustedProviders: z.array(z.string()).optional(),
            allowDifferentEmails: z.boolean().optional(),
            allowUnlinkingAll: z.boolean().optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    socialProviders: z.record(z.string(), socialProviderSchema).optional(),
    /** NIST SP 800-63B rev 4 password rules beyond the lengths (docs/passwords.md). */
    password: z
      .object({
        /** Refuse common passwords, ordinary words and the account's own context words (default true). */
        blocklist: z.boolean().optional(),
        /** Have I Been Pwned range check with k-anonymity (off by default). */
        breachCheck: z
          .object({
            enabled: z.boolean().optional(),
            /** The range API; the first five hex digits of the SHA-1 are appended. */
            url: z.url().optional(),
            timeoutMs: z.number().int().min(100).max(60_000).optional(),
            /** Refuse new passwords while the API cannot answer (default false: accept them and log). */
            failClosed: z.boolean().optional(),
          })
          .strict()
          .optional(),
        /** Per-account sign-in lockout: growing delays, then a hard lock (default on). */
        lockout: z
          .object({
            enabled: z.boolean().optional(),
            /** Consecutive failures answered without any delay. */
            freeAttempts: z.number().int().min(1).max(100).optional(),
            baseDelaySeconds: positiveSeconds.max(3600).optional(),
            maxDelaySeconds: positiveSeconds.max(86_400).optional(),
            /** Consecutive failures after which only a password reset or an admin unlocks (NIST: at most 100). */
            maxFailures: z.number().int().min(1).max(100).optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    security: z
      .object({
        /** Seconds an emailed "this wasn't me" link undoes a change (docs/security.md). */
        undoLinkExpiresIn: positiveSeconds.optional(),
        /** Mail the person when their account is signed in to from a browser it has not seen. */
        newSignInNotification: z.boolean().optional(),
      })
      .strict()
      .optional(),
    /**
     * The audit log (docs/audit-log.md): rows older than retentionDays are swept hourly; with
     * `log`, each event is also written to the log as one line (one JSON object with LOG_FORMAT=json).
     */
    audit: z
      .object({ retentionDays: z.number().int().min(1).max(36_500).optional(), log: z.boolean().optional() })
      .strict()
      .optional(),
    /** Webhooks (docs/webhooks.md): audit events delivered to operators' endpoints; off unless enabled. */
    webhooks: z
      .object({
        enabled: z.boolean().optional(),
        /** How often each instance's worker looks for due deliveries (default 1000). */
        workerIntervalMs: z.number().int().min(50).max(3_600_000).optional(),
        /** Attempts of one delivery, the first included, before it is marked failed (default 10). */
        maxAttempts: z.number().int().min(1).max(50).optional(),
        /** How long one attempt may take, connection to answer (default 15000). */
        timeoutMs: z.number().int().min(100).max(60_000).optional(),
        /** Deliveries sent at once by one instance (default 8). */
        concurrency: z.number().int().min(1).max(100).optional(),
        /** Development only: http:// to loopback hosts (localhost, 127.0.0.1, ::1). */
        allowInsecureUrls: z.boolean().optional(),
        /** Development only: targets on loopback, private, link-local and other non-public addresses. */
        allowPrivateNetworks: z.boolean().optional(),
      })
      .strict()
      .optional(),
    rateLimit: z
      .object({
        enabled: z.boolean().optional(),
        window: positiveSeconds.optional(),
        max: positiveSeconds.optional(),
        customRules: z.record(z.string(), rateLimitRuleSchema).optional(),
        storage: z.enum(['memory', 'database', 'redis']).optional(),
      })
      .strict()
      .optional(),
    advanced: z
      .object({
        cookiePrefix: z
          .string()
          .regex(/^[A-Za-z0-9_.-]+$/)
          .optional(),
        useSecureCookies: z.boolean().optional(),
        /** Header that carries the client IP when Latch runs behind a proxy, e.g. "x-forwarded-for". */
        ipAddressHeaders: z.array(z.string().min(1)).optional(),
        /** The proxies whose hops of an address chain are believed (addresses or CIDR ranges). */
        trustedProxies: z
          .array(z.string().refine(isAddressOrRange, 'must be an IP address or a CIDR range, e.g. 10.0.0.0/8'))
          .optional(),
      })
      .strict()
      .optional(),
    plugins: z
      .object({
        username: pluginToggle(
          z
            .object({
              minUsernameLength: z.number().int().min(1).max(255).optional(),
              maxUsernameLength: z.number().int().min(1).max(255).optional(),
            })
            .strict(),
        ),
        organization: pluginToggle(
          z
            .object({
              allowUserToCreateOrganization: z.boolean().optional(),
              organizationLimit: z.number().int().positive().optional(),
              membershipLimit: z.number().int().positive().optional(),
              invitationLimit: z.number().int().positive().optional(),
              creatorRole: z.string().min(1).optional(),
              invitationExpiresIn: positiveSeconds.optional(),
              requireEmailVerificationOnInvitation: z.boolean().optional(),
              teams: z
                .object({
                  enabled: z.boolean().optional(),
                  maximumTeams: z.number().int().positive().optional(),
                  allowRemovingAllTeams: z.boolean().optional(),
                })
                .strict()
                .optional(),
            })
            .strict(),
        ),
        admin: pluginToggle(
          z
            .object({
              defaultRole: roleName.optional(),
              adminRoles: z.array(roleName).optional(),
              adminUserIds: z.array(z.string().min(1)).optional(),
              impersonationSessionDuration: positiveSeconds.optional(),
              /**
               * Admin actions that change something need a second factor proved by the admin's
               * session recently (docs/admin.md): `off`, `when-enrolled` (admins with two-factor
               * on) or `always`. Default: `when-enrolled` in production, `off` otherwise.
               */
              requireSecondFactor: z.enum(['off', 'when-enrolled', 'always']).optional(),
              /** How long a proof counts for those actions (default 600 s). */
              secondFactorMaxAge: positiveSeconds.optional(),
            })
            .strict(),
        ),
        twoFactor: pluginToggle(
          z
            .object({
              issuer: z.string().min(1).optional(),
              otpPeriod: positiveSeconds.optional(),
              backupCodeCount: z.number().int().min(1).max(50).optional(),
              /** A password reset of an account with an authenticator app also asks for its code (default true). */
              resetRequiresSecondFactor: z.boolean().optional(),
              /** Let emailed codes be an account's only second factor (default false: the mailbox would hold both). */
              allowEmailOtpAlone: z.boolean().optional(),
            })
            .strict(),
        ),
        /** Passkeys (WebAuthn, docs/passkeys.md); off unless set. */
        passkey: pluginToggle(
          z
            .object({
              /** The relying party id passkeys are bound to: BASE_URL's host name or a parent domain of it. */
              rpID: z
                .string()
                .max(253)
                .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)*$/i, 'must be a host name, without scheme or port')
                .optional(),
              /** The name authenticators show beside the account (default appName). */
              rpName: z.string().min(1).max(128).optional(),
              /** The origins whose pages may use passkeys (default BASE_URL's and the trusted origins on rpID). */
              origins: z.array(z.string().min(1).max(2048)).min(1).max(64).optional(),
            })
            .strict(),
        ),
        jwt: pluginToggle(
          z
            .object({
              algorithm: z.enum(['EdDSA', 'ES256', 'RS256']).optional(),
              expirationTime: positiveSeconds.optional(),
              issuer: z.string().min(1).optional(),
              audience: z.string().min(1).optional(),
            })
            .strict(),
        ),
        /** Sign-in by a mailed single-use link (docs/magic-link.md); off unless set. */
        magicLink: pluginToggle(
          z
            .object({
              /** Seconds a link works (default 300). */
              expiresIn: positiveSeconds.max(86_400).optional(),
              /** An address without an account gets no link and no account (default false). */
              disableSignUp: z.boolean().optional(),
            })
            .strict(),
        ),
        /** One-time codes by mail for sign-in, verification and reset (docs/email-otp.md); off unless set. */
        emailOTP: pluginToggle(
          z
            .object({
              /** Digits of a code (default 6). */
              otpLength: z.number().int().min(6).max(12).optional(),
              /** Seconds a code works (default 300). */
              expiresIn: positiveSeconds.max(3600).optional(),
              /** Wrong tries a code allows before only a new code helps (default 3). */
              allowedAttempts: z.number().int().min(1).max(10).optional(),
              /** An address without an account gets no sign-in code and no account (default false). */
              disableSignUp: z.boolean().optional(),
            })
            .strict(),
        ),
      })
      .strict()
      .optional(),
  })
  .strict();

/** What an operator writes: every key optional. */
export type LatchOptions = z.input<typeof configFileSchema>;
export type SocialProviderOptions = z.infer<typeof socialProviderSchema>;
