import type { MailStrings } from './types.ts';

export const en: MailStrings = {
  greeting: (p) => (p.userName ? `Hi ${p.userName},` : 'Hi,'),
  fallbackLink: 'If the button doesn’t work, copy this link into your browser:',
  linkExpires: (d) => `This link expires in ${d}.`,
  codeExpires: (d) => `This code expires in ${d}.`,
  footer: (p) => `This is an automated message from ${p.appName}. Please don’t reply to it.`,
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
  },
};
