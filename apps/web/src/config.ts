import { DEFAULT_PASSWORD_POLICY, type PasswordLengthPolicy } from '@latch/contract';

/**
 * The server's public configuration, injected into index.html as a JSON data block
 * `<script type="application/json" id="latch-config">` (see the `<!--latch:config-->` marker
 * there; data, so the page's CSP needs no inline script). Tests may set `window.__LATCH__`
 * instead. Everything is optional: without it the app shows no social buttons and treats
 * optional features as off.
 */
export interface LatchFeatures {
  /** Username plugin on: sign in with a username, choose one at sign-up and in the profile. */
  username: boolean;
  /** `user.deleteUser.enabled`: people may delete their own account. */
  deleteUser: boolean;
  /** A verification mail sender is configured. */
  emailVerification: boolean;
  /** plugins.passkey: sign in with a passkey (a button and the browser's autofill), passkeys in settings. */
  passkey: boolean;
  /** plugins.magicLink: "Email me a link" on the sign-in screen. */
  magicLink: boolean;
  /** plugins.emailOTP: "Email me a code" on the sign-in screen. */
  emailOTP: boolean;
}

/** One theme's colours from the operator's primary colour, already at WCAG AA (server: core/config/branding.ts). */
export interface ThemeColours {
  accent: string;
  accentHover: string;
  link: string;
  accentSoft: string;
  focus: string;
}

/** The operator's brand (docs/branding.md); null where Latch's own is used. */
export interface Branding {
  logo: { light: string; dark: string } | null;
  colours: { light: ThemeColours; dark: ThemeColours } | null;
  supportURL: string | null;
  termsURL: string | null;
  privacyURL: string | null;
  /** false: no "Protected by …" line under the pages. */
  poweredBy: boolean;
}

export interface LatchConfig {
  appName: string;
  branding: Branding;
  /** Ids of the configured social providers, e.g. `['github', 'google']`. */
  providers: string[];
  features: LatchFeatures;
  /** The server's configured password lengths (emailAndPassword.min/maxPasswordLength). */
  password: PasswordLengthPolicy;
  /** The server's configured username lengths (plugins.username.min/maxUsernameLength). */
  username: { minLength: number; maxLength: number };
}

declare global {
  interface Window {
    __LATCH__?: unknown;
  }
}

const DEFAULT_BRANDING: Branding = {
  logo: null,
  colours: null,
  supportURL: null,
  termsURL: null,
  privacyURL: null,
  poweredBy: true,
};

const DEFAULT_CONFIG: LatchConfig = {
  appName: 'Latch',
  branding: DEFAULT_BRANDING,
  providers: [],
  features: {
    username: false,
    deleteUser: false,
    emailVerification: false,
    passkey: false,
    magicLink: false,
    emailOTP: false,
  },
  password: DEFAULT_PASSWORD_POLICY,
  // the username plugin's defaults
  username: { minLength: 3, maxLength: 30 },
};

function isLength(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 4096;
}

/** The server's lengths when both are sane, otherwise the defaults (the server decides either way). */
function parsePasswordPolicy(raw: unknown): PasswordLengthPolicy {
  if (!isRecord(raw) || !isLength(raw.minLength) || !isLength(raw.maxLength)) return DEFAULT_CONFIG.password;
  if (raw.minLength > raw.maxLength) return DEFAULT_CONFIG.password;
  return { minLength: raw.minLength, maxLength: raw.maxLength };
}

