/**
 * Organization metadata too big for its column (found by security/fuzz-endpoints.test.ts): MariaDB's
 * TEXT holds 64 KiB, and a larger metadata object answered 500 there (SQLite and PostgreSQL
 * stored it). It is refused with 400 VALIDATION_ERROR on every database, and nothing changes.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, signUpUser } from '../../test/harness.ts';
import { createOrg, uniqueSlug } from '../../test/organizations.ts';

await describeOnDatabases('organization metadata size', {}, (t) => {
  const tooBig = { note: 'é'.repeat(40_000) };

  it('create and update refuse metadata over 16 384 characters of JSON and write nothing', async () => {
    const owner = await signUpUser(t.app);
    const slug = uniqueSlug('meta');
    const created = await owner.client.post('/organization/create', { name: 'Big', slug, metadata: tooBig });
    expect([created.status, created.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(created.json.message).toContain('metadata');
    const row = await t.db.handle.db
      .selectFrom('organization')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    expect(row).toBeUndefined();

    const org = await createOrg(owner.client, { metadata: { plan: 'free' } });
    const updated = await owner.client.post('/organization/update', {
      organizationId: org.id,
      data: { metadata: tooBig },
    });
    expect([updated.status, updated.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    const stored = await t.db.handle.db
      .selectFrom('organization')
      .select('metadata')
      .where('id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.metadata ?? 'null')).toEqual({ plan: 'free' });
  });

  it('metadata at the limit is kept', async () => {
    const owner = await signUpUser(t.app);
    const atLimit = { n: 'x'.repeat(16_384 - '{"n":""}'.length) };
    const org = await createOrg(owner.client, { metadata: atLimit });
    expect(org).toMatchObject({ metadata: atLimit });
  });
});
