/**
 * The operator's brand (docs/branding.md): the configured `branding` section resolved into
 * what the web app and the mails use, and the WCAG contrast arithmetic that keeps the
 * configured colour readable in both themes. Pure: no environment, no files.
 *
 * A primary colour that would be too faint somewhere is not refused: the nearest shade that
 * reaches 4.5:1 (WCAG 2.2 AA for text) is used in its place, theme by theme, and each change
 * is described in `adjustments` so that the start logs it once.
 */

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

export type Rgb = readonly [number, number, number];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

export function parseHex(value: string): Rgb {
  const match = HEX.exec(value);
  if (!match?.[1]) throw new Error(`not a hex colour: ${value}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Relative luminance (WCAG 2.2, "relative luminance"). */
export function relativeLuminance(colour: string | Rgb): number {
  const rgb = typeof colour === 'string' ? parseHex(colour) : colour;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (none) to 21 (black on white); the order does not matter. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `colour` moved `amount` (0–1) of the way towards `target`. */
export function mix(colour: string, target: string, amount: number): string {
  const from = parseHex(colour);
  const to = parseHex(target);
  return toHex(from.map((c, i) => c + ((to[i] ?? c) - c) * amount) as unknown as Rgb);
}

/**
 * The colour itself when it reaches `minimum` against every one of `against`, else the first
 * shade towards `direction` (black or white, in steps of 1 %) that does. Always found: black
 * and white are the extremes of contrast against any light or any dark background.
 */
export function accessibleShade(
  colour: string,
  against: readonly string[],
  direction: 'darken' | 'lighten',
  minimum = AA_CONTRAST,
): string {
  const target = direction === 'darken' ? '#000000' : '#ffffff';
  const passes = (c: string) => against.every((b) => contrastRatio(c, b) >= minimum);
  const start = toHex(parseHex(colour));
  if (passes(start)) return start;
  for (let step = 1; step <= 100; step++) {
    const shade = mix(start, target, step / 100);
    if (passes(shade)) return shade;
  }
  return target;
}

/** The backgrounds of each theme that the accent (or links in its colour) sit on: apps/web/src/styles.css. */
export const THEME_BACKGROUNDS = {
  light: { page: '#f4f5f8', surface: '#ffffff', surface2: '#f8f9fb' },
  dark: { page: '#0e1014', surface: '#171a21', surface2: '#1d2129' },
} as const;

/** Text on a button in the accent colour, in both themes. */
export const BUTTON_TEXT = '#ffffff';

/** The custom properties of one theme that the brand sets (names without the `--`). */
export interface ThemeColours {
  /** Background of primary buttons (white text on it), the logo mark, checked boxes. */
  accent: string;
  accentHover: string;
  /** Links and text in the accent colour on the page. */
  link: string;
  /** A pale (light theme) or deep (dark theme) wash of the accent behind selected items. */
  accentSoft: string;
  focus: string;
}

export interface BrandPalette {
  light: ThemeColours;
  dark: ThemeColours;
  /** One sentence per change made to the configured colour, for the start-up log. */
  adjustments: string[];
}

/** 4.48:1; a failing ratio that would round up to 4.50 keeps a third digit. */
const ratio = (value: number) => `${value.toFixed(value < AA_CONTRAST && value.toFixed(2) === '4.50' ? 3 : 2)}:1`;

/**
 * The colours of both themes from one configured primary colour. In each theme the buttons
 * carry white text on the accent, and links in the accent's hue sit on the page, the cards
 * and a wash of the accent: every pair reaches 4.5:1, the colour being darkened (buttons,
 * light-theme links) or lightened (dark-theme links) as little as that takes.
 */
export function brandPalette(primary: string, key = 'branding.primaryColor'): BrandPalette {
  const colour = toHex(parseHex(primary));
  const adjustments: string[] = [];
  const note = (where: string, against: readonly string[], used: string) => {
    if (used === colour) return;
    const worst = Math.min(...against.map((b) => contrastRatio(colour, b)));
    adjustments.push(
      `${key} ${colour} has ${ratio(worst)} contrast ${where} (WCAG AA needs 4.5:1): ${used} is used there instead`,
    );
  };

  const lightSoft = mix(colour, '#ffffff', 0.9);
  const lightAgainst = [BUTTON_TEXT, ...Object.values(THEME_BACKGROUNDS.light), lightSoft];
  const lightAccent = accessibleShade(colour, lightAgainst, 'darken');
  note('with white button text and the light theme’s backgrounds', lightAgainst, lightAccent);

  const darkButton = accessibleShade(colour, [BUTTON_TEXT], 'darken');
  note('with white button text in the dark theme', [BUTTON_TEXT], darkButton);
  const darkSoft = mix(colour, THEME_BACKGROUNDS.dark.surface, 0.8);
  const darkAgainst = [...Object.values(THEME_BACKGROUNDS.dark), darkSoft];
  const darkLink = accessibleShade(colour, darkAgainst, 'lighten');
  note('as link text on the dark theme’s backgrounds', darkAgainst, darkLink);

  return {
    light: {
      accent: lightAccent,
      accentHover: mix(lightAccent, '#000000', 0.15),
      link: lightAccent,
      accentSoft: lightSoft,
      focus: lightAccent,
    },
    dark: {
      accent: darkButton,
      accentHover: mix(darkButton, '#000000', 0.15),
      link: darkLink,
      accentSoft: darkSoft,
      focus: darkLink,
    },
    adjustments,
  };
}
