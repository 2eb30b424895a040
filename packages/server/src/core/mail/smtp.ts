/**
 * SMTP delivery: a pooled nodemailer transport with short timeouts, so a dead server
 * fails a request within seconds instead of hanging it. Credentials never reach a log
 * line, an error message or the start-up banner.
 */
import { recordMailFailure } from '../metrics.ts';
import { loadNodemailer } from '../optional-modules.ts';
import {
  type CreateMailerOptions,
  KIND_HEADER,
  MailDeliveryError,
  type Mailer,
  type MailMessage,
  TEXT_ENCODING,
} from './message.ts';

const DEFAULT_TIMEOUT_MS = 10_000;

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  pass: string | null;
  requireTLS: boolean;
  ignoreTLS: boolean;
  rejectUnauthorized: boolean;
}

const BOOLEAN_PARAMS = ['requireTLS', 'ignoreTLS', 'rejectUnauthorized'] as const;

/**
 * Parses `smtp://user:pass@host:port` or `smtps://…`, with optional `?requireTLS=true`,
 * `?ignoreTLS=true` or `?rejectUnauthorized=false`. Errors never echo the URL: it may
 * hold a password.
 */
export function parseSmtpUrl(smtpURL: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(smtpURL);
  } catch {
    throw new Error('SMTP_URL is not a valid URL (expected smtp://user:pass@host:port or smtps://…)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  if (!url.hostname) throw new Error('SMTP_URL has no host');
  const secure = url.protocol === 'smtps:';
  const flags: Record<(typeof BOOLEAN_PARAMS)[number], boolean> = {
    requireTLS: false,
    ignoreTLS: false,
    rejectUnauthorized: true,
  };
  for (const [key, value] of url.searchParams) {
    if (!(BOOLEAN_PARAMS as readonly string[]).includes(key)) {
      throw new Error(`SMTP_URL has an unknown parameter "${key}" (known: ${BOOLEAN_PARAMS.join(', ')})`);
    }
    if (value !== 'true' && value !== 'false') throw new Error(`SMTP_URL parameter "${key}" must be true or false`);
    flags[key as (typeof BOOLEAN_PARAMS)[number]] = value === 'true';
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    // RFC 8314: 465 for implicit TLS; 587 (submission, STARTTLS) otherwise
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : null,
    pass: url.password ? decodeURIComponent(url.password) : null,
    ...flags,
  };
}

export function createSmtpMailer(smtpURL: string, opts: CreateMailerOptions): Mailer {
  const settings = parseSmtpUrl(smtpURL);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { logger } = opts;
  const hostForUrl = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  // The user name is left out too: some providers (Postmark) use the API token as user name.
  const display = `SMTP ${settings.secure ? 'smtps' : 'smtp'}://${hostForUrl}:${settings.port}`;
  // (a provider that uses its token as both user name and password is covered by the password)
  const secrets = [settings.pass, settings.pass && encodeURIComponent(settings.pass), smtpURL].filter(
    (s): s is string => !!s,
  );
  const redact = (text: string) => secrets.reduce((t, s) => t.split(s).join('***'), text);

  const transporter = loadNodemailer().createTransport({
    pool: true,
    maxConnections: 3,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTLS,
    ignoreTLS: settings.ignoreTLS,
    tls: { rejectUnauthorized: settings.rejectUnauthorized },
    auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    from: opts.from,
  });
  // The pool reports connection failures to the message's callback; this keeps a stray
  // 'error' event from crashing the process.
  transporter.on('error', (err: Error) => logger.warn('SMTP transport error', { error: redact(err.message) }));

  const fail = (message: MailMessage, err: unknown): MailDeliveryError => {
    const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
    const reason = typeof e.code === 'string' ? e.code : 'UNKNOWN';
    const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
    const detail = redact(typeof e.message === 'string' ? e.message : String(err));
    const error = new MailDeliveryError(`Mail to ${message.to} was not accepted by ${display}: ${detail}`, {
      reason,
      ...(responseCode === undefined ? {} : { responseCode }),
      ...(message.kind === undefined ? {} : { kind: message.kind }),
    });
    logger.error('mail delivery failed', { kind: message.kind, to: message.to, reason, responseCode, error: detail });
    recordMailFailure(message.kind ?? 'unknown');
    return error;
  };

  return {
    async send(message) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          const err = Object.assign(new Error(`no answer within ${(timeoutMs * 3) / 1000} s`), { code: 'ETIMEDOUT' });
          reject(err);
        }, timeoutMs * 3);
      });
      let info: { messageId: string; rejected: unknown[] };
      try {
        info = await Promise.race([
          transporter.sendMail({
            from: opts.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            textEncoding: TEXT_ENCODING,
            headers: message.kind ? { [KIND_HEADER]: message.kind } : {},
          }),
          deadline,
        ]);
      } catch (err) {
        throw fail(message, err);
      } finally {
        clearTimeout(timer);
      }
      if (info.rejected.length > 0) {
        throw fail(message, { code: 'REJECTED', message: 'the recipient was rejected' });
      }
      logger.info('mail sent', { kind: message.kind, to: message.to, messageId: info.messageId });
    },
    describe: () => display,
    close: async () => transporter.close(),
  };
}
