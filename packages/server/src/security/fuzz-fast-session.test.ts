/**
 * The fuzz of security/fuzz-endpoints.test.ts against the fast session check, the path the
 * Node adapter tries first for GET /get-session: every identity, junk and forged cookies,
 * odd client addresses; when it hands over (null) the general endpoint answers, as it does
 * in the adapter. The same checks after every answer (test/fuzz-checks.ts).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { app, RUNS, SEED, TEST_TIMEOUT_MS } from '../test/fuzz-app.ts';
import { answerOf, checkAnswer, fuzzOptions } from '../test/fuzz-checks.ts';
import { snapshot } from '../test/fuzz-database.ts';
import { ensureFixtures, fixtures, IDENTITIES } from '../test/fuzz-fixtures.ts';
import { junkCookie } from '../test/fuzz-headers.ts';
import { BASE_URL } from '../test/harness.ts';

describe(`every endpoint of the route table, fuzzed (seed ${SEED}, ${RUNS} requests each)`, () => {
  it(
    'GET /get-session by the fast session check (what the Node adapter tries first)',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...IDENTITIES),
          fc.constantFrom('identity', 'identity+junk', 'junk', 'none'),
          fc.array(junkCookie, { maxLength: 3 }).map((c) => c.join('; ')),
          fc.constantFrom<string | null>('127.0.0.1', '::1', '203.0.113.9', null),
          async (identity, mode, junk, ip) => {
            await ensureFixtures();
            const jar = [...fixtures.identities[identity].client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
            const parts =
              mode === 'identity' ? [jar] : mode === 'identity+junk' ? [jar, junk] : mode === 'junk' ? [junk] : [];
            const cookie = parts.filter(Boolean).join('; ') || undefined;
            const what = `fast session check as ${identity}, cookie: ${(cookie ?? '(none)').slice(0, 300)}, ip ${ip}`;
            const logFrom = app.logger.lines.length;
            const before = await snapshot();
            let general = false;
            const answer = await answerOf(what, async () => {
              const plain = await app.auth.fastSessionCheck({ cookie, ip });
              if (plain)
                return { status: plain.status, contentType: plain.headers['content-type'] ?? '', text: plain.body };
              // null: the general endpoint answers, as the adapter then asks it
              general = true;
              const res = await app.auth.fetch(
                new Request(`${BASE_URL}/api/auth/get-session`, { headers: cookie ? { cookie } : {} }),
                { ip, rateLimitChecked: true },
              );
              return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
            });
            await checkAnswer(general ? 'fast check → general' : 'fast session check', what, answer, before, logFrom);
          },
        ),
        fuzzOptions('fast session check'),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
