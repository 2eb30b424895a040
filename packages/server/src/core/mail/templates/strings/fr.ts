import type { MailStrings } from './types.ts';

// French typography: a no-break space (U+00A0) before « : ? » and inside « ».
export const fr: MailStrings = {
  greeting: (p) => (p.userName ? `Bonjour ${p.userName},` : 'Bonjour,'),
  fallbackLink: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
  linkExpires: (d) => `Ce lien expire dans ${d}.`,
  codeExpires: (d) => `Ce code expire dans ${d}.`,
  footer: (p) => `Ce message automatique vous a été envoyé par ${p.appName}. Merci de ne pas y répondre.`,
  links: { support: 'Assistance', terms: 'Conditions d’utilisation', privacy: 'Politique de confidentialité' },
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
    'security-email-changed': {
      subject: (p) => `L’adresse e-mail de votre compte ${p.appName} a été modifiée`,
      preheader: (p) => `Votre compte utilise désormais ${p.newEmail}.`,
      heading: () => 'Votre adresse e-mail a été modifiée',
      body: (p) => [
        `L’adresse e-mail de votre compte ${p.appName} est passée de ${p.email} à ${p.newEmail}. Nous enverrons désormais les messages concernant votre compte à la nouvelle adresse.`,
        'Si c’est vous qui avez fait ce changement, vous n’avez rien d’autre à faire.',
      ],
      action: () => 'Ce n’était pas moi\u00a0: annuler',
      notYou: () =>
        'Si vous n’avez pas fait ce changement, utilisez le bouton\u00a0: il rétablit votre adresse, déconnecte tous les appareils et vous demande un nouveau mot de passe.',
    },
    'security-password-changed': {
      subject: (p) => `Votre mot de passe ${p.appName} a été modifié`,
      preheader: (p) => `Le mot de passe de votre compte ${p.appName} vient d’être modifié.`,
      heading: () => 'Votre mot de passe a été modifié',
      body: (p) => [
        `Le mot de passe de votre compte ${p.appName}${p.email ? ` (${p.email})` : ''} vient d’être modifié.`,
        'Si c’est vous qui avez fait ce changement, vous n’avez rien d’autre à faire.',
      ],
      action: () => 'Ce n’était pas moi\u00a0: annuler',
      notYou: () =>
        'Si vous n’avez pas changé votre mot de passe, utilisez le bouton\u00a0: il déconnecte tous les appareils et vous choisissez un nouveau mot de passe que vous seul connaissez.',
    },
    'security-provider-linked': {
      subject: (p) => `${p.providerName} peut désormais se connecter à votre compte ${p.appName}`,
      preheader: (p) => `Un compte ${p.providerName} a été associé à votre compte ${p.appName}.`,
      heading: (p) => `${p.providerName} a été associé à votre compte`,
      body: (p) => [
        `Un compte ${p.providerName} a été associé à votre compte ${p.appName}. Quiconque contrôle ce compte ${p.providerName} peut désormais se connecter en votre nom.`,
        'Si c’est vous qui l’avez associé, vous n’avez rien d’autre à faire.',
      ],
      action: () => 'Ce n’était pas moi\u00a0: annuler',
      notYou: (p) =>
        `Si vous n’avez pas associé ${p.providerName}, utilisez le bouton\u00a0: il supprime l’association et déconnecte tous les appareils.`,
    },
    'security-two-factor-disabled': {
      subject: (p) => `La double authentification de votre compte ${p.appName} a été désactivée`,
      preheader: () => 'Votre mot de passe suffit désormais pour vous connecter.',
      heading: () => 'La double authentification a été désactivée',
      body: (p) => [
        `La double authentification de votre compte ${p.appName} a été désactivée. Votre mot de passe suffit désormais pour vous connecter.`,
        'Si c’est vous qui l’avez désactivée, vous n’avez rien d’autre à faire.',
      ],
      action: () => 'Ce n’était pas moi\u00a0: annuler',
      notYou: () =>
        'Si vous ne l’avez pas désactivée, utilisez le bouton\u00a0: il réactive la double authentification et déconnecte tous les appareils.',
    },
    'security-two-factor-enabled': {
      subject: (p) => `La double authentification est activée sur votre compte ${p.appName}`,
      preheader: () => 'Pour vous connecter, il faut désormais un code en plus de votre mot de passe.',
      heading: () => 'La double authentification est activée',
      body: (p) => [
        `La double authentification a été activée sur votre compte ${p.appName}. Pour vous connecter, il faut désormais, en plus de votre mot de passe, un code de votre application d’authentification (ou un code de secours).`,
        'Conservez vos codes de secours en lieu sûr\u00a0: ils vous permettent d’accéder à votre compte si vous perdez votre téléphone.',
      ],
      action: () => 'Accéder à votre compte',
      notYou: (p) =>
        `Si vous ne l’avez pas activée, quelqu’un a peut-être accès à votre compte\u00a0: réinitialisez votre mot de passe et contactez l’équipe ${p.appName}.`,
    },
    'security-backup-codes': {
      subject: (p) => `Nouveaux codes de secours pour votre compte ${p.appName}`,
      preheader: () => 'Vos anciens codes de secours ne fonctionnent plus.',
      heading: () => 'De nouveaux codes de secours ont été créés',
      body: (p) => [
        `De nouveaux codes de secours de double authentification ont été créés pour votre compte ${p.appName}. Les anciens ne fonctionnent plus.`,
      ],
      action: () => 'Accéder à votre compte',
      notYou: (p) =>
        `Si ce n’était pas vous, quelqu’un a peut-être accès à votre compte\u00a0: réinitialisez votre mot de passe et contactez l’équipe ${p.appName}.`,
    },
    'security-provider-unlinked': {
      subject: (p) => `${p.providerName} a été dissocié de votre compte ${p.appName}`,
      preheader: (p) => `${p.providerName} ne peut plus se connecter à votre compte.`,
      heading: (p) => `${p.providerName} a été dissocié`,
      body: (p) => [`Votre compte ${p.providerName} ne peut plus se connecter à votre compte ${p.appName}.`],
      action: () => 'Accéder à votre compte',
      notYou: (p) =>
        `Si ce n’était pas vous, quelqu’un a peut-être accès à votre compte\u00a0: réinitialisez votre mot de passe et contactez l’équipe ${p.appName}.`,
    },
    'security-passkey-added': {
      subject: (p) => `Une clé d’accès a été ajoutée à votre compte ${p.appName}`,
      preheader: () => 'Quiconque la détient peut désormais se connecter en votre nom.',
      heading: () => 'Une clé d’accès a été ajoutée à votre compte',
      body: (p) => [
        `Une clé d’accès a été ajoutée à votre compte ${p.appName}. Quiconque détient l’appareil ou le gestionnaire de mots de passe qui la conserve peut désormais se connecter en votre nom, sans mot de passe.`,
        'Si c’est vous qui l’avez ajoutée, vous n’avez rien d’autre à faire.',
      ],
      action: () => 'Ce n’était pas moi\u00a0: annuler',
      notYou: () =>
        'Si vous n’avez pas ajouté de clé d’accès, utilisez le bouton\u00a0: il la supprime et déconnecte tous les appareils.',
    },
    'security-passkey-removed': {
      subject: (p) => `Une clé d’accès a été supprimée de votre compte ${p.appName}`,
      preheader: () => 'Elle ne peut plus se connecter à votre compte.',
      heading: () => 'Une clé d’accès a été supprimée',
      body: (p) => [`Une de vos clés d’accès ne peut plus se connecter à votre compte ${p.appName}.`],
      action: () => 'Accéder à votre compte',
      notYou: (p) =>
        `Si ce n’était pas vous, quelqu’un a peut-être accès à votre compte\u00a0: réinitialisez votre mot de passe et contactez l’équipe ${p.appName}.`,
    },
    'security-new-sign-in': {
      subject: (p) => `Nouvelle connexion à votre compte ${p.appName}`,
      preheader: (p) => (p.device ? `Depuis ${p.device}.` : 'Depuis un appareil que nous ne connaissions pas.'),
      heading: () => 'Nouvelle connexion',
      body: (p) => [
        `Quelqu’un vient de se connecter à votre compte ${p.appName} depuis un appareil que nous ne connaissions pas${p.device ? `\u00a0: ${p.device}` : ''}.`,
        'Si c’était vous, vous n’avez rien d’autre à faire.',
      ],
      action: () => 'Vérifier vos sessions',
      notYou: () =>
        'Si ce n’était pas vous, changez votre mot de passe et déconnectez sans attendre les sessions que vous ne reconnaissez pas.',
    },
    'magic-link': {
      subject: (p) => `Votre lien de connexion à ${p.appName}`,
      preheader: () => 'Utilisez ce lien pour vous connecter. Il ne fonctionne qu’une fois.',
      heading: (p) => `Connectez-vous à ${p.appName}`,
      body: (p) => [
        `Utilisez le bouton ci-dessous pour vous connecter à ${p.appName} avec cette adresse e-mail. Le lien ne fonctionne qu’une seule fois.`,
      ],
      action: () => 'Me connecter',
      notYou: () => 'Si vous n’avez pas demandé à vous connecter, vous pouvez ignorer cet e-mail.',
    },
    'email-otp-sign-in': {
      subject: (p) => `Votre code pour vous connecter à ${p.appName}`,
      preheader: () => 'Saisissez ce code pour vous connecter.',
      heading: () => 'Votre code pour vous connecter',
      body: (p) => [`Saisissez ce code pour vous connecter à ${p.appName} avec cette adresse e-mail\u00a0:`],
      action: () => 'Aller à la connexion',
      notYou: () =>
        'Si vous n’avez pas tenté de vous connecter, vous pouvez ignorer cet e-mail\u00a0: personne ne peut se connecter sans ce code.',
    },
    'email-otp-verify-email': {
      subject: (p) => `Votre code de vérification ${p.appName}`,
      preheader: () => 'Saisissez ce code pour confirmer votre adresse e-mail.',
      heading: () => 'Vérifiez votre adresse e-mail',
      body: (p) => [`Saisissez ce code pour confirmer votre adresse e-mail sur ${p.appName}\u00a0:`],
      action: () => 'Vérifier mon adresse e-mail',
      notYou: (p) => `Si vous n’avez pas créé de compte sur ${p.appName}, vous pouvez ignorer cet e-mail.`,
    },
    'email-otp-reset-password': {
      subject: (p) => `Votre code de réinitialisation du mot de passe ${p.appName}`,
      preheader: () => 'Saisissez ce code pour choisir un nouveau mot de passe.',
      heading: () => 'Réinitialisez votre mot de passe',
      body: (p) => [
        `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${p.appName}. Saisissez ce code pour en choisir un nouveau\u00a0:`,
      ],
      action: () => 'Choisir un nouveau mot de passe',
      notYou: () =>
        'Si vous n’avez pas demandé à réinitialiser votre mot de passe, ignorez cet e-mail. Votre mot de passe restera inchangé.',
    },
    'security-unproven-access-removed': {
      subject: (p) => `Votre compte ${p.appName} n’appartient plus qu’à vous`,
      preheader: () => 'Ce qui avait été configuré avant la vérification de votre adresse a été supprimé.',
      heading: () => 'Vous seul pouvez désormais vous connecter',
      body: (p) => [
        `Vous venez de prouver que l’adresse ${p.email} est la vôtre. Auparavant, votre compte ${p.appName} avait été configuré sans que personne ne prouve cette adresse.`,
        'Pour que ce compte ne soit qu’à vous, nous avons supprimé le mot de passe, les fournisseurs de connexion associés, les clés d’accès et la double authentification configurés auparavant, et fermé toutes les sessions. Si vous les aviez configurés vous-même, ajoutez-les à nouveau dans les paramètres de votre compte.',
      ],
      action: () => 'Accéder à votre compte',
      notYou: (p) =>
        `Si vous ne venez pas de vous connecter avec un lien ou un code envoyé à cette adresse, quelqu’un peut lire vos e-mails\u00a0: sécurisez votre messagerie et contactez l’équipe ${p.appName}.`,
    },
  },
};
