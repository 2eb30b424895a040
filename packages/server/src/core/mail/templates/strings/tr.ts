import type { MailStrings } from './types.ts';

// Placeholders never take a case suffix here (Turkish suffixes follow vowel harmony of a
// name we do not know), so each is followed by a plain noun: "${org} kuruluşuna".
export const tr: MailStrings = {
  greeting: (p) => (p.userName ? `Merhaba ${p.userName},` : 'Merhaba,'),
  fallbackLink: 'Düğme çalışmazsa bu bağlantıyı kopyalayıp tarayıcınıza yapıştırın:',
  linkExpires: (d) => `Bu bağlantı ${d} boyunca geçerlidir.`,
  codeExpires: (d) => `Bu kod ${d} boyunca geçerlidir.`,
  footer: (p) => `Bu ileti ${p.appName} tarafından otomatik olarak gönderildi. Lütfen yanıtlamayın.`,
  links: { support: 'Destek', terms: 'Kullanım koşulları', privacy: 'Gizlilik politikası' },
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
    'security-email-changed': {
      subject: (p) => `${p.appName} hesabınızın e-posta adresi değiştirildi`,
      preheader: (p) => `Hesabınız artık ${p.newEmail} adresini kullanıyor.`,
      heading: () => 'E-posta adresiniz değiştirildi',
      body: (p) => [
        `${p.appName} hesabınızın e-posta adresi ${p.email} yerine ${p.newEmail} olarak değiştirildi. Hesabınızla ilgili mesajları bundan sonra yeni adrese göndereceğiz.`,
        'Bu değişikliği siz yaptıysanız başka bir şey yapmanız gerekmez.',
      ],
      action: () => 'Bu ben değildim: geri al',
      notYou: () =>
        'Bu değişikliği siz yapmadıysanız düğmeyi kullanın: adresinizi geri getirir, tüm cihazlarda oturumu kapatır ve sizden yeni bir şifre ister.',
    },
    'security-password-changed': {
      subject: (p) => `${p.appName} şifreniz değiştirildi`,
      preheader: (p) => `${p.appName} hesabınızın şifresi az önce değiştirildi.`,
      heading: () => 'Şifreniz değiştirildi',
      body: (p) => [
        `${p.appName} hesabınızın${p.email ? ` (${p.email})` : ''} şifresi az önce değiştirildi.`,
        'Bu değişikliği siz yaptıysanız başka bir şey yapmanız gerekmez.',
      ],
      action: () => 'Bu ben değildim: geri al',
      notYou: () =>
        'Şifrenizi siz değiştirmediyseniz düğmeyi kullanın: tüm cihazlarda oturumu kapatır ve yalnızca sizin bildiğiniz yeni bir şifre seçersiniz.',
    },
    'security-provider-linked': {
      subject: (p) => `${p.providerName} artık ${p.appName} hesabınıza giriş yapabilir`,
      preheader: (p) => `${p.appName} hesabınıza bir ${p.providerName} hesabı bağlandı.`,
      heading: (p) => `${p.providerName} hesabınıza bağlandı`,
      body: (p) => [
        `${p.appName} hesabınıza bir ${p.providerName} hesabı bağlandı. Bu ${p.providerName} hesabını kim kontrol ediyorsa artık sizin adınıza giriş yapabilir.`,
        'Bağlantıyı siz kurduysanız başka bir şey yapmanız gerekmez.',
      ],
      action: () => 'Bu ben değildim: geri al',
      notYou: (p) =>
        `${p.providerName} hesabını siz bağlamadıysanız düğmeyi kullanın: bağlantıyı kaldırır ve tüm cihazlarda oturumu kapatır.`,
    },
    'security-two-factor-disabled': {
      subject: (p) => `${p.appName} hesabınızda iki adımlı doğrulama kapatıldı`,
      preheader: () => 'Giriş yapmak için artık yalnızca şifreniz yeterli.',
      heading: () => 'İki adımlı doğrulama kapatıldı',
      body: (p) => [
        `${p.appName} hesabınızda iki adımlı doğrulama kapatıldı. Giriş yapmak için artık yalnızca şifreniz yeterli.`,
        'Siz kapattıysanız başka bir şey yapmanız gerekmez.',
      ],
      action: () => 'Bu ben değildim: geri al',
      notYou: () =>
        'Siz kapatmadıysanız düğmeyi kullanın: iki adımlı doğrulamayı yeniden açar ve tüm cihazlarda oturumu kapatır.',
    },
    'security-two-factor-enabled': {
      subject: (p) => `${p.appName} hesabınızda iki adımlı doğrulama açık`,
      preheader: () => 'Giriş yapmak için artık şifrenizin yanında bir kod da gerekiyor.',
      heading: () => 'İki adımlı doğrulama açık',
      body: (p) => [
        `${p.appName} hesabınızda iki adımlı doğrulama açıldı. Giriş yapmak için artık şifrenizin yanında kimlik doğrulama uygulamanızdan bir kod (veya bir yedek kod) gerekiyor.`,
        'Yedek kodlarınızı güvenli bir yerde saklayın: telefonunuzu kaybederseniz hesabınıza onlarla girebilirsiniz.',
      ],
      action: () => 'Hesabınıza gidin',
      notYou: (p) =>
        `Siz açmadıysanız başka biri hesabınıza erişiyor olabilir: şifrenizi sıfırlayın ve ${p.appName} ekibiyle iletişime geçin.`,
    },
    'security-backup-codes': {
      subject: (p) => `${p.appName} hesabınız için yeni yedek kodlar`,
      preheader: () => 'Eski yedek kodlarınız artık çalışmıyor.',
      heading: () => 'Yeni yedek kodlar oluşturuldu',
      body: (p) => [
        `${p.appName} hesabınız için yeni iki adımlı doğrulama yedek kodları oluşturuldu. Eskileri artık çalışmıyor.`,
      ],
      action: () => 'Hesabınıza gidin',
      notYou: (p) =>
        `Bunu siz yapmadıysanız başka biri hesabınıza erişiyor olabilir: şifrenizi sıfırlayın ve ${p.appName} ekibiyle iletişime geçin.`,
    },
    'security-provider-unlinked': {
      subject: (p) => `${p.providerName}, ${p.appName} hesabınızdan ayrıldı`,
      preheader: (p) => `${p.providerName} artık hesabınıza giriş yapamaz.`,
      heading: (p) => `${p.providerName} ayrıldı`,
      body: (p) => [`${p.providerName} hesabınız artık ${p.appName} hesabınıza giriş yapamaz.`],
      action: () => 'Hesabınıza gidin',
      notYou: (p) =>
        `Bunu siz yapmadıysanız başka biri hesabınıza erişiyor olabilir: şifrenizi sıfırlayın ve ${p.appName} ekibiyle iletişime geçin.`,
    },
    'security-passkey-added': {
      subject: (p) => `${p.appName} hesabınıza bir geçiş anahtarı eklendi`,
      preheader: () => 'Ona sahip olan artık sizin adınıza giriş yapabilir.',
      heading: () => 'Hesabınıza bir geçiş anahtarı eklendi',
      body: (p) => [
        `${p.appName} hesabınıza bir geçiş anahtarı eklendi. Onu saklayan cihaza veya parola yöneticisine sahip olan kişi artık parola olmadan sizin adınıza giriş yapabilir.`,
        'Onu siz eklediyseniz başka bir şey yapmanız gerekmez.',
      ],
      action: () => 'Bu ben değildim: geri al',
      notYou: () =>
        'Bir geçiş anahtarı eklemediyseniz düğmeyi kullanın: anahtarı kaldırır ve tüm cihazlarda oturumu kapatır.',
    },
    'security-passkey-removed': {
      subject: (p) => `${p.appName} hesabınızdan bir geçiş anahtarı kaldırıldı`,
      preheader: () => 'Artık hesabınıza giriş yapamaz.',
      heading: () => 'Bir geçiş anahtarı kaldırıldı',
      body: (p) => [`Geçiş anahtarlarınızdan biri artık ${p.appName} hesabınıza giriş yapamaz.`],
      action: () => 'Hesabınıza gidin',
      notYou: (p) =>
        `Bunu siz yapmadıysanız başka biri hesabınıza erişiyor olabilir: şifrenizi sıfırlayın ve ${p.appName} ekibiyle iletişime geçin.`,
    },
    'security-new-sign-in': {
      subject: (p) => `${p.appName} hesabınızda yeni giriş`,
      preheader: (p) => (p.device ? `Cihaz: ${p.device}.` : 'Daha önce görmediğimiz bir cihazdan.'),
      heading: () => 'Yeni giriş',
      body: (p) => [
        `${p.appName} hesabınıza az önce daha önce görmediğimiz bir cihazdan giriş yapıldı${p.device ? `: ${p.device}` : ''}.`,
        'Bu sizseniz başka bir şey yapmanız gerekmez.',
      ],
      action: () => 'Oturumlarınızı inceleyin',
      notYou: () => 'Bu siz değilseniz hemen şifrenizi değiştirin ve tanımadığınız oturumları kapatın.',
    },
    'magic-link': {
      subject: (p) => `${p.appName} giriş bağlantınız`,
      preheader: () => 'Giriş yapmak için bu bağlantıyı kullanın. Yalnızca bir kez çalışır.',
      heading: (p) => `${p.appName} hizmetine giriş yapın`,
      body: (p) => [
        `Bu e-posta adresiyle ${p.appName} hizmetine giriş yapmak için aşağıdaki düğmeyi kullanın. Bağlantı yalnızca bir kez çalışır.`,
      ],
      action: () => 'Giriş yap',
      notYou: () => 'Giriş yapmak istemediyseniz bu e-postayı dikkate almayabilirsiniz.',
    },
    'email-otp-sign-in': {
      subject: (p) => `${p.appName} hizmetine giriş için kodunuz`,
      preheader: () => 'Giriş yapmak için bu kodu girin.',
      heading: () => 'Giriş için kodunuz',
      body: (p) => [`Bu e-posta adresiyle ${p.appName} hizmetine giriş yapmak için bu kodu girin:`],
      action: () => 'Girişe git',
      notYou: () =>
        'Giriş yapmayı siz denemediyseniz bu e-postayı dikkate almayabilirsiniz: bu kod olmadan kimse giriş yapamaz.',
    },
    'email-otp-verify-email': {
      subject: (p) => `${p.appName} doğrulama kodunuz`,
      preheader: () => 'E-posta adresinizi onaylamak için bu kodu girin.',
      heading: () => 'E-posta adresinizi doğrulayın',
      body: (p) => [`${p.appName} hizmetindeki e-posta adresinizi onaylamak için bu kodu girin:`],
      action: () => 'E-posta adresini doğrula',
      notYou: (p) => `${p.appName} hizmetinde bir hesap oluşturmadıysanız bu e-postayı dikkate almayabilirsiniz.`,
    },
    'email-otp-reset-password': {
      subject: (p) => `${p.appName} şifre sıfırlama kodunuz`,
      preheader: () => 'Yeni bir şifre belirlemek için bu kodu girin.',
      heading: () => 'Şifrenizi sıfırlayın',
      body: (p) => [
        `${p.appName} hesabınızın şifresini sıfırlama isteği aldık. Yeni bir şifre belirlemek için bu kodu girin:`,
      ],
      action: () => 'Yeni şifre belirle',
      notYou: () => 'Şifre sıfırlama isteğinde bulunmadıysanız bu e-postayı dikkate almayın. Şifreniz değişmeyecek.',
    },
    'security-unproven-access-removed': {
      subject: (p) => `${p.appName} hesabınız artık yalnızca sizin`,
      preheader: () => 'Adresinizi kanıtlamadan önce ayarlananlar kaldırıldı.',
      heading: () => 'Artık yalnızca siz giriş yapabilirsiniz',
      body: (p) => [
        `${p.email} adresinin size ait olduğunu az önce kanıtladınız. Bundan önce ${p.appName} hesabınız, bu adres kimse tarafından kanıtlanmadan ayarlanmıştı.`,
        'Hesabın yalnızca size ait olması için daha önce ayarlanan şifreyi, bağlı giriş sağlayıcılarını, geçiş anahtarlarını ve iki adımlı doğrulamayı kaldırdık ve tüm oturumları kapattık. Bunları siz ayarladıysanız hesap ayarlarınızdan yeniden ekleyin.',
      ],
      action: () => 'Hesabınıza gidin',
      notYou: (p) =>
        `Az önce bu adrese gönderilen bir bağlantı veya kodla giriş yapmadıysanız başka biri e-postalarınızı okuyor olabilir: e-posta hesabınızı güvenceye alın ve ${p.appName} ekibiyle iletişime geçin.`,
    },
  },
};
