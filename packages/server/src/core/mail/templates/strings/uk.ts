import type { MailStrings } from './types.ts';

export const uk: MailStrings = {
  greeting: (p) => (p.userName ? `Вітаємо, ${p.userName}!` : 'Вітаємо!'),
  fallbackLink: 'Якщо кнопка не працює, скопіюйте це посилання в адресний рядок браузера:',
  linkExpires: (d) => `Посилання діє ${d}.`,
  codeExpires: (d) => `Код діє ${d}.`,
  footer: (p) => `Це автоматичний лист від ${p.appName}, відповідати на нього не потрібно.`,
  // знахідний відмінок: «діє 1 хвилину, 2 хвилини, 5 хвилин»
  units: {
    minute: { one: 'хвилину', few: 'хвилини', many: 'хвилин', other: 'хвилини' },
    hour: { one: 'годину', few: 'години', many: 'годин', other: 'години' },
    day: { one: 'день', few: 'дні', many: 'днів', other: 'дня' },
  },
  roles: { owner: 'власник', admin: 'адміністратор', member: 'учасник' },
  kinds: {
    'verify-email': {
      subject: (p) => `Підтвердіть адресу електронної пошти для ${p.appName}`,
      preheader: (p) => `Підтвердіть адресу, щоб завершити налаштування облікового запису ${p.appName}.`,
      heading: () => 'Підтвердіть адресу електронної пошти',
      body: (p) => [
        `Щоб завершити налаштування облікового запису ${p.appName}, підтвердіть, будь ласка, свою адресу електронної пошти.`,
      ],
      action: () => 'Підтвердити адресу',
      notYou: (p) => `Якщо ви не реєструвалися в ${p.appName}, просто проігноруйте цей лист.`,
    },
    'reset-password': {
      subject: (p) => `Відновлення пароля в ${p.appName}`,
      preheader: () => 'Перейдіть за посиланням, щоб встановити новий пароль.',
      heading: () => 'Скидання пароля',
      body: (p) => [
        `Ми отримали запит на скидання пароля до вашого облікового запису ${p.appName}. Натисніть кнопку нижче, щоб встановити новий пароль.`,
      ],
      action: () => 'Встановити новий пароль',
      notYou: () => 'Якщо ви не просили скинути пароль, проігноруйте цей лист — ваш пароль залишиться незмінним.',
    },
    'password-changed': {
      subject: (p) => `Пароль до облікового запису ${p.appName} змінено`,
      preheader: (p) => `Пароль до вашого облікового запису ${p.appName} щойно змінили.`,
      heading: () => 'Пароль змінено',
      body: (p) => [
        `Пароль до вашого облікового запису ${p.appName}${p.email ? ` (${p.email})` : ''} щойно змінили.`,
        'Якщо це зробили ви, більше нічого робити не потрібно.',
      ],
      action: () => 'Скинути пароль',
      notYou: (p) =>
        `Якщо ви не змінювали пароль, негайно скиньте його та зверніться до команди ${p.appName}: можливо, хтось отримав доступ до вашого облікового запису.`,
    },
    'change-email-confirmation': {
      subject: (p) => `Підтвердіть зміну адреси електронної пошти в ${p.appName}`,
      preheader: (p) => `Підтвердіть зміну адреси на ${p.newEmail}.`,
      heading: () => 'Підтвердіть зміну адреси',
      body: (p) => [
        `Ми отримали запит на зміну адреси електронної пошти вашого облікового запису ${p.appName} на ${p.newEmail}.`,
        'Щоб підтвердити зміну, натисніть кнопку нижче.',
      ],
      action: () => 'Підтвердити зміну',
      notYou: () =>
        'Якщо ви цього не запитували, проігноруйте лист — адреса залишиться незмінною. Про всяк випадок змініть пароль.',
    },
    'change-email-verification': {
      subject: (p) => `Підтвердіть нову адресу електронної пошти для ${p.appName}`,
      preheader: (p) => `Підтвердіть ${p.newEmail} як нову адресу вашого облікового запису ${p.appName}.`,
      heading: () => 'Підтвердіть нову адресу',
      body: (p) => [
        `Підтвердіть, будь ласка, що хочете використовувати адресу ${p.newEmail} в обліковому записі ${p.appName}.`,
      ],
      action: () => 'Підтвердити нову адресу',
      notYou: () => 'Якщо ви не вказували цю адресу, просто проігноруйте цей лист.',
    },
    'email-changed-notice': {
      subject: (p) => `Адресу електронної пошти в ${p.appName} змінено`,
      preheader: (p) => `Тепер ваш обліковий запис використовує адресу ${p.newEmail}.`,
      heading: () => 'Адресу електронної пошти змінено',
      body: (p) => [
        `Адресу електронної пошти вашого облікового запису ${p.appName} змінено на ${p.newEmail}. Відтепер листи щодо облікового запису надходитимуть на цю адресу.`,
      ],
      action: () => 'Відкрити обліковий запис',
      notYou: (p) =>
        `Якщо ви не змінювали адресу, негайно зверніться до команди ${p.appName}: можливо, хтось отримав доступ до вашого облікового запису.`,
    },
    'delete-account': {
      subject: (p) => `Підтвердіть видалення облікового запису ${p.appName}`,
      preheader: () => 'Видалення облікового запису незворотне.',
      heading: () => 'Видалити обліковий запис?',
      body: (p) => [
        `Ми отримали запит на видалення вашого облікового запису ${p.appName}. Після видалення відновити обліковий запис і його дані буде неможливо.`,
      ],
      action: () => 'Видалити обліковий запис',
      notYou: () =>
        'Якщо ви не просили видалити обліковий запис, проігноруйте цей лист — він залишиться без змін. Про всяк випадок змініть пароль.',
    },
    invitation: {
      subject: (p) =>
        p.inviterName
          ? `${p.inviterName} запрошує вас до організації ${p.organizationName} (${p.appName})`
          : `Запрошення до організації ${p.organizationName} (${p.appName})`,
      preheader: (p) => `Прийміть запрошення, щоб приєднатися до організації ${p.organizationName}.`,
      heading: (p) => `Приєднуйтеся до організації ${p.organizationName}`,
      body: (p) => [
        `${p.inviterName ? `${p.inviterName} запрошує вас` : 'Вас запросили'} до організації ${p.organizationName} в ${p.appName}${p.role ? ` з роллю «${p.role}»` : ''}.`,
      ],
      action: () => 'Прийняти запрошення',
      notYou: () => 'Якщо ви не очікували цього запрошення, просто проігноруйте цей лист.',
    },
    'two-factor-otp': {
      subject: (p) => `Код для входу в ${p.appName}`,
      preheader: () => 'Введіть цей код, щоб завершити вхід.',
      heading: () => 'Код для входу',
      body: (p) => [`Введіть цей код, щоб завершити вхід у ${p.appName}:`],
      action: () => 'Продовжити вхід',
      notYou: () => 'Якщо ви не намагалися увійти, можливо, хтось знає ваш пароль. Змініть його якнайшвидше.',
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
