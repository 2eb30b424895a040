/**
 * The memory of remembered reads on its own (the end-to-end proof on three databases is
 * features/organization/read-cache.test.ts): what is refused a key, what is not kept, and
 * that an answer read under an older version never pushes out newer ones.
 */
import { describe, expect, it } from 'vitest';
import type { AuthDeps } from './http/context.ts';
import { createReadCache, MAX_BODY_BYTES, type ReadCache } from './read-cache.ts';

function cacheWith(version: { value: number }, options: { memoryCache?: boolean } = {}): ReadCache | null {
  // only what createReadCache reads of the instance's dependencies
  const deps = {
    config: { session: { memoryCache: options.memoryCache ?? true } },
    reader: { changeVersion: () => version.value },
    sessionChanges: null,
    dialect: 'sqlite',
    cookieName: (suffix: string) => `latch.${suffix}`,
  } as unknown as AuthDeps;
  return createReadCache(deps);
}

const answer = (body: string) => ({ status: 200, headers: { 'content-type': 'application/json' }, body });
const keyFor = (cache: ReadCache, cookie: string | null, pathAndQuery = '/organization/list') =>
  cache.keyOf({ path: pathAndQuery.split('?')[0] ?? '', pathAndQuery, cookie, authorization: null });

describe('the remembered reads memory', () => {
  it('is off with session.memoryCache: false', () => {
    expect(cacheWith({ value: 1 }, { memoryCache: false })).toBeNull();
  });

  it('gives no key without a session cookie, with a bearer token, or for another path', () => {
    const cache = cacheWith({ value: 1 });
    if (!cache) throw new Error('expected a cache');
    expect(keyFor(cache, null)).toBeNull();
    expect(keyFor(cache, 'other=1')).toBeNull();
    expect(keyFor(cache, 'latch.session_token=abc', '/get-session')).toBeNull();
    expect(
      cache.keyOf({
        path: '/organization/list',
        pathAndQuery: '/organization/list',
        cookie: 'latch.session_token=abc',
        authorization: 'Bearer abc',
      }),
    ).toBeNull();
    // the session cookie, the session-data cookie and the query all tell entries apart
    const keys = new Set([
      keyFor(cache, 'latch.session_token=abc'),
      keyFor(cache, 'latch.session_token=abd'),
      keyFor(cache, 'latch.session_token=abc; latch.session_data=x'),
      keyFor(cache, 'latch.session_token=abc', '/organization/list?x=1'),
    ]);
    expect(keys.size).toBe(4);
  });

  it('keeps an answer until the version moves or its time is up, and never one over the size bound', () => {
    const version = { value: 1 };
    const cache = cacheWith(version);
    if (!cache) throw new Error('expected a cache');
    const key = keyFor(cache, 'latch.session_token=abc') ?? '';
    cache.set(key, 1, answer('[1]'), 1_000);
    expect(cache.get(key, 1, 999)?.body).toBe('[1]');
    expect(cache.get(key, 1, 1_000)).toBeUndefined();
    cache.set(key, 1, answer('[1]'), 1_000);
    expect(cache.get(key, 2, 10)).toBeUndefined();
    expect(cache.get(key, 1, 10)).toBeUndefined();
    cache.set(key, 2, answer('x'.repeat(MAX_BODY_BYTES + 1)), 1_000);
    expect(cache.get(key, 2, 10)).toBeUndefined();
  });

  it('an answer read under an older version is not kept, and does not push out newer ones', () => {
    const cache = cacheWith({ value: 5 });
    if (!cache) throw new Error('expected a cache');
    const fresh = keyFor(cache, 'latch.session_token=new') ?? '';
    const late = keyFor(cache, 'latch.session_token=old') ?? '';
    cache.set(fresh, 5, answer('"new"'), 1_000);
    cache.set(late, 4, answer('"old"'), 1_000);
    expect(cache.get(fresh, 5, 10)?.body).toBe('"new"');
    expect(cache.get(late, 5, 10)).toBeUndefined();
  });
});
