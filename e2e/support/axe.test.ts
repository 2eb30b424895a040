/**
 * The axe check itself: it finds a violation a person would meet (a field without a name, text
 * too faint to read) and names the rule, its impact and the element, under a Content-Security-
 * Policy that refuses inline script, as the app's does.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
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
});
