/**
 * The one layout every mail uses, as HTML and as plain text.
 *
 * The HTML follows what survives real mail clients: a table layout, inline styles on
 * every element (Gmail and Outlook drop or ignore much of <style>), a bulletproof
 * button (the link fills a coloured table cell), a hidden preheader, `lang`/`dir` on
 * <html>, and `color-scheme` metas plus a prefers-color-scheme block for the clients
 * that honour them (Apple Mail, iOS, Outlook.com). The light palette keeps enough
 * contrast when a client inverts colours on its own (Gmail apps, Outlook).
 */

/** A string that is safe to place in HTML as it is. Only `escapeHtml` and this module make one. */
export type SafeHtml = string & { readonly __safeHtml: true };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): SafeHtml {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c) as SafeHtml;
}

export function trustedHtml(value: string): SafeHtml {
  return value as SafeHtml;
}

export interface LayoutParts<T extends string> {
  /** BCP 47 tag of the mail's language. */
  lang: string;
  title: T;
  preheader: T;
  appName: T;
  heading: T;
  greeting: T;
  paragraphs: T[];
  /** A one-time code shown large (two-factor mail). */
  code?: T;
  /** The call to action: a button in HTML, the label and the raw link in text. */
  action?: { label: T; url: string };
  fallbackLink: T;
  expires?: T;
  notYou: T;
  footer: T;
  /** The operator's brand (docs/branding.md): its logo in place of the name, its colour on the button, its links. */
  brand?: LayoutBrand<T>;
}

export interface LayoutBrand<T extends string> {
  /** An absolute https (or the service's own) URL; the image is named by the app's name. */
  logoURL: string | null;
  /** The button's background and the links' colour, at AA contrast with white and the white card. */
  accent: string | null;
  /** Footer links, each label already translated. */
  links: { label: T; url: string }[];
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const MONO = "ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace";
const TEXT = '#18181b';
const MUTED = '#52525b';
const ACCENT = '#1d4ed8';

const DARK_STYLE = `
  :root { color-scheme: light dark; }
  @media (prefers-color-scheme: dark) {
    .l-page { background-color: #18181b !important; }
    .l-card { background-color: #27272a !important; }
    .l-text { color: #f4f4f5 !important; }
    .l-muted { color: #a1a1aa !important; }
    .l-link { color: #93c5fd !important; }
    .l-code { background-color: #3f3f46 !important; color: #f4f4f5 !important; }
  }`;

function paragraph(content: SafeHtml, muted = false, size = 16): string {
  const cls = muted ? 'l-muted' : 'l-text';
  const color = muted ? MUTED : TEXT;
  return `<p class="${cls}" style="margin:0 0 16px;font-family:${FONT};font-size:${size}px;line-height:1.5;color:${color};">${content}</p>`;
}

const HEX = /^#[0-9a-f]{6}$/i;

function button(label: SafeHtml, url: SafeHtml, accent: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" bgcolor="${accent}" style="border-radius:6px;background-color:${accent};">
<a class="l-button" href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;border-radius:6px;font-family:${FONT};font-size:16px;font-weight:600;line-height:1.25;color:#ffffff;text-decoration:none;">${label}</a>
</td></tr>
</table>`;
}

function codeBlock(code: SafeHtml): string {
  return `<p class="l-code" style="margin:0 0 24px;padding:16px;border-radius:6px;background-color:#f4f4f5;font-family:${MONO};font-size:32px;font-weight:700;letter-spacing:6px;text-align:center;color:${TEXT};">${code}</p>`;
}

/** The HTML part. Every content field must already be escaped (hence SafeHtml); the URL is escaped here. */
export function renderHtmlLayout(parts: LayoutParts<SafeHtml>): string {
  const url = parts.action ? escapeHtml(parts.action.url) : null;
  const accent = parts.brand?.accent && HEX.test(parts.brand.accent) ? parts.brand.accent : ACCENT;
  const logo = parts.brand?.logoURL
    ? `<img src="${escapeHtml(parts.brand.logoURL)}" alt="${parts.appName}" height="32" style="display:block;height:32px;width:auto;max-width:240px;border:0;outline:none;text-decoration:none;font-family:${FONT};font-size:15px;font-weight:700;color:${MUTED};">`
    : parts.appName;
  const links = (parts.brand?.links ?? [])
    .map(
      (link) =>
        `<a class="l-link" href="${escapeHtml(link.url)}" target="_blank" rel="noopener" style="color:${accent};">${link.label}</a>`,
    )
    .join(' &middot; ');
  const body = [
    paragraph(parts.greeting),
    ...parts.paragraphs.map((p) => paragraph(p)),
    parts.code ? codeBlock(parts.code) : '',
    parts.action && url ? button(parts.action.label, url, accent) : '',
    parts.action && url
      ? paragraph(
          trustedHtml(
            `${parts.fallbackLink}<br><a class="l-link" href="${url}" target="_blank" rel="noopener" style="color:${accent};word-break:break-all;">${url}</a>`,
          ),
          true,
          14,
        )
      : '',
    parts.expires ? paragraph(parts.expires, true, 14) : '',
    paragraph(parts.notYou, true, 14),
  ]
    .filter(Boolean)
    .join('\n');

  // Filler after the preheader keeps clients from pulling body text into the preview line.
  const filler = '&#847;&zwnj;&nbsp;'.repeat(40);
  return `<!DOCTYPE html>
<html lang="${parts.lang}" dir="ltr" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${parts.title}</title>
<style>${DARK_STYLE}
</style>
</head>
<body class="l-page" style="margin:0;padding:0;width:100%;background-color:#f4f4f5;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:#f4f4f5;">${parts.preheader}${filler}</div>
<table role="presentation" class="l-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5;">
<tr><td align="center" style="padding:32px 12px;">
<!--[if mso]><table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td class="l-muted" style="padding:0 8px 16px;font-family:${FONT};font-size:15px;font-weight:700;color:${MUTED};">${logo}</td></tr>
<tr><td class="l-card" style="padding:32px;border-radius:8px;background-color:#ffffff;">
<h1 class="l-text" style="margin:0 0 24px;font-family:${FONT};font-size:22px;line-height:1.3;font-weight:700;color:${TEXT};">${parts.heading}</h1>
${body}
</td></tr>
<tr><td class="l-muted" style="padding:16px 8px 0;font-family:${FONT};font-size:12px;line-height:1.5;color:${MUTED};">${links ? `${links}<br>` : ''}${parts.footer}</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}

/** The plain-text part: the same content, one block per paragraph, the raw link on its own line. */
export function renderTextLayout(parts: LayoutParts<string>): string {
  const blocks = [
    parts.heading,
    parts.greeting,
    ...parts.paragraphs,
    parts.code ? `    ${parts.code}` : '',
    parts.action ? `${parts.action.label}\n${parts.action.url}` : '',
    parts.expires ?? '',
    parts.notYou,
    // "-- " (with the space) is the signature separator mail clients recognise
    `-- \n${parts.footer}${(parts.brand?.links ?? []).map((link) => `\n${link.label}: ${link.url}`).join('')}`,
  ];
  return `${blocks.filter(Boolean).join('\n\n')}\n`;
}
