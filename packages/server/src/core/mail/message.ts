/** What the mail transports exchange with the features that send mail. */
import type { Logger } from '../logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The MailKind, for logs, file names and the X-Latch-Mail-Kind header. */
  kind?: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message; throws MailDeliveryError otherwise. */
  send(message: MailMessage): Promise<void>;
  /** One line for the start-up banner: where mail goes. Never contains credentials. */
  describe(): string;
  close(): Promise<void>;
}

export interface MailDeliveryDetails {
  /** nodemailer's error code (ECONNECTION, ETIMEDOUT, EENVELOPE, EMESSAGE, EAUTH, …) or REJECTED. */
  reason: string;
  /** The SMTP reply code when the server answered, e.g. 550. */
  responseCode?: number;
  kind?: string;
}

/** A message could not be handed to the SMTP server. The message never contains SMTP credentials. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  constructor(
    message: string,
    readonly details: MailDeliveryDetails,
  ) {
    super(message);
  }

  /** True when the server refused for good (5xx); false for timeouts, dead servers and 4xx. */
  get permanent(): boolean {
    return this.details.responseCode !== undefined && this.details.responseCode >= 500;
  }
}

export interface CreateMailerOptions {
  smtpURL: string | null;
  /** The From header, e.g. `Latch <no-reply@example.com>`. */
  from: string;
  /** Where the outbox writes mail when there is no SMTP URL. */
  outboxDir: string;
  logger: Logger;
  /** Connection, greeting, DNS and idle-socket timeout; a whole send is abandoned after three times this. */
  timeoutMs?: number;
}

/** The header that names the MailKind of a message (for filters, tests and support). */
export const KIND_HEADER = 'X-Latch-Mail-Kind';

/**
 * How the text and HTML parts are encoded: quoted-printable for every mail, which keeps the
 * links readable in the raw message and is valid for any script. Left to nodemailer, the
 * choice counts every Latin letter of the HTML into an array (a third of a millisecond of
 * the main thread per mail).
 */
export const TEXT_ENCODING = 'quoted-printable';
