/**
 * One fuzzed request, every check (security/fuzz-*.test.ts). What a user would notice,
 * checked after every request:
 *   - no 5xx: a request, however odd, is refused with a 4xx or served;
 *   - no hang: an answer within FUZZ_TIMEOUT_MS;
 *   - every 4xx is JSON with an error `code` (what the better-auth client reads);
 *   - a refused (4xx) request changed no row of any table (exclusions in IGNORED_TABLES and
 *     IGNORED_COLUMNS, fuzz-database.ts);
 *   - nothing was added to Object.prototype or Array.prototype.
 */
import { createHash } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import type { Endpoint } from '../core/http/endpoint.ts';
import { app, LONG, REQUEST_TIMEOUT_MS, RUNS, SEED } from './fuzz-app.ts';
import { APPEND_ONLY, CHAIN_HEAD, differences, type Snapshot, snapshot, VOIDING_CODE } from './fuzz-database.ts';
import { ensureFixtures, markChallengeUsed, markDirty } from './fuzz-fixtures.ts';
import { buildRequest, describeRequest, type FuzzRequest } from './fuzz-requests.ts';

/** What each endpoint answered, by status and code: FUZZ_STATS=1 prints it (is the fuzz getting past validation?). */
export const stats = new Map<string, Map<string, number>>();
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  for (const [name, counts] of stats)
    process.stdout.write(
      `${name}: ${[...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k}×${n}`)
        .join(', ')}\n`,
    );
});

export function tally(name: string, outcome: string): void {
  const counts = stats.get(name) ?? new Map<string, number>();
  counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  stats.set(name, counts);
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const objectKeys = Object.getOwnPropertyNames(Object.prototype).sort().join();
export const arrayKeys = Object.getOwnPropertyNames(Array.prototype).sort().join();

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** The answer of `send`, or a failure naming the request when none comes within the time. */
export async function answerOf(what: string, send: () => Promise<Answer>): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms:\n${what}`)),
      REQUEST_TIMEOUT_MS,
    );
  });
  return Promise.race([send(), timeout]).finally(() => clearTimeout(timer));
}

/** Every check of one answer (see the top of the file); `before` is the database before the request. */
export async function checkAnswer(
  name: string,
  what: string,
  answer: Answer,
  before: Snapshot,
  logFrom: number,
  head = false,
) {
  const { status, text } = answer;
  const logged = app.logger.lines
    .slice(logFrom)
    .filter((l) => l.level === 'error')
    .map((l) => l.line.slice(0, 3000))
    .join('\n');
  expect(status, `${status} ${text.slice(0, 300)}\n${what}\n${logged}`).toBeLessThan(500);
  if (status < 400) markDirty();
  const json = status >= 400 ? safeJson(text) : null;
  const code = json && typeof json === 'object' && 'code' in json ? json.code : undefined;
  const message = json && typeof json === 'object' && 'message' in json ? json.message : undefined;
  tally(
    name,
    `${status}${code ? ` ${String(code)}` : ''}${process.env.FUZZ_STATS === 'messages' && message ? ` ${String(message).slice(0, 80)}` : ''}`,
  );

  if (status >= 400 && !head) {
    expect(answer.contentType, what).toMatch(/^application\/json/);
    expect(typeof code === 'string' && code.length > 0, `no error code in ${text.slice(0, 300)}\n${what}`).toBe(true);
  }
  if (status >= 400) {
    const all = differences(before, await snapshot());
    const appended = all.some((line) => line.startsWith(APPEND_ONLY));
    const changed = all.filter(
      (line) =>
        !(code === VOIDING_CODE && line.startsWith('verification: - ')) &&
        !line.startsWith(APPEND_ONLY) &&
        !(appended && line.startsWith(CHAIN_HEAD)),
    );
    expect(changed, `${status} ${text.slice(0, 300)} but the database changed\n${what}`).toEqual([]);
  }
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join(), what).toBe(objectKeys);
  expect(Object.getOwnPropertyNames(Array.prototype).sort().join(), what).toBe(arrayKeys);
}

export async function sendAndCheck(endpoint: Endpoint, req: FuzzRequest, name = `${endpoint.method} ${endpoint.path}`) {
  await ensureFixtures();
  if (req.identity === 'challenged') markChallengeUsed();
  const request = buildRequest(endpoint, req);
  const body = request.body ? await request.clone().text() : undefined;
  const what = describeRequest(request, req, body);
  const logFrom = app.logger.lines.length;
  const before = await snapshot();
  const answer = await answerOf(what, async () => {
    const res = await app.auth.fetch(request, { ip: req.ip });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
  });
  await checkAnswer(name, what, answer, before, logFrom, req.method === 'HEAD');
}

export function seedOf(name: string): number {
  return (SEED ^ createHash('sha256').update(name).digest().readInt32BE(0)) | 0;
}

export const fuzzOptions = (name: string) => ({ seed: seedOf(name), numRuns: RUNS, endOnFailure: !LONG });
