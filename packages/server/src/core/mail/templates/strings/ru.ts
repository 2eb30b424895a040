import type { MailStrings } from './types.ts';

export const ru: MailStrings = {
  greeting: (p) => (p.userName ? `Здравствуйте, ${p.userName}!` : 'Здравствуйте!'),
  fallbackLink: 'Если кнопка не работает, скопируйте эту ссылку в адресную строку браузера:',
  linkExpires: (d) => `Ссылка действует ${d}.`,
  codeExpires: (d) => `Код действует ${d}.`,
  footer: (p) => `Это автоматическое письмо от ${p.appName}, отвечать на него не нужно.`,
  // винительный падеж: «действует 1 минуту, 2 минуты, 5 минут»
  units: {
    minute: { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' },
    hour: { one: 'час', few: 'часа', many: 'часов', other: 'часа' },
    day: { one: 'день', few: 'дня', many: 'дней', other: 'дня' },
  },
  roles: { owner: 'владелец', admin: 'администратор', member: 'участник' },
  kinds: {
    'verify-email': {
      subject: (p) => `Подтвердите адрес электронной почты для ${p.appName}`,
      preheader: (p) => `Подтвердите адрес, чтобы завершить настройку аккаунта ${p.appName}.`,
      heading: () => 'Подтвердите адрес электронной почты',
      body: (p) => [
        `Чтобы завершить настройку аккаунта ${p.appName}, подтвердите, пожалуйста, свой адрес электронной почты.`,
      ],
      action: () => 'Подтвердить адрес',
      notYou: (p) => `Если вы не регистрировались в ${p.appName}, просто проигнорируйте это письмо.`,
    },
    'reset-password': {
      subject: (p) => `Восстановление пароля в ${p.appName}`,
      preheader: () => 'Перейдите по ссылке, чтобы задать новый пароль.',
      heading: () => 'Сброс пароля',
      body: (p) => [
        `Мы получили запрос на сброс пароля от вашего аккаунта ${p.appName}. Нажмите кнопку ниже, чтобы задать новый пароль.`,
      ],
      action: () => 'Задать новый пароль',
      notYou: () => 'Если вы не запрашивали сброс пароля, проигнорируйте это письмо — ваш пароль останется прежним.',
    },
    'password-changed': {
      subject: (p) => `Пароль от аккаунта ${p.appName} изменён`,
      preheader: (p) => `Пароль от вашего аккаунта ${p.appName} только что был изменён.`,
      heading: () => 'Пароль изменён',
      body: (p) => [
        `Пароль от вашего аккаунта ${p.appName}${p.email ? ` (${p.email})` : ''} только что был изменён.`,
        'Если это сделали вы, больше ничего делать не нужно.',
      ],
      action: () => 'Сбросить пароль',
      notYou: (p) =>
        `Если вы не меняли пароль, немедленно сбросьте его и свяжитесь с командой ${p.appName}: возможно, кто-то получил доступ к вашему аккаунту.`,
    },
    'change-email-confirmation': {
      subject: (p) => `Подтвердите смену адреса электронной почты в ${p.appName}`,
      preheader: (p) => `Подтвердите смену адреса на ${p.newEmail}.`,
      heading: () => 'Подтвердите смену адреса',
      body: (p) => [
        `Мы получили запрос на смену адреса электронной почты вашего аккаунта ${p.appName} на ${p.newEmail}.`,
        'Чтобы подтвердить смену, нажмите кнопку ниже.',
      ],
      action: () => 'Подтвердить смену',
      notYou: () =>
        'Если вы этого не запрашивали, проигнорируйте письмо — адрес останется прежним. На всякий случай смените пароль.',
    },
    'change-email-verification': {
      subject: (p) => `Подтвердите новый адрес электронной почты для ${p.appName}`,
      preheader: (p) => `Подтвердите ${p.newEmail} как новый адрес вашего аккаунта ${p.appName}.`,
      heading: () => 'Подтвердите новый адрес',
      body: (p) => [`Подтвердите, пожалуйста, что хотите использовать адрес ${p.newEmail} в аккаунте ${p.appName}.`],
      action: () => 'Подтвердить новый адрес',
      notYou: () => 'Если вы не указывали этот адрес, просто проигнорируйте это письмо.',
    },
    'email-changed-notice': {
      subject: (p) => `Адрес электронной почты в ${p.appName} изменён`,
      preheader: (p) => `Теперь ваш аккаунт использует адрес ${p.newEmail}.`,
      heading: () => 'Адрес электронной почты изменён',
      body: (p) => [
        `Адрес электронной почты вашего аккаунта ${p.appName} изменён на ${p.newEmail}. Теперь письма об аккаунте будут приходить на этот адрес.`,
      ],
      action: () => 'Открыть аккаунт',
      notYou: (p) =>
        `Если вы не меняли адрес, немедленно свяжитесь с командой ${p.appName}: возможно, кто-то получил доступ к вашему аккаунту.`,
    },
    'delete-account': {
      subject: (p) => `Подтвердите удаление аккаунта ${p.appName}`,
      preheader: () => 'Удаление аккаунта необратимо.',
      heading: () => 'Удалить аккаунт?',
      body: (p) => [
        `Мы получили запрос на удаление вашего аккаунта ${p.appName}. После удаления восстановить аккаунт и его данные будет невозможно.`,
      ],
      action: () => 'Удалить аккаунт',
      notYou: () =>
        'Если вы не запрашивали удаление, проигнорируйте это письмо — аккаунт останется без изменений. На всякий случай смените пароль.',
    },
    invitation: {
      subject: (p) =>
        p.inviterName
          ? `${p.inviterName} приглашает вас в организацию ${p.organizationName} (${p.appName})`
          : `Приглашение в организацию ${p.organizationName} (${p.appName})`,
      preheader: (p) => `Примите приглашение, чтобы присоединиться к организации ${p.organizationName}.`,
      heading: (p) => `Присоединяйтесь к организации ${p.organizationName}`,
      body: (p) => [
        `${p.inviterName ? `${p.inviterName} приглашает вас` : 'Вас пригласили'} в организацию ${p.organizationName} в ${p.appName}${p.role ? ` с ролью «${p.role}»` : ''}.`,
      ],
      action: () => 'Принять приглашение',
      notYou: () => 'Если вы не ждали этого приглашения, просто проигнорируйте это письмо.',
    },
    'two-factor-otp': {
      subject: (p) => `Код для входа в ${p.appName}`,
      preheader: () => 'Введите этот код, чтобы завершить вход.',
      heading: () => 'Код для входа',
      body: (p) => [`Введите этот код, чтобы завершить вход в ${p.appName}:`],
      action: () => 'Продолжить вход',
      notYou: () => 'Если вы не пытались войти, возможно, кто-то знает ваш пароль. Смените его как можно скорее.',
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
