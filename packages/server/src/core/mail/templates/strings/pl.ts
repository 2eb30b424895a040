import type { MailStrings } from './types.ts';

export const pl: MailStrings = {
  greeting: (p) => (p.userName ? `Cześć, ${p.userName}!` : 'Cześć!'),
  fallbackLink: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
  linkExpires: (d) => `Link jest ważny przez ${d}.`,
  codeExpires: (d) => `Kod jest ważny przez ${d}.`,
  footer: (p) => `To automatyczna wiadomość od ${p.appName}. Prosimy na nią nie odpowiadać.`,
  // biernik po „przez”: 1 minutę, 2 minuty, 5 minut
  units: {
    minute: { one: 'minutę', few: 'minuty', many: 'minut', other: 'minuty' },
    hour: { one: 'godzinę', few: 'godziny', many: 'godzin', other: 'godziny' },
    day: { one: 'dzień', few: 'dni', many: 'dni', other: 'dnia' },
  },
  roles: { owner: 'właściciel', admin: 'administrator', member: 'członek' },
  kinds: {
    'verify-email': {
      subject: (p) => `Potwierdź adres e-mail w ${p.appName}`,
      preheader: (p) => `Potwierdź adres e-mail, aby dokończyć zakładanie konta w ${p.appName}.`,
      heading: () => 'Potwierdź swój adres e-mail',
      body: (p) => [`Aby dokończyć zakładanie konta w ${p.appName}, potwierdź swój adres e-mail.`],
      action: () => 'Potwierdź adres e-mail',
      notYou: (p) => `Jeśli konto w ${p.appName} nie zostało założone przez Ciebie, po prostu zignoruj tę wiadomość.`,
    },
    'reset-password': {
      subject: (p) => `Zresetuj hasło w ${p.appName}`,
      preheader: () => 'Skorzystaj z tego linku, aby ustawić nowe hasło.',
      heading: () => 'Resetowanie hasła',
      body: (p) => [
        `Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta w ${p.appName}. Kliknij przycisk poniżej, aby ustawić nowe hasło.`,
      ],
      action: () => 'Ustaw nowe hasło',
      notYou: () => 'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość. Twoje hasło pozostanie bez zmian.',
    },
    'password-changed': {
      subject: (p) => `Hasło do konta w ${p.appName} zostało zmienione`,
      preheader: (p) => `Hasło do Twojego konta w ${p.appName} zostało właśnie zmienione.`,
      heading: () => 'Hasło zostało zmienione',
      body: (p) => [
        `Hasło do Twojego konta w ${p.appName}${p.email ? ` (${p.email})` : ''} zostało właśnie zmienione.`,
        'Jeśli to Ty, nie musisz nic więcej robić.',
      ],
      action: () => 'Zresetuj hasło',
      notYou: (p) =>
        `Jeśli to nie Ty, natychmiast zresetuj hasło i skontaktuj się z zespołem ${p.appName} – ktoś inny może mieć dostęp do Twojego konta.`,
    },
    'change-email-confirmation': {
      subject: (p) => `Potwierdź zmianę adresu e-mail w ${p.appName}`,
      preheader: (p) => `Zatwierdź zmianę adresu e-mail na ${p.newEmail}.`,
      heading: () => 'Zatwierdź zmianę adresu e-mail',
      body: (p) => [
        `Otrzymaliśmy prośbę o zmianę adresu e-mail Twojego konta w ${p.appName} na ${p.newEmail}.`,
        'Aby zatwierdzić zmianę, kliknij przycisk poniżej.',
      ],
      action: () => 'Zatwierdź zmianę',
      notYou: () =>
        'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość – adres pozostanie bez zmian. Zalecamy zmianę hasła.',
    },
    'change-email-verification': {
      subject: (p) => `Potwierdź nowy adres e-mail w ${p.appName}`,
      preheader: (p) => `Potwierdź ${p.newEmail} jako nowy adres Twojego konta w ${p.appName}.`,
      heading: () => 'Potwierdź nowy adres e-mail',
      body: (p) => [`Potwierdź, że chcesz używać adresu ${p.newEmail} na swoim koncie w ${p.appName}.`],
      action: () => 'Potwierdź nowy adres',
      notYou: () => 'Jeśli ten adres nie został podany przez Ciebie, po prostu zignoruj tę wiadomość.',
    },
    'email-changed-notice': {
      subject: (p) => `Adres e-mail w ${p.appName} został zmieniony`,
      preheader: (p) => `Twoje konto używa teraz adresu ${p.newEmail}.`,
      heading: () => 'Adres e-mail został zmieniony',
      body: (p) => [
        `Adres e-mail Twojego konta w ${p.appName} został zmieniony na ${p.newEmail}. Od teraz wiadomości dotyczące konta będziemy wysyłać na ten adres.`,
      ],
      action: () => 'Przejdź do konta',
      notYou: (p) =>
        `Jeśli to nie Ty, natychmiast skontaktuj się z zespołem ${p.appName} – ktoś inny może mieć dostęp do Twojego konta.`,
    },
    'delete-account': {
      subject: (p) => `Potwierdź usunięcie konta w ${p.appName}`,
      preheader: () => 'Usunięcia konta nie można cofnąć.',
      heading: () => 'Usunąć konto?',
      body: (p) => [
        `Otrzymaliśmy prośbę o usunięcie Twojego konta w ${p.appName}. Po usunięciu nie będzie można odzyskać ani konta, ani jego danych.`,
      ],
      action: () => 'Usuń moje konto',
      notYou: () =>
        'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość – Twoje konto pozostanie bez zmian. Zalecamy zmianę hasła.',
    },
    invitation: {
      subject: (p) =>
        p.inviterName
          ? `${p.inviterName} zaprasza Cię do organizacji ${p.organizationName} w ${p.appName}`
          : `Zaproszenie do organizacji ${p.organizationName} w ${p.appName}`,
      preheader: (p) => `Przyjmij zaproszenie, aby dołączyć do organizacji ${p.organizationName}.`,
      heading: (p) => `Dołącz do organizacji ${p.organizationName}`,
      body: (p) => [
        `${p.inviterName ? `${p.inviterName} zaprasza Cię` : 'Masz zaproszenie'} do organizacji ${p.organizationName} w ${p.appName}${p.role ? ` z rolą „${p.role}”` : ''}.`,
      ],
      action: () => 'Przyjmij zaproszenie',
      notYou: () => 'Jeśli nie spodziewasz się tego zaproszenia, po prostu zignoruj tę wiadomość.',
    },
    'two-factor-otp': {
      subject: (p) => `Twój kod logowania do ${p.appName}`,
      preheader: () => 'Wpisz ten kod, aby dokończyć logowanie.',
      heading: () => 'Twój kod logowania',
      body: (p) => [`Wpisz ten kod, aby dokończyć logowanie do ${p.appName}:`],
      action: () => 'Kontynuuj logowanie',
      notYou: () => 'Jeśli to nie Ty próbujesz się zalogować, ktoś może znać Twoje hasło. Zmień je jak najszybciej.',
    },
    // TODO(translation): English until translated
    'security-email-changed': {
      subject: (p) => `The email address of your ${p.appName} account was changed`,
      preheader: (p) => `Your account now uses ${p.newEmail}.`,
      heading: () => 'Your email address was changed',
      body: (p) => [
        `The email address of your ${p.appName} account was changed from ${p.email} to ${p.newEmail}. We will send messages about your account to the new address from now on.`,
        'If you made this change, there is nothing else to do.',
      ],
      action: () => 'This wasn’t me: undo it',
      notYou: () =>
        'If you didn’t make this change, use the button: it puts your address back, signs out every device and asks you for a new password.',
    },
    'security-password-changed': {
      subject: (p) => `Your ${p.appName} password was changed`,
      preheader: (p) => `The password of your ${p.appName} account has just been changed.`,
      heading: () => 'Your password was changed',
      body: (p) => [
        `The password of your ${p.appName} account${p.email ? ` (${p.email})` : ''} has just been changed.`,
        'If you made this change, there is nothing else to do.',
      ],
      action: () => 'This wasn’t me: undo it',
      notYou: () =>
        'If you didn’t change your password, use the button: it signs out every device, and you choose a new password that only you know.',
    },
    'security-provider-linked': {
      subject: (p) => `${p.providerName} can now sign in to your ${p.appName} account`,
      preheader: (p) => `A ${p.providerName} account was linked to your ${p.appName} account.`,
      heading: (p) => `${p.providerName} was linked to your account`,
      body: (p) => [
        `A ${p.providerName} account was linked to your ${p.appName} account. Whoever controls that ${p.providerName} account can now sign in as you.`,
        'If you linked it, there is nothing else to do.',
      ],
      action: () => 'This wasn’t me: undo it',
      notYou: (p) =>
        `If you didn’t link ${p.providerName}, use the button: it removes the link and signs out every device.`,
    },
    'security-two-factor-disabled': {
      subject: (p) => `Two-factor authentication was turned off for your ${p.appName} account`,
      preheader: () => 'Signing in now needs only your password.',
      heading: () => 'Two-factor authentication was turned off',
      body: (p) => [
        `Two-factor authentication was turned off for your ${p.appName} account. Signing in now needs only your password.`,
        'If you turned it off, there is nothing else to do.',
      ],
      action: () => 'This wasn’t me: undo it',
      notYou: () =>
        'If you didn’t turn it off, use the button: it turns two-factor authentication back on and signs out every device.',
    },
    'security-two-factor-enabled': {
      subject: (p) => `Two-factor authentication is on for your ${p.appName} account`,
      preheader: () => 'Signing in now needs a code as well as your password.',
      heading: () => 'Two-factor authentication is on',
      body: (p) => [
        `Two-factor authentication was turned on for your ${p.appName} account. Signing in now needs a code from your authenticator app (or a backup code) as well as your password.`,
        'Keep your backup codes somewhere safe: they let you in if you lose your phone.',
      ],
      action: () => 'Go to your account',
      notYou: (p) =>
        `If you didn’t turn it on, someone may have access to your account: reset your password and contact the ${p.appName} team.`,
    },
    'security-backup-codes': {
      subject: (p) => `New backup codes for your ${p.appName} account`,
      preheader: () => 'Your old backup codes no longer work.',
      heading: () => 'New backup codes were created',
      body: (p) => [
        `New two-factor backup codes were created for your ${p.appName} account. The old ones no longer work.`,
      ],
      action: () => 'Go to your account',
      notYou: (p) =>
        `If you didn’t do this, someone may have access to your account: reset your password and contact the ${p.appName} team.`,
    },
    'security-provider-unlinked': {
      subject: (p) => `${p.providerName} was unlinked from your ${p.appName} account`,
      preheader: (p) => `${p.providerName} can no longer sign in to your account.`,
      heading: (p) => `${p.providerName} was unlinked`,
      body: (p) => [`Your ${p.providerName} account can no longer sign in to your ${p.appName} account.`],
      action: () => 'Go to your account',
      notYou: (p) =>
        `If you didn’t do this, someone may have access to your account: reset your password and contact the ${p.appName} team.`,
    },
    'security-new-sign-in': {
      subject: (p) => `New sign-in to your ${p.appName} account`,
      preheader: (p) => (p.device ? `From ${p.device}.` : 'From a device we had not seen before.'),
      heading: () => 'New sign-in',
      body: (p) => [
        `Your ${p.appName} account was just signed in to from a device we had not seen before${p.device ? `: ${p.device}` : ''}.`,
        'If this was you, there is nothing else to do.',
      ],
      action: () => 'Review your sessions',
      notYou: () =>
        'If this wasn’t you, change your password and sign out the sessions you don’t recognise right away.',
    },
  },
};
