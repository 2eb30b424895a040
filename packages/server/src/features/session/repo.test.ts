import { expect, it } from 'vitest';
import { hashToken } from '../../core/crypto/hash.ts';
import { describeOnDatabases, signUpUser } from '../../test/harness.ts';
import { findSessionWithUserByTokenHash } from './repo.ts';

await describeOnDatabases('the session lookup', {}, (t) => {
  it('answers each of many concurrent lookups with its own session, or none', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => signUpUser(t.app)));
    const deps = t.app.auth.deps;
    const asked = [
      ...people.map((p) => ({ hash: hashToken(p.token), userId: p.userId })),
      { hash: hashToken('no-such-token'), userId: null },
      // the same session twice in one batch
      { hash: hashToken(people[0]?.token ?? ''), userId: people[0]?.userId ?? null },
      // more than one batch (64) at once
      ...Array.from({ length: 70 }, (_, i) => ({ hash: hashToken(`missing-${i}`), userId: null })),
      { hash: hashToken(people[4]?.token ?? ''), userId: people[4]?.userId ?? null },
    ];
    const found = await Promise.all(asked.map((a) => findSessionWithUserByTokenHash(deps, a.hash)));
    expect(found.map((f) => f?.user.id ?? null)).toEqual(asked.map((a) => a.userId));
    for (const [i, f] of found.entries()) if (f) expect(f.session.tokenHash).toBe(asked[i]?.hash);
  });
});
