/**
 * Holds each handler to its row of the endpoint table (packages/contract): its JSON answer
 * matches the row's response schema, and every refusal carries a code the row lists (or
 * one the transport may give any endpoint). In tests a breach answers 500, so the test
 * that drove the endpoint fails and names it; in development it is logged; in production
 * nothing is checked.
 */
import { type EndpointEntry, TRANSPORT_ERRORS } from '@latch/contract';
import type { Logger } from '../logger.ts';
import { RAW, REDIRECT } from './context.ts';

export type ContractChecks = 'throw' | 'log' | 'off';

const TRANSPORT: ReadonlySet<string> = new Set(TRANSPORT_ERRORS);

/** A description of the breach, or null when the answer keeps the row's promise. */
export function answerBreach(entry: EndpointEntry, result: unknown): string | null {
  if (result instanceof Response) return null;
  if (typeof result === 'object' && result !== null && (REDIRECT in result || RAW in result)) {
    return entry.answers === 'redirect' || entry.answers === 'html'
      ? null
      : `${entry.method} ${entry.path} answered a redirect or a page, but its row says JSON`;
  }
  const parsed = entry.response.safeParse(result);
  if (parsed.success) return null;
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  return `${entry.method} ${entry.path} answered outside its response schema (${issues})`;
}

export function errorBreach(entry: EndpointEntry, code: string): string | null {
  if (TRANSPORT.has(code) || (entry.errors as readonly string[]).includes(code)) return null;
  return `${entry.method} ${entry.path} refused with ${code}, which its row does not list`;
}

class ContractBreach extends Error {}

/** Logs a breach, and in 'throw' mode raises it (the router answers 500). */
export function reportBreach(mode: ContractChecks, logger: Logger, breach: string | null): void {
  if (!breach || mode === 'off') return;
  logger.error(`contract: ${breach}`);
  if (mode === 'throw') throw new ContractBreach(breach);
}
