/**
 * An admin setting an image URL too long for its column (found by security/fuzz-endpoints.test.ts):
 * create-user and update-user took `data.image` of any length, and MariaDB's TEXT (64 KiB)
 * answered 500. Both refuse more than 8 192 characters (as update-user does for oneself)
 * with 400 VALIDATION_ERROR, on every database, and change nothing.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, PASSWORD, signUpUser } from '../../test/harness.ts';

await describeOnDatabases('admin image length', {}, (t) => {
  const longImage = `https://img.example.test/${'é'.repeat(40_000)}`;

  it('create-user and update-user refuse an image over 8 192 characters and write nothing', async () => {
    const admin = await signUpUser(t.app);
    await t.db.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const email = `img-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const created = await admin.client.post('/admin/create-user', {
      name: 'Img',
      email,
      password: PASSWORD,
      data: { image: longImage },
    });
    expect([created.status, created.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    const none = await t.db.handle.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
    expect(none).toBeUndefined();

    const target = await signUpUser(t.app, { image: 'https://img.example.test/a.png' });
    const updated = await admin.client.post('/admin/update-user', {
      userId: target.userId,
      data: { image: longImage },
    });
    expect([updated.status, updated.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    const row = await t.db.handle.db
      .selectFrom('user')
      .select('image')
      .where('id', '=', target.userId)
      .executeTakeFirstOrThrow();
    expect(row.image).toBe('https://img.example.test/a.png');

    const fine = await admin.client.post('/admin/update-user', {
      userId: target.userId,
      data: { image: `https://img.example.test/${'b'.repeat(8000)}` },
    });
    expect(fine.status).toBe(200);
  });
});
