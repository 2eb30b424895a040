/** Test helpers shared by the email-flow tests: mailed links of captured or received messages, an app on real SMTP. */
import type { LatchOptions } from '../core/config/schema.ts';
import { createMemoryLogger } from '../core/logger.ts';
import { createMailer, extractLinks, type MailMessage } from '../core/mail/transport.ts';
import { createTestApp, type SharedDatabase, type TestApp } from './harness.ts';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts';

/** The newest captured mail to `to` of `kind`, or throws. */
function lastMail(app: TestApp, to: string, kind: string): MailMessage {
  const found = app.mailer.messages.filter((m) => m.to === to && m.kind === kind).at(-1);
  if (!found) {
    const seen = app.mailer.messages.map((m) => `${m.kind} to ${m.to}`).join('; ') || 'none';
    throw new Error(`no ${kind} mail to ${to} (captured: ${seen})`);
  }
  return found;
}

/** The first link of a mail that contains `includes`. */
function linkIn(message: { text: string }, includes: string): string {
  const link = extractLinks(message.text).find((l) => l.includes(includes));
  if (!link) throw new Error(`no link with ${includes} in: ${message.text}`);
  return link;
}

export function lastLink(app: TestApp, to: string, kind: string, includes: string): string {
  return linkIn(lastMail(app, to, kind), includes);
}

export function countMails(app: TestApp, to: string, kind: string): number {
  return app.mailer.messages.filter((m) => m.to === to && m.kind === kind).length;
}

/** An app whose mail goes over real SMTP to a test receiver (sqlite: the transport is what is under test). */
export async function createSmtpTestApp(
  db: SharedDatabase,
  options: LatchOptions = {},
): Promise<{ app: TestApp; receiver: SmtpReceiver; close(): Promise<void> }> {
  const receiver = await startSmtpReceiver();
  const mailer = createMailer({
    smtpURL: receiver.url,
    from: 'Latch Tests <no-reply@latch.test>',
    outboxDir: '/nonexistent',
    logger: createMemoryLogger(),
    timeoutMs: 2_000,
  });
  const app = createTestApp(db, options, { mailer });
  return {
    app,
    receiver,
    async close() {
      await app.close();
      await receiver.close();
    },
  };
}

/** The first link of a received mail that contains `includes`. */
export function receivedLink(mail: ReceivedMail, includes: string): string {
  const link = mail.links.find((l) => l.includes(includes));
  if (!link) throw new Error(`no link with ${includes} in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}
