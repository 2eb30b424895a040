/**
 * A real SMTP server for tests: listens on 127.0.0.1 on a free port, accepts every
 * message (no AUTH, no TLS), parses it with mailparser and keeps it in memory. It can be
 * told to refuse messages, so tests can prove what happens when the mail server says no.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The From header's first address as `Name <address>` (or the bare address), unquoted. */
  from: string;
  /** The envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** http(s) links of the text part and hrefs of the HTML part, in order, without duplicates. */
  links: string[];
  /** The X-Latch-Mail-Kind header, or null. */
  kind: string | null;
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`, ready for createMailer. */
  url: string;
  port: number;
  /** Every accepted message, oldest first. */
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that matches; rejects after timeoutMs. */
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** While on, every message is refused with `550 5.7.1` (a permanent failure). */
  rejectAll(reject: boolean): void;
  /** Refuses the next `n` messages with `451 4.3.0` (a temporary failure). */
  failNext(n?: number): void;
  close(): Promise<void>;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

function linksOf(text: string, html: string): string[] {
  const fromText = text.match(/https?:\/\/[^\s<>"'()]+/g) ?? [];
  const fromHtml = [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((m) =>
    (m[1] ?? '').replace(/&(amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e),
  );
  return [...new Set([...fromText, ...fromHtml])];
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{ pred: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }>();
  let rejecting = false;
  let failures = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    banner: 'latch test receiver',
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (rejecting) return callback(smtpError(550, '5.7.1 Message refused (test receiver rejects all)'));
        if (failures > 0) {
          failures--;
          return callback(smtpError(451, '4.3.0 Temporary failure (test receiver)'));
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            const text = parsed.text ?? '';
            const html = typeof parsed.html === 'string' ? parsed.html : '';
            const kind = parsed.headers.get('x-latch-mail-kind');
            const sender = parsed.from?.value[0];
            const mail: ReceivedMail = {
              from: sender ? (sender.name ? `${sender.name} <${sender.address ?? ''}>` : (sender.address ?? '')) : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text,
              html,
              links: linksOf(text, html),
              kind: typeof kind === 'string' ? kind : null,
            };
            messages.push(mail);
            for (const w of waiters) {
              if (w.pred(mail)) {
                waiters.delete(w);
                w.resolve(mail);
              }
            }
            callback();
          },
          (err: unknown) => callback(smtpError(554, `5.6.0 Unparseable message: ${String(err)}`)),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // smtp-server re-emits socket errors; a test that kills a connection must not crash the run
  server.on('error', () => {});
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp receiver: no port');
  const port = address.port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(pred, timeoutMs = 5_000) {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          pred,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `"${m.subject}" to ${m.to.join(',')}`).join('; ') || 'none';
          reject(new Error(`smtp receiver: no matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    rejectAll(reject) {
      rejecting = reject;
    },
    failNext(n = 1) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
