/** Mail: rendering in eight languages and delivery over SMTP or to the outbox. See docs/mail.md. */
export { formatDuration } from './duration.ts';
export {
  MAIL_KINDS,
  type MailBrand,
  type MailKind,
  type MailVars,
  mailBrand,
  pickLanguage,
  type RenderedMail,
  renderMail,
} from './render.ts';
export {
  type CapturingMailer,
  type CreateMailerOptions,
  createCapturingMailer,
  createMailer,
  extractLinks,
  KIND_HEADER,
  type MailDeliveryDetails,
  MailDeliveryError,
  type Mailer,
  type MailMessage,
  parseSmtpUrl,
} from './transport.ts';
