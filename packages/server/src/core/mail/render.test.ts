import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve.ts';
import { formatDuration } from './duration.ts';
import { LANGUAGE_CODES, LANGUAGE_TAGS, LANGUAGES, type LanguageCode } from './languages.ts';
import { isCodeMail, MAIL_KINDS, type MailKind, type MailVars, mailBrand, pickLanguage, renderMail } from './render.ts';
import { MAIL_STRINGS } from './templates/strings/index.ts';

const URL = 'https://auth.example.com/api/auth/verify?token=Zx9_q-1&callbackURL=%2Fhome';
const APP = 'Acme Cloud';

const VARS: MailVars = {
  appName: APP,
  url: URL,
  expiresInSeconds: 3600,
  userName: 'Dana',
  email: 'dana@example.com',
  newEmail: 'dana@new.example.com',
  organizationName: 'Northwind',
  inviterName: 'Kim',
  role: 'member',
  code: '493817',
  providerName: 'GitHub',
  device: 'Firefox on Linux (203.0.113.7)',
};

const PLAIN = {
  userName: 'Dana',
  email: 'dana@example.com',
  newEmail: 'dana@new.example.com',
  organizationName: 'Northwind',
  inviterName: 'Kim',
  role: 'member',
  code: '493817',
  providerName: 'GitHub',
  device: 'Firefox on Linux (203.0.113.7)',
};

/** The label of the HTML button. */
function buttonLabel(html: string): string {
  const match = html.match(/<a class="l-button"[^>]*>([^<]*)<\/a>/);
  if (!match?.[1]) throw new Error('no button');
  return match[1];
}

function decodeEntities(s: string): string {
  return s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[e] ?? e,
  );
}

describe.each(MAIL_KINDS)('renderMail(%s)', (kind: MailKind) => {
  const rendered = LANGUAGE_CODES.map((language) => ({ language, ...renderMail(kind, VARS, language) }));

  it.each(LANGUAGE_CODES.map((l) => [LANGUAGE_TAGS[l], l] as const))(
    'in %s has the app name, the call to action and the link in both parts',
    (tag, language) => {
      const mail = renderMail(kind, VARS, language);
      expect(mail.subject).toContain(APP);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).toMatch(new RegExp(`^<!DOCTYPE html>\\s*<html lang="${tag}" dir="ltr"`));
      expect(mail.html).toContain(APP);
      expect(mail.text).toContain(APP);

      const label = decodeEntities(buttonLabel(mail.html));
      expect(label.length).toBeGreaterThan(3);
      expect(mail.text).toContain(`${label}\n${URL}`);
      expect(mail.html).toContain(`href="${URL.replace(/&/g, '&amp;')}"`);

      const expiry = isCodeMail(kind)
        ? MAIL_STRINGS[language].codeExpires(formatDuration(3600, language))
        : MAIL_STRINGS[language].linkExpires(formatDuration(3600, language));
      expect(mail.text).toContain(expiry);
      expect(decodeEntities(mail.html)).toContain(expiry);
      expect(mail.text).toContain(MAIL_STRINGS[language].kinds[kind].notYou({ ...PLAIN, appName: APP }));
      if (isCodeMail(kind)) {
        expect(mail.text).toContain('493817');
        expect(mail.html).toContain('493817');
      }
    },
  );

  it('differs per language in subject and call to action', () => {
    expect(new Set(rendered.map((m) => m.subject)).size).toBe(LANGUAGE_CODES.length);
    expect(new Set(rendered.map((m) => buttonLabel(m.html))).size).toBe(LANGUAGE_CODES.length);
    expect(new Set(rendered.map((m) => m.text)).size).toBe(LANGUAGE_CODES.length);
  });

  it('hides a preheader at the top of the HTML body', () => {
    const english = renderMail(kind, VARS, LANGUAGES.ENG);
    const preheader = english.html.match(/<body[^>]*>\s*<div style="display:none;[^"]*">([^&<]+)/);
    expect(preheader?.[1]?.trim().length).toBeGreaterThan(10);
  });
});

