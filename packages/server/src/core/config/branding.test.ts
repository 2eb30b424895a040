import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessibleShade, brandPalette, contrastRatio, THEME_BACKGROUNDS } from './branding.ts';
import { loadSettings } from './load.ts';
import { resolveConfig } from './resolve.ts';

const secret = { AUTH_SECRET: 'x'.repeat(40) };

function withConfig(config: unknown): () => unknown {
  const d = mkdtempSync(join(tmpdir(), 'latch-branding-'));
  writeFileSync(join(d, 'latch.config.json'), JSON.stringify(config));
  return () => loadSettings(secret, d);
}

describe('contrast ratio (WCAG 2.2)', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // the classic just-failing grey: 4.48:1 on white
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // the order of the two colours does not matter, nor short hex
    expect(contrastRatio('#fff', '#777777')).toBe(contrastRatio('#777777', '#ffffff'));
  });

  it('derives the nearest shade that reaches 4.5:1, and keeps a colour that already does', () => {
    const shade = accessibleShade('#777777', ['#ffffff'], 'darken');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(shade).toBe('#767676');
    expect(accessibleShade('#1d4ed8', ['#ffffff'], 'darken')).toBe('#1d4ed8');
    const light = accessibleShade('#1d4ed8', [THEME_BACKGROUNDS.dark.surface], 'lighten');
    expect(contrastRatio(light, THEME_BACKGROUNDS.dark.surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps every pair of both themes at AA and says what it changed', () => {
    for (const colour of ['#ffcc00', '#777777', '#0a7d3b', '#e11d48', '#000000', '#ffffff']) {
      const { light, dark } = brandPalette(colour);
      for (const background of [...Object.values(THEME_BACKGROUNDS.light), light.accentSoft, '#ffffff']) {
        expect(contrastRatio(light.accent, background)).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(dark.accent, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      for (const background of [...Object.values(THEME_BACKGROUNDS.dark), dark.accentSoft]) {
        expect(contrastRatio(dark.link, background)).toBeGreaterThanOrEqual(4.5);
      }
    }
    const yellow = brandPalette('#ffcc00');
    expect(yellow.adjustments[0]).toMatch(
      /^branding\.primaryColor #ffcc00 has 1\.\d\d:1 contrast .*: #[0-9a-f]{6} is used/,
    );
    // a dark blue passes on light backgrounds and under white text as it is
    const blue = brandPalette('#1d4ed8');
    expect(blue.light.accent).toBe('#1d4ed8');
    expect(blue.dark.accent).toBe('#1d4ed8');
    expect(blue.adjustments).toHaveLength(1);
    expect(blue.adjustments[0]).toMatch(/dark theme’s backgrounds/);
  });
});

describe('branding configuration', () => {
  it('refuses a bad colour, a bad link and a bad logo with a message naming the key', () => {
    expect(withConfig({ branding: { primaryColor: 'blue' } })).toThrow(/branding\.primaryColor: must be a hex colour/);
    expect(withConfig({ branding: { primaryColor: '#12345' } })).toThrow(/branding\.primaryColor/);
    expect(withConfig({ branding: { supportURL: 'javascript:alert(1)' } })).toThrow(
      /branding\.supportURL: must be an http\(s\) URL/,
    );
    expect(withConfig({ branding: { termsURL: 'not a url' } })).toThrow(/branding\.termsURL: must be an http\(s\) URL/);
    expect(withConfig({ branding: { logo: { light: 'http://cdn.example/logo.svg' } } })).toThrow(
      /branding\.logo\.light: must be an https URL or a path under the app/,
    );
    expect(withConfig({ branding: { favicon: '//evil.example/x.ico' } })).toThrow(/branding\.favicon/);
    expect(withConfig({ branding: { poweredBy: 'no' } })).toThrow(/branding\.poweredBy/);
    expect(withConfig({ branding: { colour: '#000' } })).toThrow(/branding\.colour: unknown key/);
  });

  it('resolves a brand, the dark logo defaulting to the light one', () => {
    const settings = withConfig({
      appName: 'Acme ID',
      branding: {
        logo: { light: '/brand/logo.svg' },
        favicon: 'https://cdn.example/favicon.png',
        primaryColor: '#777777',
        supportURL: 'https://acme.example/help',
        privacyURL: 'http://acme.example/privacy',
        poweredBy: false,
      },
    })() as { options: Parameters<typeof resolveConfig>[0] };
    const { branding } = resolveConfig(settings.options, { production: false, test: true });
    expect(branding.logo).toEqual({ light: '/brand/logo.svg', dark: '/brand/logo.svg' });
    expect(branding.poweredBy).toBe(false);
    expect(branding.termsURL).toBeNull();
    expect(branding.palette?.light.accent).toBe('#6d6d6d');
    expect(contrastRatio('#6d6d6d', THEME_BACKGROUNDS.light.page)).toBeGreaterThanOrEqual(4.5);
    expect(branding.palette?.adjustments.join('\n')).toMatch(
      /#777777 has 4\.48:1 contrast with white button text in the dark theme/,
    );
  });

  it('is Latch’s own without a branding section', () => {
    const { branding } = resolveConfig({ secret: 'x'.repeat(40) }, { production: false, test: true });
    expect(branding).toMatchObject({ logo: null, palette: null, poweredBy: true });
  });
});
