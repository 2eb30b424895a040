import type { MailStrings } from './types.ts';

export const en: MailStrings = {
  greeting: (p) => (p.userName ? `Hi ${p.userName},` : 'Hi,'),
  fallbackLink: 'If the button doesn’t work, copy this link into your browser:',
  linkExpires: (d) => `This link expires in ${d}.`,
  codeExpires: (d) => `This code expires in ${d}.`,
  footer: (p) => `This is an automated message from ${p.appName}. Please don’t reply to it.`,
  links: { support: 'Support', terms: 'Terms of service', privacy: 'Privacy policy' },
  units: {
    minute: { one: 'minute', other: 'minutes' },
    hour: { one: 'hour', other: 'hours' },
    day: { one: 'day', other: 'days' },
  },
  roles: { owner: 'owner', admin: 'admin', member: 'member' },
  kinds: {
    'verify-email': {
      subject: (p) => `Verify your email address for ${p.appName}`,
      preheader: (p) => `Confirm your email address to finish setting up your ${p.appName} account.`,
      heading: () => 'Verify your email address',
      body: (p) => [`Please confirm your email address to finish setting up your ${p.appName} account.`],
      action: () => 'Verify email address',
      notYou: (p) => `If you didn’t create an account with ${p.appName}, you can safely ignore this email.`,
    },
    'reset-password': {
      subject: (p) => `Reset your ${p.appName} password`,
      preheader: () => 'Use this link to choose a new password.',
      heading: () => 'Reset your password',
      body: (p) => [
        `We received a request to reset the password of your ${p.appName} account. Click the button below to choose a new one.`,
      ],
      action: () => 'Choose a new password',
      notYou: () => 'If you didn’t ask to reset your password, ignore this email. Your password will stay the same.',
    },
    'password-changed': {
      subject: (p) => `Your ${p.appName} password was changed`,
      preheader: (p) => `The password of your ${p.appName} account has just been changed.`,
      heading: () => 'Your password was changed',
      body: (p) => [
        `The password of your ${p.appName} account${p.email ? ` (${p.email})` : ''} has just been changed.`,
        'If you made this change, there is nothing else to do.',
      ],
      action: () => 'Reset your password',
      notYou: (p) =>
        `If you didn’t change your password, reset it right away and contact the ${p.appName} team: someone else may have access to your account.`,
    },
    'change-email-confirmation': {
      subject: (p) => `Confirm the change of your ${p.appName} email address`,
      preheader: (p) => `Approve changing your email address to ${p.newEmail}.`,
      heading: () => 'Approve the email change',
      body: (p) => [
        `We received a request to change the email address of your ${p.appName} account to ${p.newEmail}.`,
        'To approve this change, click the button below.',
      ],
      action: () => 'Approve the change',
      notYou: () =>
        'If you didn’t ask for this, ignore this email and your address will stay the same. We recommend changing your password.',
    },
    'change-email-verification': {
      subject: (p) => `Verify your new email address for ${p.appName}`,
      preheader: (p) => `Confirm ${p.newEmail} as the new address of your ${p.appName} account.`,
      heading: () => 'Verify your new email address',
      body: (p) => [`Please confirm that you want to use ${p.newEmail} for your ${p.appName} account.`],
      action: () => 'Verify new email address',
      notYou: () => 'If you didn’t ask to use this address, you can safely ignore this email.',
    },
    'email-changed-notice': {
      subject: (p) => `Your ${p.appName} email address was changed`,
      preheader: (p) => `Your account now uses ${p.newEmail}.`,
      heading: () => 'Your email address was changed',
      body: (p) => [
        `The email address of your ${p.appName} account was changed to ${p.newEmail}. From now on, we will send messages about your account to that address.`,
      ],
      action: () => 'Go to your account',
      notYou: (p) =>
        `If you didn’t make this change, contact the ${p.appName} team right away: someone else may have access to your account.`,
    },
    'delete-account': {
      subject: (p) => `Confirm deleting your ${p.appName} account`,
      preheader: () => 'Deleting your account is permanent and cannot be undone.',
      heading: () => 'Delete your account?',
      body: (p) => [
        `We received a request to delete your ${p.appName} account. Once it is deleted, your account and its data cannot be recovered.`,
      ],
      action: () => 'Delete my account',
      notYou: () =>
        'If you didn’t ask to delete your account, ignore this email and your account will stay as it is. We recommend changing your password.',
    },
    invitation: {
      subject: (p) =>
        p.inviterName
          ? `${p.inviterName} invited you to join ${p.organizationName} on ${p.appName}`
          : `You’re invited to join ${p.organizationName} on ${p.appName}`,
      preheader: (p) => `Accept the invitation to join ${p.organizationName}.`,
      heading: (p) => `Join ${p.organizationName}`,
      body: (p) => [
        `${p.inviterName ? `${p.inviterName} has invited you` : 'You have been invited'} to join the organization ${p.organizationName} on ${p.appName}${p.role ? ` with the role “${p.role}”` : ''}.`,
      ],
      action: () => 'Accept invitation',
      notYou: () => 'If you weren’t expecting this invitation, you can safely ignore this email.',
    },
    'two-factor-otp': {
      subject: (p) => `Your ${p.appName} sign-in code`,
      preheader: () => 'Use this code to finish signing in.',
      heading: () => 'Your sign-in code',
      body: (p) => [`Enter this code to finish signing in to ${p.appName}:`],
      action: () => 'Continue signing in',
      notYou: () => 'If you didn’t try to sign in, someone may know your password. Change it as soon as you can.',
    },

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
    'security-passkey-added': {
      subject: (p) => `A passkey was added to your ${p.appName} account`,
      preheader: () => 'Whoever holds it can now sign in as you.',
      heading: () => 'A passkey was added to your account',
      body: (p) => [
        `A passkey was added to your ${p.appName} account. Whoever holds the device or password manager that keeps it can now sign in as you, without a password.`,
        'If you added it, there is nothing else to do.',
      ],
      action: () => 'This wasn’t me: undo it',
      notYou: () => 'If you didn’t add a passkey, use the button: it removes the passkey and signs out every device.',
    },
    'security-passkey-removed': {
      subject: (p) => `A passkey was removed from your ${p.appName} account`,
      preheader: () => 'It can no longer sign in to your account.',
      heading: () => 'A passkey was removed',
      body: (p) => [`One of your passkeys can no longer sign in to your ${p.appName} account.`],
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
    'magic-link': {
      subject: (p) => `Your ${p.appName} sign-in link`,
      preheader: () => 'Use this link to sign in. It works once.',
      heading: (p) => `Sign in to ${p.appName}`,
      body: (p) => [
        `Use the button below to sign in to ${p.appName} with this email address. The link works only once.`,
      ],
      action: () => 'Sign in',
      notYou: () => 'If you didn’t ask to sign in, you can safely ignore this email.',
    },
    'email-otp-sign-in': {
      subject: (p) => `Your code to sign in to ${p.appName}`,
      preheader: () => 'Enter this code to sign in.',
      heading: () => 'Your sign-in code',
      body: (p) => [`Enter this code to sign in to ${p.appName} with this email address:`],
      action: () => 'Go to sign-in',
      notYou: () =>
        'If you didn’t try to sign in, you can safely ignore this email: nobody can sign in without this code.',
    },
    'email-otp-verify-email': {
      subject: (p) => `Your ${p.appName} verification code`,
      preheader: () => 'Enter this code to confirm your email address.',
      heading: () => 'Verify your email address',
      body: (p) => [`Enter this code to confirm your email address for ${p.appName}:`],
      action: () => 'Verify email address',
      notYou: (p) => `If you didn’t create an account with ${p.appName}, you can safely ignore this email.`,
    },
    'email-otp-reset-password': {
      subject: (p) => `Your ${p.appName} password reset code`,
      preheader: () => 'Enter this code to choose a new password.',
      heading: () => 'Reset your password',
      body: (p) => [
        `We received a request to reset the password of your ${p.appName} account. Enter this code to choose a new one:`,
      ],
      action: () => 'Choose a new password',
      notYou: () => 'If you didn’t ask to reset your password, ignore this email. Your password will stay the same.',
    },
    'security-unproven-access-removed': {
      subject: (p) => `Your ${p.appName} account is now yours alone`,
      preheader: () => 'What was set up before you proved your address has been removed.',
      heading: () => 'Only you can sign in now',
      body: (p) => [
        `You just proved that ${p.email} is your address. Before that, your ${p.appName} account had been set up without anyone proving it.`,
        'To make sure the account is yours alone, we removed the password, the linked sign-in providers, the passkeys and the two-factor authentication set up before, and signed out every session. If you set them up yourself, add them again in your account settings.',
      ],
      action: () => 'Go to your account',
      notYou: (p) =>
        `If you didn’t just sign in with a link or a code sent to this address, someone may be able to read your email: secure your mailbox and contact the ${p.appName} team.`,
    },
  },
};
