/**
 * The mail parts Latch encodes itself (quoted-printable.ts): what a mail client decodes is
 * exactly the text that was rendered, in every language, and every encoded line is one a
 * mail server accepts (printable ASCII, at most 76 characters).
 */
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import { encodeQuotedPrintable, quotedPrintablePart } from './quoted-printable.ts';
import { MAIL_KINDS, renderMail } from './render.ts';

/** What a mail client reads from a message holding `text` as its only part. */
async function decoded(text: string): Promise<string> {
  const message = `From: a@example.test\r\nTo: b@example.test\r\nSubject: t\r\nMIME-Version: 1.0\r\n${quotedPrintablePart('text/plain', text)}`;
  const parsed = await simpleParser(Buffer.from(message));
  return parsed.text ?? '';
}

function expectWellFormed(encoded: string): void {
  for (const line of encoded.split('\r\n')) {
    expect(line.length).toBeLessThanOrEqual(76);
    expect(line).toMatch(/^[\x21-\x7e \t]*$/);
    // whitespace never ends a line (it would be lost in transit), and a soft break ends in '='
    expect(line).not.toMatch(/[ \t]$/);
    // an escape is never cut by a soft break
    expect(line).not.toMatch(/=[0-9A-F]?=$/);
  }
}

describe('quoted-printable mail parts', () => {
  const tricky = [
    '',
    'plain ASCII, short',
    'a = b, and =3D is not an escape',
    'trailing space \nand tab\t\nand both \t',
    `${'x'.repeat(75)}\n${'y'.repeat(76)}\n${'z'.repeat(300)}`,
    `${'a'.repeat(74)}é${'b'.repeat(73)}=${'c'.repeat(200)} `,
    'Здравствуйте, Анна! Ссылка действует 2\u00a0часа.',
    'パスワードの再設定 — 日本語のテキストは全部エスケープされます。'.repeat(5),
    'emoji 🔐🔑 and combining é (e + \u0301)',
    'CRLF\r\nlines\rand lone CR\n\nand an empty line',
    '.a line starting with a dot\n..two\nFrom the start',
    `${' '.repeat(80)}\n\t${'\t'.repeat(80)}`,
  ];

  it.each(tricky.map((text, i) => [i, text]))(
    'decodes back to the text (%i) and stays within the lines a server accepts',
    async (_i, text) => {
      const encoded = encodeQuotedPrintable(text);
      expectWellFormed(encoded);
      expect(await decoded(text)).toBe(text.replace(/\r\n|\r/g, '\n'));
    },
  );

  it('every kind of mail in every language: both parts decode to what was rendered', async () => {
    for (const language of LANGUAGE_CODES) {
      for (const kind of MAIL_KINDS) {
        const rendered = renderMail(
          kind,
          {
            appName: 'Acme',
            url: 'https://auth.example.com/api/auth/verify-email?token=abc.DEF-123&callbackURL=%2Fwelcome',
            expiresInSeconds: 3600,
            userName: 'Zoë',
            email: 'zoe@example.com',
            newEmail: 'new@example.com',
            organizationName: 'Org',
            inviterName: 'Ann',
            role: 'admin',
            code: '123456',
            providerName: 'GitHub',
            device: 'Firefox on Linux',
          },
          language,
        );
        for (const body of [rendered.text, rendered.html]) {
          expectWellFormed(encodeQuotedPrintable(body));
          expect(await decoded(body)).toBe(body.replace(/\r\n|\r/g, '\n'));
        }
      }
    }
  });
});
