import type { MailStrings } from './types.ts';

// Placeholders never take a case suffix here (Turkish suffixes follow vowel harmony of a
// name we do not know), so each is followed by a plain noun: "${org} kuruluşuna".
export const tr: MailStrings = {
  greeting: (p) => (p.userName ? `Merhaba ${p.userName},` : 'Merhaba,'),
  fallbackLink: 'Düğme çalışmazsa bu bağlantıyı kopyalayıp tarayıcınıza yapıştırın:',
  linkExpires: (d) => `Bu bağlantı ${d} boyunca geçerlidir.`,
  codeExpires: (d) => `Bu kod ${d} boyunca geçerlidir.`,
  footer: (p) => `Bu ileti ${p.appName} tarafından otomatik olarak gönderildi. Lütfen yanıtlamayın.`,
  units: {
    minute: { one: 'dakika', other: 'dakika' },
    hour: { one: 'saat', other: 'saat' },
    day: { one: 'gün', other: 'gün' },
  },
  roles: { owner: 'sahip', admin: 'yönetici', member: 'üye' },
  kinds: {
    'verify-email': {
      subject: (p) => `${p.appName} için e-posta adresinizi doğrulayın`,
      preheader: (p) => `${p.appName} hesabınızın kurulumunu tamamlamak için e-posta adresinizi onaylayın.`,
      heading: () => 'E-posta adresinizi doğrulayın',
      body: (p) => [`${p.appName} hesabınızın kurulumunu tamamlamak için lütfen e-posta adresinizi onaylayın.`],
      action: () => 'E-posta adresini doğrula',
      notYou: (p) => `${p.appName} hizmetinde bir hesap oluşturmadıysanız bu e-postayı dikkate almayabilirsiniz.`,
    },
    'reset-password': {
      subject: (p) => `${p.appName} şifrenizi sıfırlayın`,
      preheader: () => 'Yeni bir şifre belirlemek için bu bağlantıyı kullanın.',
      heading: () => 'Şifrenizi sıfırlayın',
      body: (p) => [
        `${p.appName} hesabınızın şifresini sıfırlamak için bir istek aldık. Yeni bir şifre belirlemek için aşağıdaki düğmeye tıklayın.`,
      ],
      action: () => 'Yeni şifre belirle',
      notYou: () => 'Şifre sıfırlama isteğinde bulunmadıysanız bu e-postayı dikkate almayın. Şifreniz değişmeyecek.',
    },
    'password-changed': {
      subject: (p) => `${p.appName} şifreniz değiştirildi`,
      preheader: (p) => `${p.appName} hesabınızın şifresi az önce değiştirildi.`,
      heading: () => 'Şifreniz değiştirildi',
      body: (p) => [
        `${p.appName} hesabınızın${p.email ? ` (${p.email})` : ''} şifresi az önce değiştirildi.`,
        'Bu değişikliği siz yaptıysanız başka bir şey yapmanıza gerek yok.',
      ],
      action: () => 'Şifreyi sıfırla',
      notYou: (p) =>
        `Şifrenizi siz değiştirmediyseniz hemen sıfırlayın ve ${p.appName} ekibiyle iletişime geçin; hesabınıza başka biri erişmiş olabilir.`,
    },
    'change-email-confirmation': {
      subject: (p) => `${p.appName} e-posta adresi değişikliğini onaylayın`,
      preheader: (p) => `E-posta adresinizin ${p.newEmail} olarak değiştirilmesini onaylayın.`,
      heading: () => 'E-posta adresi değişikliğini onaylayın',
      body: (p) => [
        `${p.appName} hesabınızın e-posta adresini ${p.newEmail} olarak değiştirmek için bir istek aldık.`,
        'Bu değişikliği onaylamak için aşağıdaki düğmeye tıklayın.',
      ],
      action: () => 'Değişikliği onayla',
      notYou: () =>
        'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; adresiniz değişmeyecek. Şifrenizi değiştirmenizi öneririz.',
    },
    'change-email-verification': {
      subject: (p) => `${p.appName} için yeni e-posta adresinizi doğrulayın`,
      preheader: (p) => `${p.newEmail} adresini ${p.appName} hesabınızın yeni adresi olarak onaylayın.`,
      heading: () => 'Yeni e-posta adresinizi doğrulayın',
      body: (p) => [`Lütfen ${p.appName} hesabınızda ${p.newEmail} adresini kullanmak istediğinizi onaylayın.`],
      action: () => 'Yeni adresi doğrula',
      notYou: () => 'Bu adresi kullanmak için bir istekte bulunmadıysanız bu e-postayı dikkate almayabilirsiniz.',
    },
    'email-changed-notice': {
      subject: (p) => `${p.appName} e-posta adresiniz değiştirildi`,
      preheader: (p) => `Hesabınız artık ${p.newEmail} adresini kullanıyor.`,
      heading: () => 'E-posta adresiniz değiştirildi',
      body: (p) => [
        `${p.appName} hesabınızın e-posta adresi ${p.newEmail} olarak değiştirildi. Bundan sonra hesabınızla ilgili iletileri bu adrese göndereceğiz.`,
      ],
      action: () => 'Hesabıma git',
      notYou: (p) =>
        `Bu değişikliği siz yapmadıysanız hemen ${p.appName} ekibiyle iletişime geçin; hesabınıza başka biri erişmiş olabilir.`,
    },
    'delete-account': {
      subject: (p) => `${p.appName} hesabınızın silinmesini onaylayın`,
      preheader: () => 'Hesap silme işlemi kalıcıdır ve geri alınamaz.',
      heading: () => 'Hesabınız silinsin mi?',
      body: (p) => [
        `${p.appName} hesabınızı silmek için bir istek aldık. Silindikten sonra hesabınız ve verileriniz geri getirilemez.`,
      ],
      action: () => 'Hesabımı sil',
      notYou: () =>
        'Hesabınızı silmek için bir istekte bulunmadıysanız bu e-postayı dikkate almayın; hesabınız olduğu gibi kalacak. Şifrenizi değiştirmenizi öneririz.',
    },
    invitation: {
      subject: (p) =>
        p.inviterName
          ? `${p.inviterName} sizi ${p.appName} üzerindeki ${p.organizationName} kuruluşuna davet etti`
          : `${p.appName} üzerindeki ${p.organizationName} kuruluşuna davet edildiniz`,
      preheader: (p) => `${p.organizationName} kuruluşuna katılmak için daveti kabul edin.`,
      heading: (p) => `${p.organizationName} kuruluşuna katılın`,
      body: (p) => [
        `${p.inviterName ? `${p.inviterName} sizi ` : ''}${p.appName} üzerindeki ${p.organizationName} kuruluşuna${p.role ? ` “${p.role}” rolüyle` : ''} ${p.inviterName ? 'davet etti' : 'davet edildiniz'}.`,
      ],
      action: () => 'Daveti kabul et',
      notYou: () => 'Böyle bir davet beklemiyorsanız bu e-postayı dikkate almayabilirsiniz.',
    },
    'two-factor-otp': {
      subject: (p) => `${p.appName} giriş kodunuz`,
      preheader: () => 'Girişi tamamlamak için bu kodu kullanın.',
      heading: () => 'Giriş kodunuz',
      body: (p) => [`${p.appName} girişini tamamlamak için bu kodu girin:`],
      action: () => 'Girişe devam et',
      notYou: () =>
        'Giriş yapmayı siz denemediyseniz şifrenizi başka biri biliyor olabilir. Şifrenizi en kısa sürede değiştirin.',
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
