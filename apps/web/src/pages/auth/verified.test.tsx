// @vitest-environment happy-dom
/**
 * Where a verification link lands (issue 16 item 5): the page says what is true. The server
 * redirects to /verified, with `?error=<code>` when it refused the link; a landing without one is
 * checked against the account (read afresh) before "Email verified" is claimed.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../config.ts';
import { CATALOG } from '../../i18n/catalog.ts';
import type { SessionData } from '../../lib/wire-types.ts';
import { mockClient, setSession, signedInSession } from '../../test/mock-auth.ts';
import { renderPage } from '../../test/render.tsx';
import { VerifiedPage } from './verified.tsx';

const t = CATALOG.en;

/** The words the page used to say for invalid_token: "used already", untrue of a link that still lives. */
const moreBefore: Record<keyof typeof CATALOG, string> = {
  en: 'This verification link is not valid: it has been used already, is incomplete, or a newer link has replaced it.',
  de: 'Dieser Bestätigungslink ist ungültig: Er wurde schon benutzt, ist unvollständig, oder ein neuerer Link hat ihn ersetzt.',
  es: 'Este enlace de verificación no es válido: ya se ha usado, está incompleto o uno más reciente lo ha sustituido.',
  fr: 'Ce lien de vérification n’est pas valide : il a déjà servi, il est incomplet, ou un lien plus récent l’a remplacé.',
  pl: 'Ten link weryfikacyjny jest nieprawidłowy: został już użyty, jest niepełny albo zastąpił go nowszy link.',
  ru: 'Эта ссылка недействительна: ею уже воспользовались, она скопирована не полностью или её заменила более новая.',
  tr: 'Bu doğrulama bağlantısı geçerli değil: daha önce kullanılmış, eksik kopyalanmış ya da daha yeni bir bağlantıyla değiştirilmiş olabilir.',
  uk: 'Це посилання недійсне: ним уже скористалися, його скопійовано не повністю або його замінило новіше.',
};

vi.mock('../../lib/auth.ts', async () => (await import('../../test/mock-auth.ts')).module);

function account(email: string, emailVerified: boolean): SessionData {
  const session = signedInSession();
  return { ...session, user: { ...session.user, email, emailVerified } };
}

const open = (path: string) => renderPage(path, '/verified', <VerifiedPage />);
const heading = () => screen.findByRole('heading', { level: 1 });

