/**
 * The axe check itself: it finds a violation a person would meet (a field without a name, text
 * too faint to read) and names the rule, its impact and the element, under a Content-Security-
 * Policy that refuses inline script, as the app's does.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoAxeViolationsInOtherTheme } from './axe.ts';
import { launchChromium, skipBrowserJourneys } from './browser.ts';

const PAGE = `<!doctype html><html lang="en"><head>
<meta http-equiv="Content-Security-Policy" content="script-src 'self'">
<title>axe check</title></head><body><main>
<h1>Sign in</h1>
<input id="nameless" type="text">
<p id="faint" style="color:#eee;background:#fff">Forgot your password?</p>
</main></body></html>`;

describe.skipIf(skipBrowserJourneys())('expectNoAxeViolations', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('lists each violated rule with its impact and elements, despite a CSP without inline script', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.setContent(PAGE);
    const failure = await expectNoAxeViolations(page, 'sign-in').then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain('on "sign-in"');
    expect(message).toMatch(/- label \(critical\): .*\n\s+#nameless/);
    expect(message).toMatch(/- color-contrast \(serious\): .*\n\s+#faint/);
    expect(refused).toEqual([]);
  });

  it('passes a page with named fields and readable text', async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>ok</title></head><body><main><h1>Sign in</h1><label>Email <input type="email"></label></main></body></html>',
    );
    await expectNoAxeViolations(page, 'sign-in');
  });

  it('checks the other theme by switching the system colour scheme, and puts the theme back', async () => {
    const page = await browser.newPage({ colorScheme: 'light' });
    // readable in light, faint in dark; the theme follows the system as the app's does
    await page.setContent(`<!doctype html><html lang="en"><head><title>themes</title><style>
      [data-theme=light] body { background: #fff; color: #222 }
      [data-theme=dark] body { background: #111; color: #333 }
      </style></head><body><main><h1>Profile</h1><p id="faint">Ada Lovelace</p></main>
      <script>
        const query = matchMedia('(prefers-color-scheme: dark)');
        const apply = () => { document.documentElement.dataset.theme = query.matches ? 'dark' : 'light'; };
        apply();
        query.addEventListener('change', apply);
      </script></body></html>`);
    await expectNoAxeViolations(page, 'profile');
    const failure = await expectNoAxeViolationsInOtherTheme(page, 'profile').then(
      () => null,
      (err: unknown) => err,
    );
    expect((failure as Error).message).toMatch(/on "profile, switched to dark"[\s\S]*- color-contrast \(serious\)/);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });
});
