/**
 * The text and HTML parts of a mail, encoded here rather than by nodemailer: its
 * quoted-printable encoder tests every byte against a list of ranges, builds the result a
 * character at a time and wraps it with regular expressions, about a quarter of a
 * millisecond of the main thread per mail (docs/performance.md). This one looks each byte
 * up in a table and copies runs that need no escape whole. The parts are handed to
 * nodemailer ready-made (`raw`), with the headers it would have written itself.
 *
 * Quoted-printable (RFC 2045 §6.7): printable ASCII but `=` stands for itself, every other
 * byte is `=XX`; a space or tab at the end of a line is escaped too; a line of the encoded
 * body has at most 76 characters, longer ones end in a soft break (`=`) that decoders remove;
 * an escape is never split. Line breaks of the text become CRLF.
 */

const HEX = '0123456789ABCDEF';
/** Longest content of an encoded line, leaving room for the soft break's `=`. */
const MAX = 75;

/** 1 for the bytes that stand for themselves anywhere on a line: printable ASCII but `=`, space and tab. */
const PLAIN = new Uint8Array(256);
for (let b = 33; b <= 126; b++) PLAIN[b] = 1;
PLAIN[61] = 0; // '='
PLAIN[32] = 1; // space: escaped at a line's end
PLAIN[9] = 1; // tab: idem

function encodeLine(line: string, out: string[]): void {
  const bytes = Buffer.from(line, 'utf8');
  const end = bytes.length;
  let encoded = '';
  let width = 0;
  let i = 0;
  while (i < end) {
    // a run of bytes that stand for themselves, cut where the line is full
    let j = i;
    while (j < end && PLAIN[bytes[j] as number] === 1 && width + (j - i) < MAX) j++;
    // a space or tab ending the line is escaped
    if (j === end && j > i && (bytes[j - 1] === 32 || bytes[j - 1] === 9)) j--;
    if (j > i) {
      encoded += bytes.toString('latin1', i, j);
      width += j - i;
      i = j;
      if (i === end) break;
      if (width >= MAX) {
        out.push(`${encoded}=`);
        encoded = '';
        width = 0;
        continue;
      }
      if (PLAIN[bytes[i] as number] === 1 && i !== end - 1) continue;
    }
    // one escape (the byte is '=', not ASCII, a control character, or a space/tab at the end)
    if (width + 3 > MAX) {
      out.push(`${encoded}=`);
      encoded = '';
      width = 0;
    }
    const b = bytes[i] as number;
    encoded += `=${HEX[b >> 4]}${HEX[b & 15]}`;
    width += 3;
    i++;
  }
  out.push(encoded);
}

/** `text` as a quoted-printable body, lines separated by CRLF. */
export function encodeQuotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) encodeLine(line, out);
  return out.join('\r\n');
}

/** A whole MIME part (its headers, a blank line, the body) of UTF-8 text, quoted-printable. */
export function quotedPrintablePart(contentType: 'text/plain' | 'text/html', text: string): string {
  return `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${encodeQuotedPrintable(text)}`;
}
