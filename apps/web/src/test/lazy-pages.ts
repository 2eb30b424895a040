/// <reference types="vite/client" />
/**
 * The app fetches its pages on first use (components/lazy-page.tsx); in a unit test that first use
 * is the test runner transforming the page's modules, which can take longer than a `findBy` waits
 * on a loaded machine. Tests that render the whole app import this first: every page module is
 * loaded with the test file, and a lazy page then resolves at once, as a cached file would.
 */
import.meta.glob(['../pages/**/*.tsx', '!../pages/**/*.test.tsx'], { eager: true });
