import type { MailStrings } from './types.ts';

export const de: MailStrings = {
  greeting: (p) => (p.userName ? `Hallo ${p.userName},` : 'Hallo,'),
  fallbackLink: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
  linkExpires: (d) => `Dieser Link ist ${d} gültig.`,
  codeExpires: (d) => `Dieser Code ist ${d} gültig.`,
  footer: (p) => `Dies ist eine automatische Nachricht von ${p.appName}. Bitte antworten Sie nicht darauf.`,
  units: {
    minute: { one: 'Minute', other: 'Minuten' },
    hour: { one: 'Stunde', other: 'Stunden' },
    day: { one: 'Tag', other: 'Tage' },
  },
  roles: { owner: 'Inhaber', admin: 'Administrator', member: 'Mitglied' },
  kinds: {
    'verify-email': {
      subject: (p) => `Bestätigen Sie Ihre E-Mail-Adresse für ${p.appName}`,
      preheader: (p) =>
        `Bestätigen Sie Ihre E-Mail-Adresse, um die Einrichtung Ihres Kontos bei ${p.appName} abzuschließen.`,
      heading: () => 'Bestätigen Sie Ihre E-Mail-Adresse',
      body: (p) => [
        `Bitte bestätigen Sie Ihre E-Mail-Adresse, um die Einrichtung Ihres Kontos bei ${p.appName} abzuschließen.`,
      ],
      action: () => 'E-Mail-Adresse bestätigen',
      notYou: (p) =>
        `Falls Sie kein Konto bei ${p.appName} erstellt haben, können Sie diese E-Mail einfach ignorieren.`,
    },
    'reset-password': {
      subject: (p) => `Setzen Sie Ihr Passwort für ${p.appName} zurück`,
      preheader: () => 'Über diesen Link können Sie ein neues Passwort festlegen.',
      heading: () => 'Passwort zurücksetzen',
      body: (p) => [
        `Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${p.appName} zurückzusetzen. Klicken Sie auf die Schaltfläche unten, um ein neues Passwort festzulegen.`,
      ],
      action: () => 'Neues Passwort festlegen',
      notYou: () =>
        'Falls Sie das Zurücksetzen nicht angefordert haben, ignorieren Sie diese E-Mail. Ihr Passwort bleibt unverändert.',
    },
    'password-changed': {
      subject: (p) => `Ihr Passwort für ${p.appName} wurde geändert`,
      preheader: (p) => `Das Passwort Ihres Kontos bei ${p.appName} wurde soeben geändert.`,
      heading: () => 'Ihr Passwort wurde geändert',
      body: (p) => [
        `Das Passwort Ihres Kontos bei ${p.appName}${p.email ? ` (${p.email})` : ''} wurde soeben geändert.`,
        'Wenn Sie das waren, müssen Sie nichts weiter tun.',
      ],
      action: () => 'Passwort zurücksetzen',
      notYou: (p) =>
        `Falls Sie Ihr Passwort nicht geändert haben, setzen Sie es sofort zurück und wenden Sie sich an das Team von ${p.appName} – möglicherweise hat jemand anderes Zugriff auf Ihr Konto.`,
    },
    'change-email-confirmation': {
      subject: (p) => `Bestätigen Sie die Änderung Ihrer E-Mail-Adresse bei ${p.appName}`,
      preheader: (p) => `Bestätigen Sie die Änderung Ihrer E-Mail-Adresse in ${p.newEmail}.`,
      heading: () => 'Änderung der E-Mail-Adresse bestätigen',
      body: (p) => [
        `Wir haben eine Anfrage erhalten, die E-Mail-Adresse Ihres Kontos bei ${p.appName} in ${p.newEmail} zu ändern.`,
        'Klicken Sie auf die Schaltfläche unten, um die Änderung zu bestätigen.',
      ],
      action: () => 'Änderung bestätigen',
      notYou: () =>
        'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail – Ihre Adresse bleibt unverändert. Wir empfehlen Ihnen, Ihr Passwort zu ändern.',
    },
    'change-email-verification': {
      subject: (p) => `Bestätigen Sie Ihre neue E-Mail-Adresse für ${p.appName}`,
      preheader: (p) => `Bestätigen Sie ${p.newEmail} als neue Adresse Ihres Kontos bei ${p.appName}.`,
      heading: () => 'Neue E-Mail-Adresse bestätigen',
      body: (p) => [`Bitte bestätigen Sie, dass Sie ${p.newEmail} für Ihr Konto bei ${p.appName} verwenden möchten.`],
      action: () => 'Neue Adresse bestätigen',
      notYou: () => 'Falls Sie diese Adresse nicht angegeben haben, können Sie diese E-Mail einfach ignorieren.',
    },
    'email-changed-notice': {
      subject: (p) => `Ihre E-Mail-Adresse bei ${p.appName} wurde geändert`,
      preheader: (p) => `Ihr Konto verwendet jetzt ${p.newEmail}.`,
      heading: () => 'Ihre E-Mail-Adresse wurde geändert',
      body: (p) => [
        `Die E-Mail-Adresse Ihres Kontos bei ${p.appName} wurde in ${p.newEmail} geändert. Nachrichten zu Ihrem Konto senden wir ab jetzt an diese Adresse.`,
      ],
      action: () => 'Zu Ihrem Konto',
      notYou: (p) =>
        `Falls Sie diese Änderung nicht vorgenommen haben, wenden Sie sich sofort an das Team von ${p.appName} – möglicherweise hat jemand anderes Zugriff auf Ihr Konto.`,
    },
    'delete-account': {
      subject: (p) => `Bestätigen Sie die Löschung Ihres Kontos bei ${p.appName}`,
      preheader: () => 'Das Löschen Ihres Kontos ist endgültig und kann nicht rückgängig gemacht werden.',
      heading: () => 'Konto löschen?',
      body: (p) => [
        `Wir haben eine Anfrage erhalten, Ihr Konto bei ${p.appName} zu löschen. Nach dem Löschen können Ihr Konto und Ihre Daten nicht wiederhergestellt werden.`,
      ],
      action: () => 'Mein Konto löschen',
      notYou: () =>
        'Falls Sie das Löschen nicht angefordert haben, ignorieren Sie diese E-Mail – Ihr Konto bleibt bestehen. Wir empfehlen Ihnen, Ihr Passwort zu ändern.',
    },
    invitation: {
      subject: (p) =>
        p.inviterName
          ? `${p.inviterName} lädt Sie ein, ${p.organizationName} bei ${p.appName} beizutreten`
          : `Einladung zu ${p.organizationName} bei ${p.appName}`,
      preheader: (p) => `Nehmen Sie die Einladung an, um ${p.organizationName} beizutreten.`,
      heading: (p) => `Treten Sie ${p.organizationName} bei`,
      body: (p) => [
        `${p.inviterName ? `${p.inviterName} lädt Sie ein` : 'Sie wurden eingeladen'}, der Organisation ${p.organizationName} bei ${p.appName}${p.role ? ` mit der Rolle „${p.role}“` : ''} beizutreten.`,
      ],
      action: () => 'Einladung annehmen',
      notYou: () => 'Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail einfach ignorieren.',
    },
    'two-factor-otp': {
      subject: (p) => `Ihr Anmeldecode für ${p.appName}`,
      preheader: () => 'Geben Sie diesen Code ein, um die Anmeldung abzuschließen.',
      heading: () => 'Ihr Anmeldecode',
      body: (p) => [`Geben Sie diesen Code ein, um die Anmeldung bei ${p.appName} abzuschließen:`],
      action: () => 'Anmeldung fortsetzen',
      notYou: () =>
        'Falls Sie nicht versucht haben, sich anzumelden, kennt möglicherweise jemand Ihr Passwort. Ändern Sie es so bald wie möglich.',
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
