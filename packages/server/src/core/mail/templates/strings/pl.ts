import type { MailStrings } from './types.ts';

export const pl: MailStrings = {
  greeting: (p) => (p.userName ? `Cześć, ${p.userName}!` : 'Cześć!'),
  fallbackLink: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
  linkExpires: (d) => `Link jest ważny przez ${d}.`,
  codeExpires: (d) => `Kod jest ważny przez ${d}.`,
  footer: (p) => `To automatyczna wiadomość od ${p.appName}. Prosimy na nią nie odpowiadać.`,
  links: { support: 'Pomoc', terms: 'Regulamin', privacy: 'Polityka prywatności' },
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
    'security-email-changed': {
      subject: (p) => `Adres e-mail Twojego konta ${p.appName} został zmieniony`,
      preheader: (p) => `Twoje konto używa teraz adresu ${p.newEmail}.`,
      heading: () => 'Twój adres e-mail został zmieniony',
      body: (p) => [
        `Adres e-mail Twojego konta ${p.appName} został zmieniony z ${p.email} na ${p.newEmail}. Od teraz wiadomości dotyczące konta będziemy wysyłać na nowy adres.`,
        'Jeśli to Ty wprowadzasz tę zmianę, nie musisz nic więcej robić.',
      ],
      action: () => 'To nie ja – cofnij zmianę',
      notYou: () =>
        'Jeśli to nie Ty wprowadzasz tę zmianę, użyj przycisku: przywróci on Twój adres, wyloguje wszystkie urządzenia i poprosi o nowe hasło.',
    },
    'security-password-changed': {
      subject: (p) => `Hasło do ${p.appName} zostało zmienione`,
      preheader: (p) => `Hasło do Twojego konta ${p.appName} zostało właśnie zmienione.`,
      heading: () => 'Twoje hasło zostało zmienione',
      body: (p) => [
        `Hasło do Twojego konta ${p.appName}${p.email ? ` (${p.email})` : ''} zostało właśnie zmienione.`,
        'Jeśli to Ty wprowadzasz tę zmianę, nie musisz nic więcej robić.',
      ],
      action: () => 'To nie ja – cofnij zmianę',
      notYou: () =>
        'Jeśli to nie Ty zmieniasz hasło, użyj przycisku: wyloguje on wszystkie urządzenia, a Ty wybierzesz nowe hasło, które znasz tylko Ty.',
    },
    'security-provider-linked': {
      subject: (p) => `${p.providerName} może teraz logować się na Twoje konto ${p.appName}`,
      preheader: (p) => `Konto ${p.providerName} zostało połączone z Twoim kontem ${p.appName}.`,
      heading: (p) => `${p.providerName} zostało połączone z Twoim kontem`,
      body: (p) => [
        `Konto ${p.providerName} zostało połączone z Twoim kontem ${p.appName}. Każdy, kto ma dostęp do tego konta ${p.providerName}, może teraz logować się jako Ty.`,
        'Jeśli to Ty je łączysz, nie musisz nic więcej robić.',
      ],
      action: () => 'To nie ja – cofnij zmianę',
      notYou: (p) =>
        `Jeśli to nie Ty łączysz ${p.providerName}, użyj przycisku: usunie on połączenie i wyloguje wszystkie urządzenia.`,
    },
    'security-two-factor-disabled': {
      subject: (p) => `Uwierzytelnianie dwuskładnikowe Twojego konta ${p.appName} zostało wyłączone`,
      preheader: () => 'Do logowania wystarczy teraz samo hasło.',
      heading: () => 'Uwierzytelnianie dwuskładnikowe zostało wyłączone',
      body: (p) => [
        `Uwierzytelnianie dwuskładnikowe Twojego konta ${p.appName} zostało wyłączone. Do logowania wystarczy teraz samo hasło.`,
        'Jeśli to Ty je wyłączasz, nie musisz nic więcej robić.',
      ],
      action: () => 'To nie ja – cofnij zmianę',
      notYou: () =>
        'Jeśli to nie Ty je wyłączasz, użyj przycisku: włączy on ponownie uwierzytelnianie dwuskładnikowe i wyloguje wszystkie urządzenia.',
    },
    'security-two-factor-enabled': {
      subject: (p) => `Uwierzytelnianie dwuskładnikowe Twojego konta ${p.appName} jest włączone`,
      preheader: () => 'Do logowania potrzebny jest teraz kod oprócz hasła.',
      heading: () => 'Uwierzytelnianie dwuskładnikowe jest włączone',
      body: (p) => [
        `Na Twoim koncie ${p.appName} włączono uwierzytelnianie dwuskładnikowe. Do logowania potrzebny jest teraz, oprócz hasła, kod z aplikacji uwierzytelniającej (lub kod zapasowy).`,
        'Przechowuj kody zapasowe w bezpiecznym miejscu: pozwolą Ci się zalogować, jeśli zgubisz telefon.',
      ],
      action: () => 'Przejdź do konta',
      notYou: (p) =>
        `Jeśli to nie Ty je włączasz, ktoś może mieć dostęp do Twojego konta: zresetuj hasło i skontaktuj się z zespołem ${p.appName}.`,
    },
    'security-backup-codes': {
      subject: (p) => `Nowe kody zapasowe do Twojego konta ${p.appName}`,
      preheader: () => 'Poprzednie kody zapasowe już nie działają.',
      heading: () => 'Utworzono nowe kody zapasowe',
      body: (p) => [
        `Dla Twojego konta ${p.appName} utworzono nowe kody zapasowe uwierzytelniania dwuskładnikowego. Poprzednie już nie działają.`,
      ],
      action: () => 'Przejdź do konta',
      notYou: (p) =>
        `Jeśli to nie Ty, ktoś może mieć dostęp do Twojego konta: zresetuj hasło i skontaktuj się z zespołem ${p.appName}.`,
    },
    'security-provider-unlinked': {
      subject: (p) => `${p.providerName} zostało odłączone od Twojego konta ${p.appName}`,
      preheader: (p) => `${p.providerName} nie może już logować się na Twoje konto.`,
      heading: (p) => `${p.providerName} zostało odłączone`,
      body: (p) => [`Twoje konto ${p.providerName} nie może już logować się na Twoje konto ${p.appName}.`],
      action: () => 'Przejdź do konta',
      notYou: (p) =>
        `Jeśli to nie Ty, ktoś może mieć dostęp do Twojego konta: zresetuj hasło i skontaktuj się z zespołem ${p.appName}.`,
    },
    'security-passkey-added': {
      subject: (p) => `Do Twojego konta ${p.appName} dodano klucz dostępu`,
      preheader: () => 'Każdy, kto go ma, może teraz logować się jako Ty.',
      heading: () => 'Do Twojego konta dodano klucz dostępu',
      body: (p) => [
        `Do Twojego konta ${p.appName} dodano klucz dostępu. Każdy, kto ma urządzenie lub menedżer haseł, w którym jest zapisany, może teraz logować się jako Ty, bez hasła.`,
        'Jeśli to Ty go dodajesz, nie musisz nic więcej robić.',
      ],
      action: () => 'To nie ja – cofnij zmianę',
      notYou: () =>
        'Jeśli to nie Ty dodajesz klucz dostępu, użyj przycisku: usunie on klucz i wyloguje wszystkie urządzenia.',
    },
    'security-passkey-removed': {
      subject: (p) => `Z Twojego konta ${p.appName} usunięto klucz dostępu`,
      preheader: () => 'Nie może już logować się na Twoje konto.',
      heading: () => 'Usunięto klucz dostępu',
      body: (p) => [`Jeden z Twoich kluczy dostępu nie może już logować się na Twoje konto ${p.appName}.`],
      action: () => 'Przejdź do konta',
      notYou: (p) =>
        `Jeśli to nie Ty, ktoś może mieć dostęp do Twojego konta: zresetuj hasło i skontaktuj się z zespołem ${p.appName}.`,
    },
    'security-new-sign-in': {
      subject: (p) => `Nowe logowanie na Twoje konto ${p.appName}`,
      preheader: (p) => (p.device ? `Z urządzenia: ${p.device}.` : 'Z urządzenia, którego wcześniej nie widzieliśmy.'),
      heading: () => 'Nowe logowanie',
      body: (p) => [
        `Ktoś właśnie zalogował się na Twoje konto ${p.appName} z urządzenia, którego wcześniej nie widzieliśmy${p.device ? `: ${p.device}` : ''}.`,
        'Jeśli to Ty, nie musisz nic więcej robić.',
      ],
      action: () => 'Sprawdź sesje',
      notYou: () => 'Jeśli to nie Ty, od razu zmień hasło i wyloguj sesje, których nie rozpoznajesz.',
    },
    'magic-link': {
      subject: (p) => `Twój link do logowania w ${p.appName}`,
      preheader: () => 'Zaloguj się za pomocą tego linku. Działa tylko raz.',
      heading: (p) => `Zaloguj się do ${p.appName}`,
      body: (p) => [
        `Kliknij przycisk poniżej, aby zalogować się do ${p.appName} tym adresem e-mail. Link działa tylko raz.`,
      ],
      action: () => 'Zaloguj się',
      notYou: () => 'Jeśli to nie Ty prosisz o logowanie, po prostu zignoruj tę wiadomość.',
    },
    'email-otp-sign-in': {
      subject: (p) => `Twój kod do zalogowania się w ${p.appName}`,
      preheader: () => 'Wpisz ten kod, aby się zalogować.',
      heading: () => 'Twój kod do zalogowania się',
      body: (p) => [`Wpisz ten kod, aby zalogować się do ${p.appName} tym adresem e-mail:`],
      action: () => 'Przejdź do logowania',
      notYou: () =>
        'Jeśli to nie Ty próbujesz się zalogować, po prostu zignoruj tę wiadomość: bez tego kodu nikt się nie zaloguje.',
    },
    'email-otp-verify-email': {
      subject: (p) => `Twój kod weryfikacyjny ${p.appName}`,
      preheader: () => 'Wpisz ten kod, aby potwierdzić adres e-mail.',
      heading: () => 'Potwierdź adres e-mail',
      body: (p) => [`Wpisz ten kod, aby potwierdzić swój adres e-mail w ${p.appName}:`],
      action: () => 'Potwierdź adres e-mail',
      notYou: (p) => `Jeśli konto w ${p.appName} nie zostało założone przez Ciebie, po prostu zignoruj tę wiadomość.`,
    },
    'email-otp-reset-password': {
      subject: (p) => `Twój kod do zresetowania hasła w ${p.appName}`,
      preheader: () => 'Wpisz ten kod, aby ustawić nowe hasło.',
      heading: () => 'Zresetuj hasło',
      body: (p) => [
        `Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta ${p.appName}. Wpisz ten kod, aby ustawić nowe:`,
      ],
      action: () => 'Ustaw nowe hasło',
      notYou: () => 'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość. Twoje hasło pozostanie bez zmian.',
    },
    'security-unproven-access-removed': {
      subject: (p) => `Twoje konto ${p.appName} należy teraz tylko do Ciebie`,
      preheader: () => 'Usunęliśmy to, co ustawiono przed potwierdzeniem Twojego adresu.',
      heading: () => 'Teraz tylko Ty możesz się zalogować',
      body: (p) => [
        `Właśnie potwierdzono, że adres ${p.email} należy do Ciebie. Wcześniej Twoje konto ${p.appName} zostało skonfigurowane bez potwierdzenia tego adresu.`,
        'Aby konto należało tylko do Ciebie, usunęliśmy ustawione wcześniej hasło, połączonych dostawców logowania, klucze dostępu i uwierzytelnianie dwuskładnikowe oraz wylogowaliśmy wszystkie sesje. Jeśli były Twoje, dodaj je ponownie w ustawieniach konta.',
      ],
      action: () => 'Przejdź do konta',
      notYou: (p) =>
        `Jeśli to nie Ty logujesz się właśnie linkiem lub kodem wysłanym na ten adres, ktoś może czytać Twoją pocztę: zabezpiecz skrzynkę i skontaktuj się z zespołem ${p.appName}.`,
    },
  },
};