/** The server's username lengths when sane, otherwise the plugin's defaults (the server decides either way). */
function parseUsernameLengths(raw: unknown): LatchConfig['username'] {
  if (!isRecord(raw) || !isLength(raw.minLength) || !isLength(raw.maxLength)) return DEFAULT_CONFIG.username;
  if (raw.minLength > raw.maxLength) return DEFAULT_CONFIG.username;
  return { minLength: raw.minLength, maxLength: raw.maxLength };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A link people may follow: http(s) only, so no `javascript:` reaches an href. */
function httpLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An image: https, or a path on this origin. */
function imageSource(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^\/(?![/\\])/.test(value)) return value;
  return value.startsWith('https://') ? httpLink(value) : null;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function parseThemeColours(raw: unknown): ThemeColours | null {
  if (!isRecord(raw)) return null;
  const keys = ['accent', 'accentHover', 'link', 'accentSoft', 'focus'] as const;
  const colours: Partial<ThemeColours> = {};
  for (const key of keys) {
    const value = raw[key];
    if (typeof value !== 'string' || !HEX_COLOUR.test(value)) return null;
    colours[key] = value;
  }
  return colours as ThemeColours;
}

function parseBranding(raw: unknown): Branding {
  if (!isRecord(raw)) return DEFAULT_BRANDING;
  const logo = isRecord(raw.logo) ? raw.logo : {};
  const light = imageSource(logo.light);
  const colours = isRecord(raw.colours) ? raw.colours : {};
  const lightColours = parseThemeColours(colours.light);
  const darkColours = parseThemeColours(colours.dark);
  return {
    logo: light ? { light, dark: imageSource(logo.dark) ?? light } : null,
    colours: lightColours && darkColours ? { light: lightColours, dark: darkColours } : null,
    supportURL: httpLink(raw.supportURL),
    termsURL: httpLink(raw.termsURL),
    privacyURL: httpLink(raw.privacyURL),
    poweredBy: raw.poweredBy !== false,
  };
}

/** Reads and sanitises the injected object; unknown or ill-typed fields fall back to the defaults. */
export function parseConfig(raw: unknown): LatchConfig {
  if (!isRecord(raw)) return DEFAULT_CONFIG;
  const features = isRecord(raw.features) ? raw.features : {};
  const flag = (key: keyof LatchFeatures): boolean =>
    typeof features[key] === 'boolean' ? (features[key] as boolean) : DEFAULT_CONFIG.features[key];
  const providers = Array.isArray(raw.providers)
    ? raw.providers.filter((p): p is string => typeof p === 'string' && /^[a-z0-9_-]+$/i.test(p))
    : [];
  return {
    appName: typeof raw.appName === 'string' && raw.appName.trim() ? raw.appName.trim() : DEFAULT_CONFIG.appName,
    branding: parseBranding(raw.branding),
    providers: [...new Set(providers)],
    features: {
      username: flag('username'),
      deleteUser: flag('deleteUser'),
      emailVerification: flag('emailVerification'),
      passkey: flag('passkey'),
      magicLink: flag('magicLink'),
      emailOTP: flag('emailOTP'),
    },
    password: parsePasswordPolicy(raw.password),
    username: parseUsernameLengths(raw.username),
  };
}

let cached: LatchConfig | null = null;

/** The injected data block's object, else `window.__LATCH__`, else nothing. */
function injected(): unknown {
  if (typeof window === 'undefined') return undefined;
  if (window.__LATCH__ !== undefined) return window.__LATCH__;
  const block = document.getElementById('latch-config');
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as unknown;
  } catch {
    return undefined;
  }
}

export function getConfig(): LatchConfig {
  if (!cached) cached = parseConfig(injected());
  return cached;
}

/** For tests: forget the parsed configuration so the next `getConfig()` reads `window.__LATCH__` again. */
export function resetConfigForTests(): void {
  cached = null;
}

const COLOUR_PROPERTIES: Record<keyof ThemeColours, string> = {
  accent: 'accent',
  accentHover: 'accent-hover',
  link: 'link',
  accentSoft: 'accent-soft',
  focus: 'focus',
};

/**
 * Gives the page the brand's colours before the first render: custom properties set on <html>
 * through the CSSOM (`--brand-light-accent`, `--brand-dark-link`…), which styles.css reads in
 * each theme. Not a style attribute in the markup: the page's CSP allows no inline style, but
 * it does not govern the CSSOM.
 */
export function applyBranding(branding: Branding, root: HTMLElement = document.documentElement): void {
  if (!branding.colours) return;
  for (const theme of ['light', 'dark'] as const) {
    for (const [key, property] of Object.entries(COLOUR_PROPERTIES)) {
      root.style.setProperty(`--brand-${theme}-${property}`, branding.colours[theme][key as keyof ThemeColours]);
    }
  }
}
