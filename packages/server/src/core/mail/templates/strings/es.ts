import type { MailStrings } from './types.ts';

export const es: MailStrings = {
  greeting: (p) => (p.userName ? `Hola, ${p.userName}:` : 'Hola:'),
  fallbackLink: 'Si el botón no funciona, copia este enlace en tu navegador:',
  linkExpires: (d) => `Este enlace caduca en ${d}.`,
  codeExpires: (d) => `Este código caduca en ${d}.`,
  footer: (p) => `Este es un mensaje automático de ${p.appName}. Por favor, no respondas a este correo.`,
  links: { support: 'Ayuda', terms: 'Condiciones del servicio', privacy: 'Política de privacidad' },
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
    'security-email-changed': {
      subject: (p) => `Se ha cambiado la dirección de correo de tu cuenta de ${p.appName}`,
      preheader: (p) => `Tu cuenta ahora usa ${p.newEmail}.`,
      heading: () => 'Se ha cambiado tu dirección de correo',
      body: (p) => [
        `La dirección de correo de tu cuenta de ${p.appName} ha cambiado de ${p.email} a ${p.newEmail}. A partir de ahora enviaremos los mensajes sobre tu cuenta a la nueva dirección.`,
        'Si has hecho tú este cambio, no tienes que hacer nada más.',
      ],
      action: () => 'No he sido yo: deshacerlo',
      notYou: () =>
        'Si no has hecho este cambio, usa el botón: restaura tu dirección, cierra la sesión en todos los dispositivos y te pide una contraseña nueva.',
    },
    'security-password-changed': {
      subject: (p) => `Se ha cambiado tu contraseña de ${p.appName}`,
      preheader: (p) => `La contraseña de tu cuenta de ${p.appName} se acaba de cambiar.`,
      heading: () => 'Se ha cambiado tu contraseña',
      body: (p) => [
        `La contraseña de tu cuenta de ${p.appName}${p.email ? ` (${p.email})` : ''} se acaba de cambiar.`,
        'Si has hecho tú este cambio, no tienes que hacer nada más.',
      ],
      action: () => 'No he sido yo: deshacerlo',
      notYou: () =>
        'Si no has cambiado tu contraseña, usa el botón: cierra la sesión en todos los dispositivos y eliges una contraseña nueva que solo tú conozcas.',
    },
    'security-provider-linked': {
      subject: (p) => `${p.providerName} ya puede iniciar sesión en tu cuenta de ${p.appName}`,
      preheader: (p) => `Se ha vinculado una cuenta de ${p.providerName} a tu cuenta de ${p.appName}.`,
      heading: (p) => `Se ha vinculado ${p.providerName} a tu cuenta`,
      body: (p) => [
        `Se ha vinculado una cuenta de ${p.providerName} a tu cuenta de ${p.appName}. Quien controle esa cuenta de ${p.providerName} puede ahora iniciar sesión como tú.`,
        'Si la has vinculado tú, no tienes que hacer nada más.',
      ],
      action: () => 'No he sido yo: deshacerlo',
      notYou: (p) =>
        `Si no has vinculado ${p.providerName}, usa el botón: elimina el vínculo y cierra la sesión en todos los dispositivos.`,
    },
    'security-two-factor-disabled': {
      subject: (p) => `Se ha desactivado la verificación en dos pasos de tu cuenta de ${p.appName}`,
      preheader: () => 'Ahora basta con tu contraseña para iniciar sesión.',
      heading: () => 'Se ha desactivado la verificación en dos pasos',
      body: (p) => [
        `Se ha desactivado la verificación en dos pasos de tu cuenta de ${p.appName}. Ahora basta con tu contraseña para iniciar sesión.`,
        'Si la has desactivado tú, no tienes que hacer nada más.',
      ],
      action: () => 'No he sido yo: deshacerlo',
      notYou: () =>
        'Si no la has desactivado, usa el botón: vuelve a activar la verificación en dos pasos y cierra la sesión en todos los dispositivos.',
    },
    'security-two-factor-enabled': {
      subject: (p) => `La verificación en dos pasos está activada en tu cuenta de ${p.appName}`,
      preheader: () => 'Para iniciar sesión ahora necesitas un código además de tu contraseña.',
      heading: () => 'La verificación en dos pasos está activada',
      body: (p) => [
        `Se ha activado la verificación en dos pasos en tu cuenta de ${p.appName}. Para iniciar sesión ahora necesitas, además de tu contraseña, un código de tu aplicación de autenticación (o un código de respaldo).`,
        'Guarda tus códigos de respaldo en un lugar seguro: te permiten entrar si pierdes el teléfono.',
      ],
      action: () => 'Ir a tu cuenta',
      notYou: (p) =>
        `Si no la has activado tú, es posible que alguien tenga acceso a tu cuenta: restablece tu contraseña y ponte en contacto con el equipo de ${p.appName}.`,
    },
    'security-backup-codes': {
      subject: (p) => `Nuevos códigos de respaldo para tu cuenta de ${p.appName}`,
      preheader: () => 'Tus códigos de respaldo anteriores ya no funcionan.',
      heading: () => 'Se han creado nuevos códigos de respaldo',
      body: (p) => [
        `Se han creado nuevos códigos de respaldo de verificación en dos pasos para tu cuenta de ${p.appName}. Los anteriores ya no funcionan.`,
      ],
      action: () => 'Ir a tu cuenta',
      notYou: (p) =>
        `Si no has sido tú, es posible que alguien tenga acceso a tu cuenta: restablece tu contraseña y ponte en contacto con el equipo de ${p.appName}.`,
    },
    'security-provider-unlinked': {
      subject: (p) => `Se ha desvinculado ${p.providerName} de tu cuenta de ${p.appName}`,
      preheader: (p) => `${p.providerName} ya no puede iniciar sesión en tu cuenta.`,
      heading: (p) => `Se ha desvinculado ${p.providerName}`,
      body: (p) => [`Tu cuenta de ${p.providerName} ya no puede iniciar sesión en tu cuenta de ${p.appName}.`],
      action: () => 'Ir a tu cuenta',
      notYou: (p) =>
        `Si no has sido tú, es posible que alguien tenga acceso a tu cuenta: restablece tu contraseña y ponte en contacto con el equipo de ${p.appName}.`,
    },
    'security-passkey-added': {
      subject: (p) => `Se ha añadido una llave de acceso a tu cuenta de ${p.appName}`,
      preheader: () => 'Quien la tenga puede ahora iniciar sesión como tú.',
      heading: () => 'Se ha añadido una llave de acceso a tu cuenta',
      body: (p) => [
        `Se ha añadido una llave de acceso a tu cuenta de ${p.appName}. Quien tenga el dispositivo o el gestor de contraseñas que la guarda puede ahora iniciar sesión como tú, sin contraseña.`,
        'Si la has añadido tú, no tienes que hacer nada más.',
      ],
      action: () => 'No he sido yo: deshacerlo',
      notYou: () =>
        'Si no has añadido una llave de acceso, usa el botón: la elimina y cierra la sesión en todos los dispositivos.',
    },
    'security-passkey-removed': {
      subject: (p) => `Se ha eliminado una llave de acceso de tu cuenta de ${p.appName}`,
      preheader: () => 'Ya no puede iniciar sesión en tu cuenta.',
      heading: () => 'Se ha eliminado una llave de acceso',
      body: (p) => [`Una de tus llaves de acceso ya no puede iniciar sesión en tu cuenta de ${p.appName}.`],
      action: () => 'Ir a tu cuenta',
      notYou: (p) =>
        `Si no has sido tú, es posible que alguien tenga acceso a tu cuenta: restablece tu contraseña y ponte en contacto con el equipo de ${p.appName}.`,
    },
    'security-new-sign-in': {
      subject: (p) => `Nuevo inicio de sesión en tu cuenta de ${p.appName}`,
      preheader: (p) => (p.device ? `Desde ${p.device}.` : 'Desde un dispositivo que no habíamos visto antes.'),
      heading: () => 'Nuevo inicio de sesión',
      body: (p) => [
        `Alguien acaba de iniciar sesión en tu cuenta de ${p.appName} desde un dispositivo que no habíamos visto antes${p.device ? `: ${p.device}` : ''}.`,
        'Si has sido tú, no tienes que hacer nada más.',
      ],
      action: () => 'Revisar tus sesiones',
      notYou: () => 'Si no has sido tú, cambia tu contraseña y cierra cuanto antes las sesiones que no reconozcas.',
    },
    'magic-link': {
      subject: (p) => `Tu enlace para iniciar sesión en ${p.appName}`,
      preheader: () => 'Usa este enlace para iniciar sesión. Solo funciona una vez.',
      heading: (p) => `Inicia sesión en ${p.appName}`,
      body: (p) => [
        `Usa el botón de abajo para iniciar sesión en ${p.appName} con esta dirección de correo. El enlace solo funciona una vez.`,
      ],
      action: () => 'Iniciar sesión',
      notYou: () => 'Si no has pedido iniciar sesión, puedes ignorar este correo.',
    },
    'email-otp-sign-in': {
      subject: (p) => `Tu código para iniciar sesión en ${p.appName}`,
      preheader: () => 'Introduce este código para iniciar sesión.',
      heading: () => 'Tu código para iniciar sesión',
      body: (p) => [`Introduce este código para iniciar sesión en ${p.appName} con esta dirección de correo:`],
      action: () => 'Ir al inicio de sesión',
      notYou: () =>
        'Si no has intentado iniciar sesión, puedes ignorar este correo: nadie puede iniciar sesión sin este código.',
    },
    'email-otp-verify-email': {
      subject: (p) => `Tu código de verificación de ${p.appName}`,
      preheader: () => 'Introduce este código para confirmar tu dirección de correo.',
      heading: () => 'Verifica tu correo electrónico',
      body: (p) => [`Introduce este código para confirmar tu dirección de correo en ${p.appName}:`],
      action: () => 'Verificar correo',
      notYou: (p) => `Si no has creado una cuenta en ${p.appName}, puedes ignorar este correo.`,
    },
    'email-otp-reset-password': {
      subject: (p) => `Tu código para restablecer la contraseña de ${p.appName}`,
      preheader: () => 'Introduce este código para elegir una contraseña nueva.',
      heading: () => 'Restablece tu contraseña',
      body: (p) => [
        `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${p.appName}. Introduce este código para elegir una nueva:`,
      ],
      action: () => 'Elegir una contraseña nueva',
      notYou: () => 'Si no has pedido restablecer tu contraseña, ignora este correo. Tu contraseña no cambiará.',
    },
    'security-unproven-access-removed': {
      subject: (p) => `Tu cuenta de ${p.appName} ahora es solo tuya`,
      preheader: () => 'Hemos eliminado lo que se configuró antes de que demostraras tu dirección.',
      heading: () => 'Ahora solo tú puedes iniciar sesión',
      body: (p) => [
        `Acabas de demostrar que ${p.email} es tu dirección. Antes, tu cuenta de ${p.appName} se había configurado sin que nadie demostrara esa dirección.`,
        'Para que la cuenta sea solo tuya, hemos eliminado la contraseña, los proveedores de inicio de sesión vinculados, las llaves de acceso y la verificación en dos pasos configurados antes, y hemos cerrado todas las sesiones. Si los configuraste tú, vuelve a añadirlos en los ajustes de tu cuenta.',
      ],
      action: () => 'Ir a tu cuenta',
      notYou: (p) =>
        `Si no acabas de iniciar sesión con un enlace o un código enviado a esta dirección, puede que alguien lea tu correo: protege tu buzón y ponte en contacto con el equipo de ${p.appName}.`,
    },
  },
};
