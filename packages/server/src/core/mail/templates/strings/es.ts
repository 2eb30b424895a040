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
  },
};
