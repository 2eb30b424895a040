import type { MailStrings } from './types.ts';

export const de: MailStrings = {
  greeting: (p) => (p.userName ? `Hallo ${p.userName},` : 'Hallo,'),
  fallbackLink: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
  linkExpires: (d) => `Dieser Link ist ${d} gültig.`,
  codeExpires: (d) => `Dieser Code ist ${d} gültig.`,
  footer: (p) => `Dies ist eine automatische Nachricht von ${p.appName}. Bitte antworten Sie nicht darauf.`,
  links: { support: 'Hilfe', terms: 'Nutzungsbedingungen', privacy: 'Datenschutz' },
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
    'security-email-changed': {
      subject: (p) => `Die E-Mail-Adresse Ihres ${p.appName}-Kontos wurde geändert`,
      preheader: (p) => `Ihr Konto verwendet jetzt ${p.newEmail}.`,
      heading: () => 'Ihre E-Mail-Adresse wurde geändert',
      body: (p) => [
        `Die E-Mail-Adresse Ihres ${p.appName}-Kontos wurde von ${p.email} zu ${p.newEmail} geändert. Nachrichten zu Ihrem Konto senden wir ab jetzt an die neue Adresse.`,
        'Wenn Sie diese Änderung vorgenommen haben, müssen Sie nichts weiter tun.',
      ],
      action: () => 'Das war ich nicht – rückgängig machen',
      notYou: () =>
        'Wenn Sie diese Änderung nicht vorgenommen haben, verwenden Sie die Schaltfläche: Sie stellt Ihre Adresse wieder her, meldet alle Geräte ab und lässt Sie ein neues Passwort wählen.',
    },
    'security-password-changed': {
      subject: (p) => `Ihr ${p.appName}-Passwort wurde geändert`,
      preheader: (p) => `Das Passwort Ihres ${p.appName}-Kontos wurde soeben geändert.`,
      heading: () => 'Ihr Passwort wurde geändert',
      body: (p) => [
        `Das Passwort Ihres ${p.appName}-Kontos${p.email ? ` (${p.email})` : ''} wurde soeben geändert.`,
        'Wenn Sie diese Änderung vorgenommen haben, müssen Sie nichts weiter tun.',
      ],
      action: () => 'Das war ich nicht – rückgängig machen',
      notYou: () =>
        'Wenn Sie Ihr Passwort nicht geändert haben, verwenden Sie die Schaltfläche: Sie meldet alle Geräte ab, und Sie wählen ein neues Passwort, das nur Sie kennen.',
    },
    'security-provider-linked': {
      subject: (p) => `${p.providerName} kann sich jetzt bei Ihrem ${p.appName}-Konto anmelden`,
      preheader: (p) => `Ein ${p.providerName}-Konto wurde mit Ihrem ${p.appName}-Konto verknüpft.`,
      heading: (p) => `${p.providerName} wurde mit Ihrem Konto verknüpft`,
      body: (p) => [
        `Ein ${p.providerName}-Konto wurde mit Ihrem ${p.appName}-Konto verknüpft. Wer dieses ${p.providerName}-Konto kontrolliert, kann sich jetzt als Sie anmelden.`,
        'Wenn Sie die Verknüpfung hergestellt haben, müssen Sie nichts weiter tun.',
      ],
      action: () => 'Das war ich nicht – rückgängig machen',
      notYou: (p) =>
        `Wenn Sie ${p.providerName} nicht verknüpft haben, verwenden Sie die Schaltfläche: Sie entfernt die Verknüpfung und meldet alle Geräte ab.`,
    },
    'security-two-factor-disabled': {
      subject: (p) => `Die Zwei-Faktor-Authentifizierung Ihres ${p.appName}-Kontos wurde ausgeschaltet`,
      preheader: () => 'Zum Anmelden genügt jetzt Ihr Passwort.',
      heading: () => 'Die Zwei-Faktor-Authentifizierung wurde ausgeschaltet',
      body: (p) => [
        `Die Zwei-Faktor-Authentifizierung Ihres ${p.appName}-Kontos wurde ausgeschaltet. Zum Anmelden genügt jetzt Ihr Passwort.`,
        'Wenn Sie sie ausgeschaltet haben, müssen Sie nichts weiter tun.',
      ],
      action: () => 'Das war ich nicht – rückgängig machen',
      notYou: () =>
        'Wenn Sie sie nicht ausgeschaltet haben, verwenden Sie die Schaltfläche: Sie schaltet die Zwei-Faktor-Authentifizierung wieder ein und meldet alle Geräte ab.',
    },
    'security-two-factor-enabled': {
      subject: (p) => `Die Zwei-Faktor-Authentifizierung Ihres ${p.appName}-Kontos ist eingeschaltet`,
      preheader: () => 'Zum Anmelden brauchen Sie jetzt außer Ihrem Passwort einen Code.',
      heading: () => 'Die Zwei-Faktor-Authentifizierung ist eingeschaltet',
      body: (p) => [
        `Die Zwei-Faktor-Authentifizierung wurde für Ihr ${p.appName}-Konto eingeschaltet. Zum Anmelden brauchen Sie jetzt außer Ihrem Passwort einen Code aus Ihrer Authenticator-App (oder einen Backup-Code).`,
        'Bewahren Sie Ihre Backup-Codes sicher auf: Mit ihnen kommen Sie in Ihr Konto, falls Sie Ihr Telefon verlieren.',
      ],
      action: () => 'Zu Ihrem Konto',
      notYou: (p) =>
        `Wenn Sie sie nicht eingeschaltet haben, hat möglicherweise jemand Zugriff auf Ihr Konto: Setzen Sie Ihr Passwort zurück und wenden Sie sich an das ${p.appName}-Team.`,
    },
    'security-backup-codes': {
      subject: (p) => `Neue Backup-Codes für Ihr ${p.appName}-Konto`,
      preheader: () => 'Ihre alten Backup-Codes funktionieren nicht mehr.',
      heading: () => 'Neue Backup-Codes wurden erstellt',
      body: (p) => [
        `Für Ihr ${p.appName}-Konto wurden neue Backup-Codes für die Zwei-Faktor-Authentifizierung erstellt. Die alten funktionieren nicht mehr.`,
      ],
      action: () => 'Zu Ihrem Konto',
      notYou: (p) =>
        `Wenn Sie das nicht waren, hat möglicherweise jemand Zugriff auf Ihr Konto: Setzen Sie Ihr Passwort zurück und wenden Sie sich an das ${p.appName}-Team.`,
    },
    'security-provider-unlinked': {
      subject: (p) => `${p.providerName} wurde von Ihrem ${p.appName}-Konto getrennt`,
      preheader: (p) => `${p.providerName} kann sich nicht mehr bei Ihrem Konto anmelden.`,
      heading: (p) => `${p.providerName} wurde getrennt`,
      body: (p) => [`Ihr ${p.providerName}-Konto kann sich nicht mehr bei Ihrem ${p.appName}-Konto anmelden.`],
      action: () => 'Zu Ihrem Konto',
      notYou: (p) =>
        `Wenn Sie das nicht waren, hat möglicherweise jemand Zugriff auf Ihr Konto: Setzen Sie Ihr Passwort zurück und wenden Sie sich an das ${p.appName}-Team.`,
    },
    'security-passkey-added': {
      subject: (p) => `Ihrem ${p.appName}-Konto wurde ein Passkey hinzugefügt`,
      preheader: () => 'Wer ihn besitzt, kann sich jetzt als Sie anmelden.',
      heading: () => 'Ihrem Konto wurde ein Passkey hinzugefügt',
      body: (p) => [
        `Ihrem ${p.appName}-Konto wurde ein Passkey hinzugefügt. Wer das Gerät oder den Passwort-Manager besitzt, der ihn speichert, kann sich jetzt ohne Passwort als Sie anmelden.`,
        'Wenn Sie ihn hinzugefügt haben, müssen Sie nichts weiter tun.',
      ],
      action: () => 'Das war ich nicht – rückgängig machen',
      notYou: () =>
        'Wenn Sie keinen Passkey hinzugefügt haben, verwenden Sie die Schaltfläche: Sie entfernt den Passkey und meldet alle Geräte ab.',
    },
    'security-passkey-removed': {
      subject: (p) => `Ein Passkey wurde von Ihrem ${p.appName}-Konto entfernt`,
      preheader: () => 'Er kann sich nicht mehr bei Ihrem Konto anmelden.',
      heading: () => 'Ein Passkey wurde entfernt',
      body: (p) => [`Einer Ihrer Passkeys kann sich nicht mehr bei Ihrem ${p.appName}-Konto anmelden.`],
      action: () => 'Zu Ihrem Konto',
      notYou: (p) =>
        `Wenn Sie das nicht waren, hat möglicherweise jemand Zugriff auf Ihr Konto: Setzen Sie Ihr Passwort zurück und wenden Sie sich an das ${p.appName}-Team.`,
    },
    'security-new-sign-in': {
      subject: (p) => `Neue Anmeldung bei Ihrem ${p.appName}-Konto`,
      preheader: (p) => (p.device ? `Von ${p.device}.` : 'Von einem Gerät, das wir noch nicht kannten.'),
      heading: () => 'Neue Anmeldung',
      body: (p) => [
        `Soeben hat sich jemand von einem Gerät, das wir noch nicht kannten, bei Ihrem ${p.appName}-Konto angemeldet${p.device ? `: ${p.device}` : ''}.`,
        'Wenn Sie das waren, müssen Sie nichts weiter tun.',
      ],
      action: () => 'Sitzungen prüfen',
      notYou: () =>
        'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und melden Sie die Sitzungen ab, die Sie nicht kennen.',
    },
    'magic-link': {
      subject: (p) => `Ihr Anmeldelink für ${p.appName}`,
      preheader: () => 'Melden Sie sich mit diesem Link an. Er funktioniert nur einmal.',
      heading: (p) => `Bei ${p.appName} anmelden`,
      body: (p) => [
        `Klicken Sie auf die Schaltfläche unten, um sich mit dieser E-Mail-Adresse bei ${p.appName} anzumelden. Der Link funktioniert nur einmal.`,
      ],
      action: () => 'Anmelden',
      notYou: () => 'Falls Sie keine Anmeldung angefordert haben, können Sie diese E-Mail einfach ignorieren.',
    },
    'email-otp-sign-in': {
      subject: (p) => `Ihr Code zur Anmeldung bei ${p.appName}`,
      preheader: () => 'Geben Sie diesen Code ein, um sich anzumelden.',
      heading: () => 'Ihr Code zur Anmeldung',
      body: (p) => [`Geben Sie diesen Code ein, um sich mit dieser E-Mail-Adresse bei ${p.appName} anzumelden:`],
      action: () => 'Zur Anmeldung',
      notYou: () =>
        'Falls Sie nicht versucht haben, sich anzumelden, können Sie diese E-Mail einfach ignorieren: Ohne diesen Code kann sich niemand anmelden.',
    },
    'email-otp-verify-email': {
      subject: (p) => `Ihr Bestätigungscode für ${p.appName}`,
      preheader: () => 'Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen.',
      heading: () => 'Bestätigen Sie Ihre E-Mail-Adresse',
      body: (p) => [`Geben Sie diesen Code ein, um Ihre E-Mail-Adresse für ${p.appName} zu bestätigen:`],
      action: () => 'E-Mail-Adresse bestätigen',
      notYou: (p) =>
        `Falls Sie kein Konto bei ${p.appName} erstellt haben, können Sie diese E-Mail einfach ignorieren.`,
    },
    'email-otp-reset-password': {
      subject: (p) => `Ihr Code zum Zurücksetzen des Passworts für ${p.appName}`,
      preheader: () => 'Geben Sie diesen Code ein, um ein neues Passwort festzulegen.',
      heading: () => 'Setzen Sie Ihr Passwort zurück',
      body: (p) => [
        `Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${p.appName} zurückzusetzen. Geben Sie diesen Code ein, um ein neues festzulegen:`,
      ],
      action: () => 'Neues Passwort festlegen',
      notYou: () =>
        'Falls Sie das Zurücksetzen nicht angefordert haben, ignorieren Sie diese E-Mail. Ihr Passwort bleibt unverändert.',
    },
    'security-unproven-access-removed': {
      subject: (p) => `Ihr ${p.appName}-Konto gehört jetzt nur noch Ihnen`,
      preheader: () => 'Was vor der Bestätigung Ihrer Adresse eingerichtet wurde, ist entfernt.',
      heading: () => 'Jetzt können nur noch Sie sich anmelden',
      body: (p) => [
        `Sie haben soeben bestätigt, dass ${p.email} Ihre Adresse ist. Zuvor war Ihr ${p.appName}-Konto eingerichtet worden, ohne dass jemand diese Adresse bestätigt hatte.`,
        'Damit das Konto nur Ihnen gehört, haben wir das zuvor eingerichtete Passwort, die verknüpften Anmeldedienste, die Passkeys und die Zwei-Faktor-Authentifizierung entfernt und alle Sitzungen abgemeldet. Falls Sie diese selbst eingerichtet hatten, richten Sie sie in Ihren Kontoeinstellungen erneut ein.',
      ],
      action: () => 'Zu Ihrem Konto',
      notYou: (p) =>
        `Falls Sie sich nicht gerade mit einem Link oder Code an diese Adresse angemeldet haben, kann möglicherweise jemand Ihre E-Mails lesen: Sichern Sie Ihr E-Mail-Konto und wenden Sie sich an das ${p.appName}-Team.`,
    },
  },
};
