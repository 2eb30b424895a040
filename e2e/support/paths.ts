import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_DIR = join(ROOT, 'e2e');
/** Git-ignored; a reviewer regenerates it with `npx vitest run e2e`. */
export const SCREENSHOTS_DIR = join(E2E_DIR, 'screenshots');