describe('renderMail content', () => {
  it('greets by name when it has one and politely without', () => {
    expect(renderMail('reset-password', VARS, LANGUAGES.ENG).text).toContain('Hi Dana,');
    expect(renderMail('reset-password', { ...VARS, userName: null }, LANGUAGES.ENG).text).toContain('\nHi,\n');
    expect(renderMail('reset-password', { ...VARS, userName: null }, LANGUAGES.RUS).text).toContain(
      '\nЗдравствуйте!\n',
    );
  });

  it('names both addresses in the email-change mails', () => {
    const confirmation = renderMail('change-email-confirmation', VARS, LANGUAGES.GERMAN);
    expect(confirmation.text).toContain('dana@new.example.com');
    expect(confirmation.html).toContain('<strong>dana@new.example.com</strong>');
    const notice = renderMail('email-changed-notice', { appName: APP, newEmail: 'dana@new.example.com' }, 3);
    expect(notice.text).toContain('dana@new.example.com');
    // a notice needs no link: then it has no button
    expect(notice.html).not.toContain('l-button');
  });

  it('translates built-in roles in invitations and keeps custom ones', () => {
    expect(renderMail('invitation', { ...VARS, role: 'admin' }, LANGUAGES.SPA).text).toContain(
      'con el rol «administrador»',
    );
    expect(renderMail('invitation', { ...VARS, role: 'admin' }, LANGUAGES.GERMAN).text).toContain('„Administrator“');
    expect(renderMail('invitation', { ...VARS, role: 'billing' }, LANGUAGES.POL).text).toContain('z rolą „billing”');
    const noInviter = renderMail('invitation', { ...VARS, inviterName: undefined }, LANGUAGES.ENG);
    expect(noInviter.subject).toBe('You’re invited to join Northwind on Acme Cloud');
  });

  it('escapes every interpolated value in the HTML part', () => {
    const hostile = '<img src=x onerror=alert(1)> & "Co"';
    const mail = renderMail(
      'invitation',
      { ...VARS, organizationName: hostile, inviterName: '<script>steal()</script>', userName: "O'Brien</p>" },
      LANGUAGES.ENG,
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('</p></p>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    expect(mail.html).toContain('&lt;script&gt;steal()&lt;/script&gt;');
    expect(mail.html).toContain('O&#39;Brien&lt;/p&gt;');
    // the plain-text part and the subject carry the name as it is
    expect(mail.text).toContain(hostile);
    expect(mail.subject).toContain(hostile);
  });

  it('keeps a value from adding lines to the subject', () => {
    const mail = renderMail('invitation', { ...VARS, organizationName: 'Evil\r\nBcc: victim@example.com' }, 3);
    expect(mail.subject).toBe('Kim invited you to join Evil Bcc: victim@example.com on Acme Cloud');
  });

  it('refuses a mail without what it needs, or with a link that is not http(s)', () => {
    expect(() => renderMail('verify-email', { appName: APP }, 3)).toThrow(/url is required/);
    expect(() => renderMail('invitation', { appName: APP, url: URL }, 3)).toThrow(/organizationName is required/);
    expect(() => renderMail('two-factor-otp', { appName: APP }, 3)).toThrow(/code is required/);
    expect(() => renderMail('reset-password', { appName: APP, url: 'javascript:alert(1)' }, 3)).toThrow(/http/);
    expect(() => renderMail('reset-password', { appName: APP, url: '/relative' }, 3)).toThrow(/absolute/);
  });

  it('leaves the lifetime out when none is given', () => {
    const mail = renderMail('password-changed', { appName: APP }, LANGUAGES.ENG);
    expect(mail.text).not.toContain('expires');
  });
});

describe('formatDuration', () => {
  it.each([
    [LANGUAGES.ENG, 60, '1 minute'],
    [LANGUAGES.ENG, 300, '5 minutes'],
    [LANGUAGES.ENG, 3600, '1 hour'],
    [LANGUAGES.ENG, 5400, '1 hour and 30 minutes'],
    [LANGUAGES.ENG, 86400, '1 day'],
    [LANGUAGES.ENG, 604800, '7 days'],
    [LANGUAGES.ENG, 20, '1 minute'],
    [LANGUAGES.RUS, 3600, '1 час'],
    [LANGUAGES.RUS, 7200, '2 часа'],
    [LANGUAGES.RUS, 18000, '5 часов'],
    [LANGUAGES.RUS, 11 * 3600, '11 часов'],
    [LANGUAGES.RUS, 21 * 3600, '21 час'],
    [LANGUAGES.RUS, 60, '1 минуту'],
    [LANGUAGES.RUS, 172800, '2 дня'],
    [LANGUAGES.UKR, 3600, '1 годину'],
    [LANGUAGES.UKR, 22 * 3600, '22 години'],
    [LANGUAGES.UKR, 5 * 86400, '5 днів'],
    [LANGUAGES.POL, 3600, '1 godzinę'],
    [LANGUAGES.POL, 22 * 3600, '22 godziny'],
    [LANGUAGES.POL, 12 * 3600, '12 godzin'],
    [LANGUAGES.POL, 5400, '1 godzinę i 30 minut'],
    [LANGUAGES.GERMAN, 86400 * 2, '2 Tage'],
    [LANGUAGES.SPA, 86400 + 3600, '1 día y 1 hora'],
    [LANGUAGES.FRA, 7200, '2 heures'],
    [LANGUAGES.TURKEY, 7200, '2 saat'],
  ] as [LanguageCode, number, string][])('in language %i, %i s is "%s"', (language, seconds, expected) => {
    expect(formatDuration(seconds, language).replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('rejects nonsense', () => {
    expect(() => formatDuration(Number.NaN, 3)).toThrow(RangeError);
    expect(() => formatDuration(-1, 3)).toThrow(RangeError);
  });

  it('has a word form for every plural category each language uses for whole numbers', () => {
    for (const language of LANGUAGE_CODES) {
      const rules = new Intl.PluralRules(LANGUAGE_TAGS[language]);
      const categories = new Set(Array.from({ length: 1000 }, (_, i) => rules.select(i + 1)));
      for (const forms of Object.values(MAIL_STRINGS[language].units)) {
        for (const category of categories) {
          expect(forms[category as keyof typeof forms], `${LANGUAGE_TAGS[language]} ${category}`).toBeTruthy();
        }
      }
    }
  });
});

describe('pickLanguage', () => {
  it('prefers the language stored on the user', () => {
    expect(pickLanguage(LANGUAGES.UKR, 'de-DE,de;q=0.9')).toBe(LANGUAGES.UKR);
    expect(pickLanguage(LANGUAGES.ENG, 'ru')).toBe(LANGUAGES.ENG);
    expect(pickLanguage(LANGUAGES.RUS, null)).toBe(LANGUAGES.RUS);
  });

  it('falls back to Accept-Language when the user has none or an unknown one', () => {
    expect(pickLanguage(null, 'de-AT,de;q=0.9,en;q=0.8')).toBe(LANGUAGES.GERMAN);
    expect(pickLanguage(undefined, 'ja;q=1, pl;q=0.5')).toBe(LANGUAGES.POL);
    expect(pickLanguage(99, 'fr-CA')).toBe(LANGUAGES.FRA);
    expect(pickLanguage(2, 'tr')).toBe(LANGUAGES.TURKEY);
  });

  it('falls back to English when neither helps', () => {
    expect(pickLanguage(null, null)).toBe(LANGUAGES.ENG);
    expect(pickLanguage(undefined, 'ja, zh-CN;q=0.8')).toBe(LANGUAGES.ENG);
    expect(pickLanguage(null, '')).toBe(LANGUAGES.ENG);
  });
});

describe('the operator’s brand in mails', () => {
  const config = resolveConfig(
    {
      secret: 'x'.repeat(40),
      baseURL: 'https://auth.acme.example',
      appName: APP,
      branding: {
        logo: { light: '/brand/logo.png', dark: '/brand/logo-dark.png' },
        primaryColor: '#ffcc00',
        supportURL: 'https://acme.example/help',
        privacyURL: 'https://acme.example/privacy?lang=en&x=1',
      },
    },
    { production: false, test: true },
  );

  it('shows the logo named by the app, the AA shade of the colour on the button, and the links in the footer', () => {
    const brand = mailBrand(config);
    expect(brand.logoURL).toBe('https://auth.acme.example/brand/logo.png');
    const accent = config.branding.palette?.light.accent ?? '';
    expect(accent).not.toBe('#ffcc00');
    const mail = renderMail('verify-email', { ...VARS, brand }, LANGUAGES.GERMAN);
    expect(mail.html).toContain(`<img src="https://auth.acme.example/brand/logo.png" alt="${APP}"`);
    expect(mail.html).toContain(`bgcolor="${accent}"`);
    expect(mail.html).not.toContain('#1d4ed8');
    expect(mail.html).toContain('href="https://acme.example/help" target="_blank" rel="noopener"');
    expect(mail.html).toContain('>Hilfe</a>');
    expect(mail.html).toContain('href="https://acme.example/privacy?lang=en&amp;x=1"');
    expect(mail.html).toContain('>Datenschutz</a>');
    // no terms link configured: none in the mail
    expect(mail.html).not.toContain('Nutzungsbedingungen');
    expect(mail.text).toContain(
      '\nHilfe: https://acme.example/help\nDatenschutz: https://acme.example/privacy?lang=en&x=1\n',
    );
  });

  it('keeps Latch’s own look without a brand', () => {
    const plain = resolveConfig({ secret: 'x'.repeat(40) }, { production: false, test: true });
    const mail = renderMail('verify-email', { ...VARS, brand: mailBrand(plain) }, LANGUAGES.ENG);
    expect(mail.html).toContain('bgcolor="#1d4ed8"');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('Privacy policy');
  });
});
