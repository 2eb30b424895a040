/**
 * axe-core in the journeys: every screen a journey photographs is also checked against WCAG 2.1
 * A and AA (see `Screenshots.take`), so a screen with an accessibility violation fails its step
 * with the rule, its impact and the elements it found.
 *
 * axe's source is evaluated through the DevTools protocol (`page.evaluate`), not added as a
 * `<script>`: the app's Content-Security-Policy (`script-src 'self'`) refuses inline script, and
 * the journeys fail on every refusal it reports.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

function source(): string {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** The rules of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now and returns what violates WCAG 2.1 A/AA. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(source());
  return page.evaluate(
    async (tags) => {
      type Node = { target: unknown[] };
      type Result = { id: string; impact?: string | null; help: string; nodes: Node[] };
      type Axe = {
        run(context: Document, options: object): Promise<{ violations: Result[] }>;
      };
      const axe = (window as unknown as { axe: Axe }).axe;
      const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
    },
    [...WCAG_TAGS],
  );
}

/** A readable list: one line per rule, then one per element it found. */
export function formatViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `- ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n${violation.targets
          .map((target) => `    ${target}`)
          .join('\n')}`,
    )
    .join('\n');
}

/** Fails with the list of violations when axe finds any on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length === 0) return;
  throw new Error(
    `axe: ${violations.length} WCAG 2.1 A/AA violation(s) on "${label}" (${page.url()}):\n${formatViolations(violations)}`,
  );
}

/**
 * The same check in the other theme, for a journey that runs in one theme only: the system's
 * colour scheme is switched as a person's would be (the app follows it while no theme is picked
 * with the toggle), axe runs once the page has redrawn, and the theme is put back.
 */
export async function expectNoAxeViolationsInOtherTheme(page: Page, label: string): Promise<void> {
  const themeIs = (theme: string) =>
    page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, theme, {
      timeout: 5_000,
    });
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  if (before !== 'light' && before !== 'dark') return;
  const other = before === 'dark' ? 'light' : 'dark';
  // without transitions the colours axe reads are the new theme's, not a blend on the way there
  await page.emulateMedia({ colorScheme: other, reducedMotion: 'reduce' });
  try {
    await themeIs(other);
    await expectNoAxeViolations(page, `${label}, switched to ${other}`);
  } finally {
    await page.emulateMedia({ colorScheme: before, reducedMotion: null });
    await themeIs(before);
  }
}
