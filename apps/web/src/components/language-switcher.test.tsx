// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../config.ts';
import { SignInPage } from '../pages/auth/sign-in.tsx';
import { mockClient, setSession, signedInSession } from '../test/mock-auth.ts';
import { renderPage } from '../test/render.tsx';
import { LanguageSwitcher } from './layout.tsx';

vi.mock('../lib/auth.ts', async () => (await import('../test/mock-auth.ts')).module);

function Page() {
  return (
    <>
      <LanguageSwitcher />
      <SignInPage />
    </>
  );
}

describe('language switcher', () => {
  beforeEach(() => {
    localStorage.clear();
    resetConfigForTests();
    setSession(null);
    vi.clearAllMocks();
  });

  afterEach(() => cleanup());

  it('changes every text on the page, sets <html lang> and remembers the choice', async () => {
    renderPage('/sign-in', '/sign-in', <Page />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in');

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'de' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByLabelText('Sprache')).toBeTruthy();
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('latch.language')).toBe('de');

    fireEvent.change(screen.getByLabelText('Sprache'), { target: { value: 'tr' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş yap' })).toBeTruthy();
    // signed out: nothing is saved on an account
    expect(mockClient.updateUser).not.toHaveBeenCalled();
  });

  it('starts in the language stored in this browser', () => {
    localStorage.setItem('latch.language', 'uk');
    renderPage('/sign-in', '/sign-in', <Page />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Вхід');
  });

  it('prefers the language saved on the account and saves a new choice there as its numeric code', async () => {
    localStorage.setItem('latch.language', 'en');
    setSession(signedInSession(16)); // FRA
    renderPage('/settings', '/settings', <LanguageSwitcher />);
    const select = await screen.findByLabelText('Langue');
    expect((select as HTMLSelectElement).value).toBe('fr');

    fireEvent.change(select, { target: { value: 'pl' } });
    expect(await screen.findByLabelText('Język')).toBeTruthy();
    expect(mockClient.updateUser).toHaveBeenCalledWith({ language: 15 });
  });
});
