import type { MailStrings } from './types.ts';

export const es: MailStrings = {
  greeting: (p) => (p.userName ? `Hola, ${p.userName}:` : 'Hola:'),
  fallbackLink: 'Si el botón no funciona, copia este enlace en tu navegador:',
  linkExpires: (d) => `Este enlace caduca en ${d}.`,
  codeExpires: (d) => `Este código caduca en ${d}.`,
  footer: (p) => `Este es un mensaje automático de ${p.appName}. Por favor, no respondas a este correo.`,
  units: {
    minute: { one: 'minuto', other: 'minutos' },
    hour: { one: 'hora', other: 'horas' },
    day: { one: 'día', other: 'días' },
  },
  roles: { owner: 'propietario', admin: 'administrador', member: 'miembro' },
  kinds: {
    'verify-email': {
      subject: (p) => `Verifica tu correo electrónico en ${p.appName}`,
      preheader: (p) => `Confirma tu dirección de correo para terminar de configurar tu cuenta de ${p.appName}.`,
      heading: () => 'Verifica tu correo electrónico',
      body: (p) => [
        `Para terminar de configurar tu cuenta de ${p.appName}, confirma tu dirección de correo electrónico.`,
      ],
      action: () => 'Verificar correo',
      notYou: (p) => `Si no has creado una cuenta en ${p.appName}, puedes ignorar este correo.`,
    },
    'reset-password': {
      subject: (p) => `Restablece tu contraseña de ${p.appName}`,
      preheader: () => 'Usa este enlace para elegir una contraseña nueva.',
      heading: () => 'Restablece tu contraseña',
      body: (p) => [
        `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${p.appName}. Pulsa el botón de abajo para elegir una nueva.`,
      ],
      action: () => 'Elegir una contraseña nueva',
      notYou: () => 'Si no has pedido restablecer tu contraseña, ignora este correo. Tu contraseña no cambiará.',
    },
    'password-changed': {
      subject: (p) => `Se ha cambiado tu contraseña de ${p.appName}`,
      preheader: (p) => `La contraseña de tu cuenta de ${p.appName} se acaba de cambiar.`,
      heading: () => 'Tu contraseña ha cambiado',
      body: (p) => [
        `La contraseña de tu cuenta de ${p.appName}${p.email ? ` (${p.email})` : ''} se acaba de cambiar.`,
        'Si has sido tú, no tienes que hacer nada más.',
      ],
      action: () => 'Restablecer la contraseña',
      notYou: (p) =>
        `Si no has cambiado tu contraseña, restablécela de inmediato y ponte en contacto con el equipo de ${p.appName}: es posible que otra persona tenga acceso a tu cuenta.`,
    },
    'change-email-confirmation': {
      subject: (p) => `Confirma el cambio de tu correo electrónico en ${p.appName}`,
      preheader: (p) => `Aprueba el cambio de tu dirección de correo a ${p.newEmail}.`,
      heading: () => 'Aprueba el cambio de correo',
      body: (p) => [
        `Hemos recibido una solicitud para cambiar la dirección de correo de tu cuenta de ${p.appName} a ${p.newEmail}.`,
        'Para aprobar el cambio, pulsa el botón de abajo.',
      ],
      action: () => 'Aprobar el cambio',
      notYou: () =>
        'Si no lo has pedido tú, ignora este correo y tu dirección seguirá siendo la misma. Te recomendamos cambiar tu contraseña.',
    },
    'change-email-verification': {
      subject: (p) => `Verifica tu nueva dirección de correo en ${p.appName}`,
      preheader: (p) => `Confirma ${p.newEmail} como la nueva dirección de tu cuenta de ${p.appName}.`,
      heading: () => 'Verifica tu nueva dirección de correo',
      body: (p) => [`Confirma que quieres usar ${p.newEmail} en tu cuenta de ${p.appName}.`],
      action: () => 'Verificar la nueva dirección',
      notYou: () => 'Si no has pedido usar esta dirección, puedes ignorar este correo.',
    },
    'email-changed-notice': {
      subject: (p) => `Se ha cambiado tu correo electrónico en ${p.appName}`,
      preheader: (p) => `Tu cuenta ahora usa ${p.newEmail}.`,
      heading: () => 'Tu dirección de correo ha cambiado',
      body: (p) => [
        `La dirección de correo de tu cuenta de ${p.appName} se ha cambiado a ${p.newEmail}. A partir de ahora te enviaremos los mensajes sobre tu cuenta a esa dirección.`,
      ],
      action: () => 'Ir a mi cuenta',
      notYou: (p) =>
        `Si no has hecho este cambio, ponte en contacto con el equipo de ${p.appName} de inmediato: es posible que otra persona tenga acceso a tu cuenta.`,
    },
    'delete-account': {
      subject: (p) => `Confirma la eliminación de tu cuenta de ${p.appName}`,
      preheader: () => 'La eliminación de la cuenta es permanente y no se puede deshacer.',
      heading: () => '¿Eliminar tu cuenta?',
      body: (p) => [
        `Hemos recibido una solicitud para eliminar tu cuenta de ${p.appName}. Una vez eliminada, no podrás recuperar la cuenta ni sus datos.`,
      ],
      action: () => 'Eliminar mi cuenta',
      notYou: () =>
        'Si no has pedido eliminar tu cuenta, ignora este correo y tu cuenta seguirá igual. Te recomendamos cambiar tu contraseña.',
    },
    invitation: {
      subject: (p) =>
        p.inviterName
          ? `${p.inviterName} te ha invitado a unirte a ${p.organizationName} en ${p.appName}`
          : `Te han invitado a unirte a ${p.organizationName} en ${p.appName}`,
      preheader: (p) => `Acepta la invitación para unirte a ${p.organizationName}.`,
      heading: (p) => `Únete a ${p.organizationName}`,
      body: (p) => [
        `${p.inviterName ? `${p.inviterName} te ha invitado` : 'Te han invitado'} a unirte a la organización ${p.organizationName} en ${p.appName}${p.role ? ` con el rol «${p.role}»` : ''}.`,
      ],
      action: () => 'Aceptar la invitación',
      notYou: () => 'Si no esperabas esta invitación, puedes ignorar este correo.',
    },
    'two-factor-otp': {
      subject: (p) => `Tu código de inicio de sesión en ${p.appName}`,
      preheader: () => 'Usa este código para terminar de iniciar sesión.',
      heading: () => 'Tu código de inicio de sesión',
      body: (p) => [`Introduce este código para terminar de iniciar sesión en ${p.appName}:`],
      action: () => 'Continuar con el inicio de sesión',
      notYou: () =>
        'Si no has intentado iniciar sesión, es posible que alguien conozca tu contraseña. Cámbiala lo antes posible.',
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