describe('the verification link’s landing page', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('latch.language', 'en');
    resetConfigForTests();
    vi.clearAllMocks();
    setSession(null);
  });

  afterEach(() => {
    cleanup();
    mockClient.getSession.mockReset();
  });

  it('an expired link says so and offers a new one', async () => {
    open('/verified?error=token_expired');
    expect((await heading()).textContent).toBe(t.verifyEmail.errorTitle);
    expect(screen.getByRole('alert').textContent).toContain(t.verifyEmail.tokenExpired);
    expect(screen.queryByText(t.verifyEmail.successTitle)).toBeNull();
    expect(screen.getByLabelText(t.common.email)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.verifyEmail.resendSubmit })).toBeTruthy();
    // a refused link changed nothing: there is nothing to read again
    expect(mockClient.getSession).not.toHaveBeenCalled();
  });

  it('a link the server no longer takes (invalid_token), signed out: not "verified", and not "used already" either', async () => {
    // A live link verifies again and lands on "Email verified" (CONTRACT §4.10, "Already verified →
    // the same success answer"): what is refused is a link cut short, expired long ago, or made for an
    // address the account left. The person may have verified before: they can sign in, or ask anew.
    open('/verified?error=INVALID_TOKEN');
    expect((await heading()).textContent).toBe(t.verifyEmail.errorTitle);
    expect(screen.getByRole('alert').textContent).toBe(t.verifyEmail.invalidToken);
    for (const tag of Object.keys(CATALOG) as (keyof typeof CATALOG)[]) {
      expect(CATALOG[tag].verifyEmail.invalidToken).not.toBe(moreBefore[tag]);
    }
    expect(screen.queryByText(t.verifyEmail.successBody)).toBeNull();
    expect(screen.getByText(t.verifyEmail.maybeVerified)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.common.signIn }).getAttribute('href')).toBe('/sign-in');
    expect(screen.getByRole('button', { name: t.verifyEmail.resendSubmit })).toBeTruthy();
  });

  it('signed in and still unverified, a dead link offers a new one for the account’s address, no "maybe"', async () => {
    setSession(account('ada@example.com', false));
    open('/verified?error=invalid_token');
    await heading();
    expect(screen.getByRole('alert').textContent).toBe(t.verifyEmail.invalidToken);
    expect(screen.queryByText(t.verifyEmail.maybeVerified)).toBeNull();
    expect(screen.getByRole('button', { name: t.verifyEmail.resendSubmit })).toBeTruthy();
  });

  it('signed out, a link refused as unauthorized asks the owner to sign in, or a stranger to claim by reset', async () => {
    open('/verified?error=unauthorized');
    await heading();
    expect(screen.getByRole('alert').textContent).toContain(t.verifyEmail.signInToVerify);
    expect(screen.queryByText(t.verifyEmail.unauthorized)).toBeNull();
    expect(screen.getByRole('link', { name: t.verifyEmail.claimByReset }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getAllByRole('link', { name: t.common.signIn }).length).toBeGreaterThan(0);
  });

  it('signed in as another account, the same refusal says the link is another account’s', async () => {
    setSession(account('ada@example.com', true));
    open('/verified?error=unauthorized');
    await heading();
    expect(screen.getByRole('alert').textContent).toBe(t.verifyEmail.unauthorized);
    expect(screen.queryByText(t.verifyEmail.signInToVerify)).toBeNull();
  });

  it('another refusal of the server is said in its own words, not as "something went wrong"', async () => {
    open('/verified?error=couldnt_update_your_email');
    await heading();
    expect(screen.getByRole('alert').textContent).toBe(t.errors.COULDNT_UPDATE_YOUR_EMAIL);
    // no new verification link would help here
    expect(screen.queryByRole('button', { name: t.verifyEmail.resendSubmit })).toBeNull();
  });

  it('signed in with the address already verified, a dead link says so instead of offering a new one', async () => {
    setSession(account('ada@example.com', true));
    open('/verified?error=token_expired');
    await heading();
    expect(screen.getByRole('alert').textContent).toBe(t.errors.TOKEN_EXPIRED);
    expect(screen.getByText(t.errors.EMAIL_ALREADY_VERIFIED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.verifyEmail.resendSubmit })).toBeNull();
  });

  it('a change of address lands without an error, but the new address is not verified: it says that', async () => {
    // before the link: the old, verified address; the link moved the account, unverified (the server's rule)
    setSession(account('ada@example.com', true));
    mockClient.getSession.mockResolvedValueOnce({ data: account('ada@new.example', false), error: null });
    open('/verified');
    expect((await heading()).textContent).toBe(t.verifyEmail.newAddressTitle);
    expect(mockClient.getSession).toHaveBeenCalledTimes(1);
    expect(screen.getByText(t.verifyEmail.newAddressBody.replace('{email}', 'ada@new.example'))).toBeTruthy();
    expect(screen.queryByText(t.verifyEmail.successTitle)).toBeNull();
    expect(screen.queryByText(t.verifyEmail.successBody)).toBeNull();
    // a new link for the new address, sent to the signed-in account's address
    mockClient.sendVerificationEmail.mockResolvedValueOnce({ data: { status: true }, error: null });
    screen.getByRole('button', { name: t.verifyEmail.resendSubmit }).click();
    await waitFor(() =>
      expect(mockClient.sendVerificationEmail).toHaveBeenCalledWith({
        email: 'ada@new.example',
        callbackURL: '/verified',
      }),
    );
  });

  it('claims "Email verified" only once the account, read afresh, says so', async () => {
    let answer: () => void = () => {};
    setSession(account('ada@example.com', false));
    mockClient.getSession.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ data: account('ada@example.com', true), error: null });
        }),
    );
    open('/verified');
    // while the account is read, nothing is claimed
    await waitFor(() => expect(mockClient.getSession).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    answer();
    expect((await heading()).textContent).toBe(t.verifyEmail.successTitle);
    expect(screen.getByText(t.verifyEmail.successBody)).toBeTruthy();
  });
});
