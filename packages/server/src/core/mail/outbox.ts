/**
 * The outbox, used when no SMTP URL is configured: each mail is logged with its links
 * and written as an .eml (for a mail client) and an .html (for a browser) file, so a
 * person trying Latch locally can finish every flow.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import { recordMailFailure } from '../metrics.ts';
import { loadNodemailer } from '../optional-modules.ts';
import { type CreateMailerOptions, KIND_HEADER, type Mailer, type MailMessage, TEXT_ENCODING } from './message.ts';

/** Every http(s) link of a plain-text body, in order, without duplicates. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"'()]+/g) ?? [])];
}

function outboxBaseName(message: MailMessage, date: Date): string {
  // ':' is not allowed in Windows file names; keep the rest readable
  const stamp = date.toISOString().replace(/:/g, '-');
  const safe = (s: string) => s.replace(/[^A-Za-z0-9@._+-]+/g, '_').slice(0, 80);
  return `${stamp}-${safe(message.kind ?? 'mail')}-${safe(message.to)}`;
}

/** What an outbox keeps between mails: the .eml builder, and whether its directory exists. */
interface OutboxState {
  builder: Transporter<StreamTransport.SentMessageInfo> | null;
  /** Set once the directory was made; a failure leaves it unset, so the next mail tries again. */
  made: Promise<unknown> | null;
}

/** Writes `<name>.eml` (the full message, for a mail client) and `<name>.html` (for a browser). */
async function writeToOutbox(dir: string, from: string, message: MailMessage, state: OutboxState): Promise<string> {
  state.made ??= mkdir(dir, { recursive: true }).catch((err: unknown) => {
    state.made = null;
    throw err;
  });
  await state.made;
  // one builder for every mail: making a transport costs a fifth of building a message
  state.builder ??= loadNodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const built = await state.builder.sendMail({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    textEncoding: TEXT_ENCODING,
    headers: message.kind ? { [KIND_HEADER]: message.kind } : {},
  });
  const base = outboxBaseName(message, new Date());
  for (let attempt = 1; ; attempt++) {
    const name = attempt === 1 ? base : `${base}-${attempt}`;
    const eml = path.join(dir, `${name}.eml`);
    try {
      await writeFile(eml, built.message as Buffer, { flag: 'wx' });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && attempt < 100) continue;
      // the directory went away since it was made (removed by hand): make it again next time
      if (code === 'ENOENT') state.made = null;
      throw err;
    }
    await writeFile(path.join(dir, `${name}.html`), message.html);
    return eml;
  }
}

export function createOutboxMailer(opts: CreateMailerOptions): Mailer {
  const { logger, outboxDir } = opts;
  const state: OutboxState = { builder: null, made: null };
  return {
    async send(message) {
      const links = extractLinks(message.text);
      let file: string | null = null;
      try {
        file = await writeToOutbox(outboxDir, opts.from, message, state);
      } catch (err) {
        // The log line below still carries the links, so the flow can be finished.
        logger.warn('could not write mail to the outbox', { dir: outboxDir, error: (err as Error).message });
        recordMailFailure(message.kind ?? 'unknown');
      }
      logger.info(`mail to ${message.to} (not sent: no SMTP_URL): ${message.subject}`, {
        kind: message.kind,
        to: message.to,
        links,
        file,
        // a mail without links (the two-factor code) is only useful with its text
        ...(links.length === 0 ? { text: message.text } : {}),
      });
    },
    describe: () => `the log and ${outboxDir.endsWith('/') ? outboxDir : `${outboxDir}/`}`,
    close: async () => {},
  };
}
