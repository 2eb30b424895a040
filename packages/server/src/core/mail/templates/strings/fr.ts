import type { MailStrings } from './types.ts';

// French typography: a no-break space (U+00A0) before « : ? » and inside « ».
export const fr: MailStrings = {
  greeting: (p) => (p.userName ? `Bonjour ${p.userName},` : 'Bonjour,'),
  fallbackLink: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
  linkExpires: (d) => `Ce lien expire dans ${d}.`,
  codeExpires: (d) => `Ce code expire dans ${d}.`,
  footer: (p) => `Ce message automatique vous a été envoyé par ${p.appName}. Merci de ne pas y répondre.`,
  units: {
    minute: { one: 'minute', other: 'minutes' },
    hour: { one: 'heure', other: 'heures' },
    day: { one: 'jour', other: 'jours' },
  },
  roles: { owner: 'propriétaire', admin: 'administrateur', member: 'membre' },
  kinds: {
    'verify-email': {
      subject: (p) => `Vérifiez votre adresse e-mail pour ${p.appName}`,
      preheader: (p) => `Confirmez votre adresse e-mail pour finaliser la création de votre compte ${p.appName}.`,
      heading: () => 'Vérifiez votre adresse e-mail',
      body: (p) => [
        `Pour finaliser la création de votre compte ${p.appName}, veuillez confirmer votre adresse e-mail.`,
      ],
      action: () => 'Vérifier mon adresse e-mail',
      notYou: (p) => `Si vous n’avez pas créé de compte sur ${p.appName}, vous pouvez ignorer cet e-mail.`,
    },
    'reset-password': {
      subject: (p) => `Réinitialisez votre mot de passe ${p.appName}`,
      preheader: () => 'Utilisez ce lien pour choisir un nouveau mot de passe.',
      heading: () => 'Réinitialisez votre mot de passe',
      body: (p) => [
        `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${p.appName}. Cliquez sur le bouton ci-dessous pour en choisir un nouveau.`,
      ],
      action: () => 'Choisir un nouveau mot de passe',
      notYou: () =>
        'Si vous n’avez pas demandé à réinitialiser votre mot de passe, ignorez cet e-mail. Votre mot de passe restera inchangé.',
    },
    'password-changed': {
      subject: (p) => `Votre mot de passe ${p.appName} a été modifié`,
      preheader: (p) => `Le mot de passe de votre compte ${p.appName} vient d’être modifié.`,
      heading: () => 'Votre mot de passe a été modifié',
      body: (p) => [
        `Le mot de passe de votre compte ${p.appName}${p.email ? ` (${p.email})` : ''} vient d’être modifié.`,
        'Si c’est bien vous, vous n’avez rien d’autre à faire.',
      ],
      action: () => 'Réinitialiser le mot de passe',
      notYou: (p) =>
        `Si vous n’avez pas modifié votre mot de passe, réinitialisez-le immédiatement et contactez l’équipe ${p.appName}\u00a0: quelqu’un d’autre a peut-être accès à votre compte.`,
    },
    'change-email-confirmation': {
      subject: (p) => `Confirmez le changement de votre adresse e-mail sur ${p.appName}`,
      preheader: (p) => `Approuvez le remplacement de votre adresse e-mail par ${p.newEmail}.`,
      heading: () => 'Approuvez le changement d’adresse e-mail',
      body: (p) => [
        `Nous avons reçu une demande de remplacement de l’adresse e-mail de votre compte ${p.appName} par ${p.newEmail}.`,
        'Pour approuver ce changement, cliquez sur le bouton ci-dessous.',
      ],
      action: () => 'Approuver le changement',
      notYou: () =>
        'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre adresse restera inchangée. Nous vous conseillons de changer votre mot de passe.',
    },
    'change-email-verification': {
      subject: (p) => `Vérifiez votre nouvelle adresse e-mail pour ${p.appName}`,
      preheader: (p) => `Confirmez ${p.newEmail} comme nouvelle adresse de votre compte ${p.appName}.`,
      heading: () => 'Vérifiez votre nouvelle adresse e-mail',
      body: (p) => [`Veuillez confirmer que vous souhaitez utiliser ${p.newEmail} pour votre compte ${p.appName}.`],
      action: () => 'Vérifier la nouvelle adresse',
      notYou: () => 'Si vous n’avez pas demandé à utiliser cette adresse, vous pouvez ignorer cet e-mail.',
    },
    'email-changed-notice': {
      subject: (p) => `Votre adresse e-mail ${p.appName} a été modifiée`,
      preheader: (p) => `Votre compte utilise désormais ${p.newEmail}.`,
      heading: () => 'Votre adresse e-mail a été modifiée',
      body: (p) => [
        `L’adresse e-mail de votre compte ${p.appName} a été remplacée par ${p.newEmail}. Désormais, les messages concernant votre compte seront envoyés à cette adresse.`,
      ],
      action: () => 'Accéder à mon compte',
      notYou: (p) =>
        `Si vous n’êtes pas à l’origine de ce changement, contactez immédiatement l’équipe ${p.appName}\u00a0: quelqu’un d’autre a peut-être accès à votre compte.`,
    },
    'delete-account': {
      subject: (p) => `Confirmez la suppression de votre compte ${p.appName}`,
      preheader: () => 'La suppression de votre compte est définitive.',
      heading: () => 'Supprimer votre compte\u00a0?',
      body: (p) => [
        `Nous avons reçu une demande de suppression de votre compte ${p.appName}. Une fois supprimés, votre compte et ses données ne pourront pas être récupérés.`,
      ],
      action: () => 'Supprimer mon compte',
      notYou: () =>
        'Si vous n’avez pas demandé la suppression de votre compte, ignorez cet e-mail\u00a0: votre compte restera intact. Nous vous conseillons de changer votre mot de passe.',
    },
    invitation: {
      subject: (p) =>
        p.inviterName
          ? `${p.inviterName} vous invite à rejoindre ${p.organizationName} sur ${p.appName}`
          : `Invitation à rejoindre ${p.organizationName} sur ${p.appName}`,
      preheader: (p) => `Acceptez l’invitation pour rejoindre ${p.organizationName}.`,
      heading: (p) => `Rejoignez ${p.organizationName}`,
      body: (p) => [
        `${p.inviterName ? `${p.inviterName} vous invite` : 'Vous avez reçu une invitation'} à rejoindre l’organisation ${p.organizationName} sur ${p.appName}${p.role ? ` avec le rôle «\u00a0${p.role}\u00a0»` : ''}.`,
      ],
      action: () => 'Accepter l’invitation',
      notYou: () => 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.',
    },
    'two-factor-otp': {
      subject: (p) => `Votre code de connexion ${p.appName}`,
      preheader: () => 'Saisissez ce code pour terminer la connexion.',
      heading: () => 'Votre code de connexion',
      body: (p) => [`Saisissez ce code pour terminer votre connexion à ${p.appName}\u00a0:`],
      action: () => 'Poursuivre la connexion',
      notYou: () =>
        'Si vous n’avez pas tenté de vous connecter, quelqu’un connaît peut-être votre mot de passe. Changez-le au plus vite.',
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
