// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBranding, getConfig, parseConfig, resetConfigForTests } from '../config.ts';
import { setSession } from '../test/mock-auth.ts';
import { renderPage } from '../test/render.tsx';
import { SiteFooter, SiteHeader } from './layout.tsx';

vi.mock('../lib/auth.ts', async () => (await import('../test/mock-auth.ts')).module);

const colours = {
  light: { accent: '#0a6b34', accentHover: '#095b2c', link: '#0a6b34', accentSoft: '#e7f2eb', focus: '#0a6b34' },
  dark: { accent: '#0a6b34', accentHover: '#095b2c', link: '#5fbf86', accentSoft: '#173a2a', focus: '#5fbf86' },
};

const branded = {
  appName: 'Acme ID',
  branding: {
    logo: { light: '/brand/light.svg', dark: 'https://cdn.acme.example/dark.svg' },
    colours,
    supportURL: 'https://acme.example/help',
    termsURL: 'https://acme.example/terms',
    privacyURL: null,
    poweredBy: false,
  },
};

function Page() {
  return (
    <>
      <SiteHeader />
      <SiteFooter />
    </>
  );
}

describe('the operator’s brand', () => {
  beforeEach(() => {
    localStorage.clear();
    resetConfigForTests();
    setSession(null);
    document.documentElement.removeAttribute('style');
  });
  afterEach(() => {
    cleanup();
    window.__LATCH__ = undefined;
    resetConfigForTests();
  });

  it('shows the logo named by the app, the footer links, and no "Protected by" line', () => {
    window.__LATCH__ = branded;
    renderPage('/', '/', <Page />);
    // both versions are in the page; the stylesheet shows the theme's one (<html data-theme>)
    const logos = screen.getAllByRole('img', { name: 'Acme ID' });
    expect(logos.map((logo) => [logo.className, logo.getAttribute('src')])).toEqual([
      ['brand__logo brand__logo--light', '/brand/light.svg'],
      ['brand__logo brand__logo--dark', 'https://cdn.acme.example/dark.svg'],
    ]);
    const footer = screen.getByRole('navigation', { name: 'Help and legal' });
    expect(footer.querySelectorAll('a')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('https://acme.example/help');
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      'https://acme.example/terms',
    );
    expect(screen.queryByText(/Protected by/)).toBeNull();
  });

  it('shows one logo when there is no dark version', () => {
    window.__LATCH__ = { ...branded, branding: { ...branded.branding, logo: { light: '/brand/light.svg' } } };
    renderPage('/', '/', <Page />);
    expect(screen.getAllByRole('img', { name: 'Acme ID' }).map((logo) => logo.getAttribute('src'))).toEqual([
      '/brand/light.svg',
    ]);
  });

  it('is Latch’s own without a brand', () => {
    renderPage('/', '/', <Page />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Latch')).toBeTruthy();
    expect(screen.getByText(/Protected by Latch/)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('sets each theme’s colours as custom properties on <html>', () => {
    window.__LATCH__ = branded;
    applyBranding(getConfig().branding);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--brand-light-accent')).toBe('#0a6b34');
    expect(style.getPropertyValue('--brand-dark-link')).toBe('#5fbf86');
    expect(style.getPropertyValue('--brand-dark-accent-soft')).toBe('#173a2a');
  });

  it('drops links that are not http(s), images from elsewhere over http, and colours that are not hex', () => {
    const { branding } = parseConfig({
      branding: {
        logo: { light: 'http://cdn.example/x.svg' },
        colours: { light: { ...colours.light, accent: 'red' }, dark: colours.dark },
        supportURL: 'javascript:alert(1)',
        termsURL: 'https://acme.example/terms',
      },
    });
    expect(branding).toEqual({
      logo: null,
      colours: null,
      supportURL: null,
      termsURL: 'https://acme.example/terms',
      privacyURL: null,
      poweredBy: true,
    });
  });
});
