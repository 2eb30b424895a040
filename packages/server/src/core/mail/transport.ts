/**
 * Where mail goes. With an SMTP URL: SMTP (smtp.ts). Without one: the outbox
 * (outbox.ts), which logs each mail with its links and writes it as files. For tests of
 * other features: the capturing mailer. See docs/mail.md.
 */
import { type CreateMailerOptions, MailDeliveryError, type Mailer, type MailMessage } from './message.ts';
import { createOutboxMailer } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';

export {
  type CreateMailerOptions,
  KIND_HEADER,
  type MailDeliveryDetails,
  MailDeliveryError,
  type Mailer,
  type MailMessage,
} from './message.ts';
export { extractLinks } from './outbox.ts';
export { parseSmtpUrl } from './smtp.ts';

export function createMailer(opts: CreateMailerOptions): Mailer {
  return opts.smtpURL ? createSmtpMailer(opts.smtpURL, opts) : createOutboxMailer(opts);
}

export interface CapturingMailer extends Mailer {
  /** Every message sent, oldest first. */
  messages: MailMessage[];
  /** While on, send() throws MailDeliveryError (responseCode 550), as a refusing SMTP server would. */
  rejectAll(reject: boolean): void;
}

/** A mailer that keeps messages in memory, for tests of the features that send mail. */
export function createCapturingMailer(): CapturingMailer {
  const messages: MailMessage[] = [];
  let rejecting = false;
  return {
    messages,
    rejectAll(reject) {
      rejecting = reject;
    },
    async send(message) {
      if (rejecting) {
        throw new MailDeliveryError(`Mail to ${message.to} was rejected (test mailer)`, {
          reason: 'EMESSAGE',
          responseCode: 550,
          ...(message.kind === undefined ? {} : { kind: message.kind }),
        });
      }
      messages.push({ ...message });
    },
    describe: () => 'memory (captured for tests)',
    close: async () => {},
  };
}
