import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { createMemoryLogger } from '../logger.ts';
import { renderMail } from './render.ts';
import {
  createCapturingMailer,
  createMailer,
  MailDeliveryError,
  type Mailer,
  type MailMessage,
  parseSmtpUrl,
} from './transport.ts';

const FROM = 'Latch <no-reply@latch.test>';
const URL_WITH_QUERY = 'https://auth.example.com/api/auth/verify-email?token=abc.DEF-123&callbackURL=%2Fwelcome';

function verificationMessage(to: string): MailMessage {
  const rendered = renderMail(
    'verify-email',
    { appName: 'Acme', url: URL_WITH_QUERY, expiresInSeconds: 3600, userName: 'Zoë' },
    3,
  );
  return { to, kind: 'verify-email', ...rendered };
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('SMTP transport', () => {
  let receiver: SmtpReceiver;
  const mailers: Mailer[] = [];
  const smtpMailer = (logger = createMemoryLogger(), url = receiver.url) => {
    const mailer = createMailer({ smtpURL: url, from: FROM, outboxDir: '/nonexistent', logger, timeoutMs: 2_000 });
    mailers.push(mailer);
    return mailer;
  };

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterEach(async () => {
    receiver.rejectAll(false);
    await Promise.all(mailers.splice(0).map((m) => m.close()));
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('delivers a rendered mail with both parts, the From header and the link intact', async () => {
    const mailer = smtpMailer();
    const message = verificationMessage('zoe@example.com');
    await mailer.send(message);

    const got = await receiver.waitFor((m) => m.to.includes('zoe@example.com'));
    expect(got.subject).toBe('Verify your email address for Acme');
    expect(got.from).toBe(FROM);
    expect(got.kind).toBe('verify-email');
    expect(got.text).toContain('Hi Zoë,');
    expect(got.text).toContain(URL_WITH_QUERY);
    expect(got.html).toContain('<html lang="en"');
    expect(got.html).toContain('Verify email address</a>');
    // the link survives quoted-printable and HTML encoding, in both parts
    expect(got.links).toEqual([URL_WITH_QUERY]);
  });

  it('keeps non-Latin text intact over the wire', async () => {
    const mailer = smtpMailer();
    const rendered = renderMail(
      'reset-password',
      { appName: 'Acme', url: URL_WITH_QUERY, expiresInSeconds: 7200, userName: 'Анна' },
      0,
    );
    await mailer.send({ to: 'anna@example.com', kind: 'reset-password', ...rendered });
    const got = await receiver.waitFor((m) => m.to.includes('anna@example.com'));
    expect(got.subject).toBe('Восстановление пароля в Acme');
    expect(got.text).toContain('Здравствуйте, Анна!');
    expect(got.text).toContain('Ссылка действует 2\u00a0часа.');
  });

  it('describes itself without credentials', () => {
    const mailer = smtpMailer(createMemoryLogger(), 'smtp://postmark-token:postmark-token@smtp.example.com:2525');
    expect(mailer.describe()).toBe('SMTP smtp://smtp.example.com:2525');
    expect(mailer.describe()).not.toContain('postmark-token');
  });

  it('throws MailDeliveryError with the SMTP code when the server refuses the message', async () => {
    receiver.rejectAll(true);
    const logger = createMemoryLogger();
    const mailer = smtpMailer(logger);
    const before = receiver.messages.length;
    const started = Date.now();
    const error = await mailer.send(verificationMessage('refused@example.com')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    const delivery = error as MailDeliveryError;
    expect(delivery.details.responseCode).toBe(550);
    expect(delivery.permanent).toBe(true);
    expect(delivery.details.kind).toBe('verify-email');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(receiver.messages.length).toBe(before);
    expect(logger.lines.some((l) => l.level === 'error' && l.line.includes('refused@example.com'))).toBe(true);
  });

  it('reports a temporary refusal as not permanent, and sends again once the server recovers', async () => {
    const mailer = smtpMailer();
    receiver.failNext(1);
    const error = await mailer.send(verificationMessage('later@example.com')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).details.responseCode).toBe(451);
    expect((error as MailDeliveryError).permanent).toBe(false);

    await mailer.send(verificationMessage('later@example.com'));
    await receiver.waitFor((m) => m.to.includes('later@example.com'));
  });

  it('fails fast, without leaking the password, when nothing listens on the port', async () => {
    const port = await closedPort();
    const logger = createMemoryLogger();
    const mailer = smtpMailer(logger, `smtp://mailer:s3cr%40t-pass@127.0.0.1:${port}`);
    const started = Date.now();
    const error = await mailer.send(verificationMessage('nobody@example.com')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    // nodemailer calls a refused connection ESOCKET; either way no SMTP server answered
    expect((error as MailDeliveryError).details.responseCode).toBeUndefined();
    expect((error as MailDeliveryError).permanent).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    const everything = `${(error as Error).message} ${logger.lines.map((l) => l.line).join('\n')}`;
    expect(everything).not.toContain('s3cr');
    expect(mailer.describe()).toBe(`SMTP smtp://127.0.0.1:${port}`);
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    try {
      const mailer = createMailer({
        smtpURL: `smtp://127.0.0.1:${address.port}`,
        from: FROM,
        outboxDir: '/nonexistent',
        logger: createMemoryLogger(),
        timeoutMs: 300,
      });
      mailers.push(mailer);
      const started = Date.now();
      const error = await mailer.send(verificationMessage('silent@example.com')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailDeliveryError);
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('parseSmtpUrl', () => {
  it('reads host, port, TLS mode and decoded credentials', () => {
    expect(parseSmtpUrl('smtps://user%40example.com:p%40ss@mail.example.com')).toMatchObject({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      user: 'user@example.com',
      pass: 'p@ss',
    });
    expect(parseSmtpUrl('smtp://mail.example.com')).toMatchObject({ port: 587, secure: false, user: null });
    expect(parseSmtpUrl('smtp://h:25?requireTLS=true&rejectUnauthorized=false')).toMatchObject({
      port: 25,
      requireTLS: true,
      rejectUnauthorized: false,
    });
  });

  it('refuses other schemes and unknown options without echoing the URL', () => {
    expect(() => parseSmtpUrl('http://u:hunter2@h')).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => parseSmtpUrl('smtp://u:hunter2@h?pool=true')).toThrow(/unknown parameter "pool"/);
    for (const bad of ['http://u:hunter2@h', 'not a url hunter2', 'smtp://u:hunter2@h?pool=true']) {
      expect(() => parseSmtpUrl(bad)).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
      );
    }
  });
});

describe('outbox (no SMTP_URL)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'latch-outbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('logs the links and writes an .eml and an .html a person can open', async () => {
    const logger = createMemoryLogger();
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ smtpURL: null, from: FROM, outboxDir, logger });
    expect(mailer.describe()).toBe(`the log and ${outboxDir}/`);

    await mailer.send(verificationMessage('zoe@example.com'));
    await mailer.send(verificationMessage('zoe@example.com'));

    const info = logger.lines.filter((l) => l.level === 'info');
    expect(info).toHaveLength(2);
    expect(info[0]?.line).toContain('zoe@example.com');
    expect(info[0]?.line).toContain(JSON.stringify(URL_WITH_QUERY));

    const files = (await readdir(outboxDir)).sort();
    // two mails in the same millisecond must not overwrite each other
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.html'))).toHaveLength(2);
    const eml = files.find((f) => f.endsWith('.eml'));
    expect(eml).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-verify-email-zoe@example\.com\.eml$/);

    const parsed = await simpleParser(await readFile(path.join(outboxDir, eml ?? '')));
    expect(parsed.subject).toBe('Verify your email address for Acme');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Latch', address: 'no-reply@latch.test' });
    expect(parsed.text).toContain(URL_WITH_QUERY);
    const html = await readFile(path.join(outboxDir, (eml ?? '').replace(/\.eml$/, '.html')), 'utf8');
    expect(html).toContain('<!DOCTYPE html>');
    expect(html).toContain(URL_WITH_QUERY.replace(/&/g, '&amp;'));
  });

  it('logs the text of a mail without links, so a two-factor code can be read', async () => {
    const logger = createMemoryLogger();
    const mailer = createMailer({ smtpURL: null, from: FROM, outboxDir: path.join(dir, 'otp'), logger });
    const rendered = renderMail('two-factor-otp', { appName: 'Acme', code: '493817', expiresInSeconds: 300 }, 3);
    await mailer.send({ to: 'zoe@example.com', kind: 'two-factor-otp', ...rendered });
    expect(logger.lines.find((l) => l.level === 'info')?.line).toContain('493817');
  });

  it('still logs the mail when the outbox cannot be written', async () => {
    const logger = createMemoryLogger();
    const blocker = path.join(dir, 'a-file');
    await import('node:fs/promises').then((fs) => fs.writeFile(blocker, 'x'));
    const mailer = createMailer({ smtpURL: null, from: FROM, outboxDir: path.join(blocker, 'outbox'), logger });
    await mailer.send(verificationMessage('zoe@example.com'));
    expect(logger.lines.some((l) => l.level === 'warn')).toBe(true);
    expect(logger.lines.find((l) => l.level === 'info')?.line).toContain(JSON.stringify(URL_WITH_QUERY));
  });
});

describe('createCapturingMailer', () => {
  it('keeps what was sent and can play a refusing server', async () => {
    const mailer = createCapturingMailer();
    await mailer.send(verificationMessage('a@example.com'));
    expect(mailer.messages.map((m) => m.to)).toEqual(['a@example.com']);
    mailer.rejectAll(true);
    await expect(mailer.send(verificationMessage('b@example.com'))).rejects.toBeInstanceOf(MailDeliveryError);
    expect(mailer.messages).toHaveLength(1);
  });
});
