/**
 * GET /error: the page a person lands on when a redirect flow fails and there is no
 * application URL to send them to. The code is shown escaped; only codes made of
 * [A-Za-z0-9_'-] are shown at all (others read UNKNOWN).
 */
const STATE_CODES = new Set(['state_not_found', 'state_mismatch', 'state_invalid', 'invalid_callback_request']);

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function renderErrorPage(appName: string, rawCode: string | null, rawDescription: string | null): string {
  const code = rawCode && /^['A-Za-z0-9_-]+$/.test(rawCode) ? rawCode : 'UNKNOWN';
  const restart = STATE_CODES.has(code.toLowerCase());
  const description = rawDescription
    ? escapeHtml(rawDescription.slice(0, 500))
    : restart
      ? 'The sign-in could not be completed because it expired or was started in another browser. Please start the sign-in again.'
      : 'Something went wrong while signing you in. Please try again.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Authentication Error</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; padding: 2rem; border: 1px solid color-mix(in srgb, CanvasText 15%, transparent); border-radius: 12px; }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  code { display: inline-block; padding: .15rem .4rem; border-radius: 6px; background: color-mix(in srgb, CanvasText 8%, transparent); }
  a { display: inline-block; margin-top: 1.25rem; padding: .6rem 1rem; border-radius: 8px; background: #2b59c3; color: #fff; text-decoration: none; }
  a:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Authentication Error</h1>
<p>${escapeHtml(appName)} could not complete your request.</p>
<p>Error code: <code>${escapeHtml(code)}</code></p>
<p>${description}</p>
<a href="/">Return to Application</a>
</main>
</body>
</html>`;
}
