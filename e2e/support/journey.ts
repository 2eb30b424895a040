/**
 * Ordered journey steps: one `it` per step, run in order; once a step fails the later ones
 * are skipped (they would only fail for the same reason), and the failure carries what is
 * needed to understand it: a screenshot of each page, the browser's errors and the last
 * lines of the service's log.
 */
import type { Page } from 'playwright-core';
import { it, type TestContext } from 'vitest';
import type { Environment } from './environment.ts';
import type { Screenshots } from './ui.ts';

export const STEP_TIMEOUT_MS = 120_000;

export interface JourneyParts {
  env(): Environment;
  /** The pages to photograph on failure, by a short name ('' for a journey's only page). */
  pages(): Record<string, Page>;
  shots(): Screenshots;
  /** Errors the browser reported so far (console errors, uncaught exceptions). */
  browserErrors?(): readonly string[];
}

export type Step = (name: string, run: (ctx: TestContext) => Promise<void>, skipReason?: () => string | null) => void;

function isSkip(err: unknown): boolean {
  return err instanceof Error && (err as Error & { code?: unknown }).code === 'VITEST_PENDING';
}

export function journeySteps(parts: JourneyParts): Step {
  let failedStep: string | null = null;
  return (name, run, skipReason) =>
    it(
      name,
      async (ctx: TestContext) => {
        if (failedStep) ctx.skip(`skipped: the step "${failedStep}" failed`);
        const reason = skipReason?.() ?? null;
        if (reason) {
          process.stdout.write(`e2e: skipping "${name}": ${reason}\n`);
          ctx.skip(reason);
        }
        try {
          await run(ctx);
        } catch (err) {
          if (isSkip(err)) throw err;
          failedStep = name;
          const slug = name.replace(/\W+/g, '-').slice(0, 40);
          for (const [label, page] of Object.entries(parts.pages())) {
            await parts
              .shots()
              .take(page, label ? `failed-${label}-${slug}` : `failed-${slug}`)
              .catch(() => undefined);
          }
          const errors = parts.browserErrors?.() ?? [];
          const browser = errors.length ? `\n--- errors in the browser ---\n${errors.join('\n')}` : '';
          const log = parts.env().latch.output().split('\n').slice(-30).join('\n');
          const message = err instanceof Error ? err.message : String(err);
          throw Object.assign(err instanceof Error ? err : new Error(message), {
            message: `${message}${browser}\n--- last lines of the Latch log ---\n${log}`,
          });
        }
      },
      STEP_TIMEOUT_MS,
    );
}
