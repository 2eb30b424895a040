/**
 * The lenient JSON reader the client applies to every answer (CONTRACT.md §8 "Responses"):
 * - an empty body is `null`, a body that is not JSON stays the plain string;
 * - every string value that is an ISO-8601 date-time (with `Z` or an offset) becomes a `Date`;
 * - `__proto__` keys (and `constructor` objects carrying `prototype`) are dropped, so a hostile
 *   answer cannot pollute prototypes.
 */

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const LOOKS_LIKE_JSON = /^\s*["[{]|^\s*-?\d{1,16}(\.\d{1,17})?([Ee][+-]?\d+)?\s*$/;
const LITERALS: Readonly<Record<string, unknown>> = { true: true, false: false, null: null };

/** Turns an ISO-8601 date-time string into a Date, or returns null when it is not one. */
export function parseIsoDate(value: string): Date | null {
  const m = ISO_DATE_TIME.exec(value);
  if (!m) return null;
  const n = (i: number): number => Number.parseInt(m[i] ?? '0', 10);
  const fraction = m[7];
  const ms = fraction ? Number.parseInt(fraction.slice(0, 3).padEnd(3, '0'), 10) : 0;
  const month = n(2);
  const day = n(3);
  if (month < 1 || month > 12 || day < 1 || day > 31 || n(4) > 23 || n(5) > 59 || n(6) > 59) return null;
  let time = Date.UTC(n(1), month - 1, day, n(4), n(5), n(6), ms);
  if (m[8]) {
    const offsetMinutes = n(9) * 60 + n(10);
    time += (m[8] === '+' ? -1 : 1) * offsetMinutes * 60_000;
  }
  return Number.isNaN(time) ? null : new Date(time);
}

/** Parses an answer body the way the client does. Never throws. */
export function parseResponseText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const literal = trimmed.toLowerCase();
  if (literal in LITERALS) return LITERALS[literal];
  if (!LOOKS_LIKE_JSON.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed, (key: string, value: unknown) => {
      if (key === '__proto__') return undefined;
      if (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value) {
        return undefined;
      }
      if (typeof value === 'string') return parseIsoDate(value) ?? value;
      return value;
    });
  } catch {
    return text;
  }
}

/** True when the text is a JSON object or array (used to decide whether an error body has fields). */
export function isJsonObjectText(text: string): boolean {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}
