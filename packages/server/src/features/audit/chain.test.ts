/**
 * Tamper evidence (docs/audit-log.md): every row is chained, concurrent writers on two
 * instances keep every chain whole, and GET /admin/verify-audit-chain reports the first
 * broken link when a row is edited, deleted or the newest rows are cut off by SQL; a
 * rolled-back change leaves no hole; the retention sweep shortens chains without breaking
 * them while a hand-made cut shows. `audit.log` mirrors each row as one JSON log line
 * without a secret.
 */
import { expect, it } from 'vitest';
import { type Auth, createAuth } from '../../app.ts';
import { ManualClock } from '../../core/clock.ts';
import type { Database } from '../../core/db/schema.ts';
import { createLogger } from '../../core/logger.ts';
import { createCapturingMailer } from '../../core/mail/transport.ts';
import { TestClient } from '../../test/client.ts';
import {
  BASE_URL,
  createTestApp,
  describeOnDatabases,
  PASSWORD,
  signUpUser,
  TEST_SECRET,
  type TestApp,
} from '../../test/harness.ts';
import { sweepExpired } from '../maintenance/sweep.ts';
import { appendAtHead, findChainHead } from './repo.ts';
import { recordEvent } from './service.ts';

type Db = import('kysely').Kysely<Database>;

async function makeAdmin(app: TestApp, db: Db) {
  const admin = await signUpUser(app);
  await db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return admin;
}

async function verify(admin: { client: TestClient }) {
  const res = await admin.client.get('/admin/verify-audit-chain');
  expect(res.status, res.text).toBe(200);
  return res.json as {
    valid: boolean;
    checkedEvents: number;
    chains: number;
    unchainedEvents: number;
    firstBroken: { chainId: string; reason: string; eventId: string | null; chainSeq: number | null } | null;
    broken: { chainId: string; reason: string; eventId: string | null }[];
  };
}

/** Puts a row read from the table back as it was. */
async function putBack(db: Db, row: import('kysely').Selectable<Database['auditEvent']>): Promise<void> {
  await db
    .insertInto('auditEvent')
    .values({
      ...row,
      createdAt: new Date(row.createdAt),
      chainSeq: row.chainSeq === null ? null : Number(row.chainSeq),
    })
    .execute();
}

/** Every chain's places, in order: each must run 1, 2, 3 … with no gap. */
async function places(db: Db): Promise<Map<string, number[]>> {
  const rows = await db
    .selectFrom('auditEvent')
    .select(['chainId', 'chainSeq'])
    .where('chainId', 'is not', null)
    .orderBy('chainId')
    .orderBy('chainSeq')
    .execute();
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.chainId ?? '', [...(out.get(r.chainId ?? '') ?? []), Number(r.chainSeq)]);
  return out;
}

await describeOnDatabases('the audit chains', {}, (t) => {
  const db = () => t.db.handle.db;

  it('chains every row; two instances writing at once keep every chain whole and verifiable', async () => {
    const admin = await makeAdmin(t.app, db());
    const second = createTestApp(t.db, {});
    try {
      await Promise.all(Array.from({ length: 24 }, (_, i) => signUpUser(i % 2 ? t.app : second)));
      const unchained = await db().selectFrom('auditEvent').select('id').where('chainId', 'is', null).execute();
      expect(unchained).toEqual([]);
      for (const seqs of (await places(db())).values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      // the writers spread over several chains rather than queueing on one
      expect((await places(db())).size).toBeGreaterThan(1);
      const result = await verify(admin);
      const total = (await db().selectFrom('auditEvent').select('id').execute()).length;
      expect(result).toMatchObject({
        valid: true,
        checkedEvents: total,
        chains: 16,
        unchainedEvents: 0,
        firstBroken: null,
        broken: [],
      });
    } finally {
      await second.close();
    }
  });

  it('an edited row fails verification at that row, and passes again once put back', async () => {
    const admin = await makeAdmin(t.app, db());
    const victim = await signUpUser(t.app);
    await t.app
      .client()
      .post('/sign-in/email', { email: victim.email, password: 'Wrong-Horse-1-Battery' }, { ip: '203.0.113.50' });
    const row = await db()
      .selectFrom('auditEvent')
      .selectAll()
      .where('targetId', '=', victim.userId)
      .where('outcome', '=', 'failure')
      .executeTakeFirstOrThrow();
    expect((await verify(admin)).valid).toBe(true);
    // someone with database access hides where the failed attempt came from
    await db().updateTable('auditEvent').set({ ipAddress: '10.0.0.1' }).where('id', '=', row.id).execute();
    const broken = await verify(admin);
    expect(broken.valid).toBe(false);
    expect(broken.firstBroken).toMatchObject({
      reason: 'altered',
      eventId: row.id,
      chainId: row.chainId,
      chainSeq: Number(row.chainSeq),
    });
    expect(broken.broken).toHaveLength(1);
    // a recomputed hash without the instance secret does not help
    await db()
      .updateTable('auditEvent')
      .set({ outcome: 'success', hash: 'f'.repeat(64) })
      .where('id', '=', row.id)
      .execute();
    expect((await verify(admin)).firstBroken).toMatchObject({ reason: 'altered', eventId: row.id });
    await db()
      .updateTable('auditEvent')
      .set({ ipAddress: row.ipAddress, outcome: row.outcome, hash: row.hash })
      .where('id', '=', row.id)
      .execute();
    expect((await verify(admin)).valid).toBe(true);
  });

  it('a deleted row, the newest rows cut off, and a head rewound to hide it each fail verification', async () => {
    const admin = await makeAdmin(t.app, db());
    for (let i = 0; i < 6; i++) await signUpUser(t.app);
    // a chain with at least three rows
    const [chainId, seqs] = [...(await places(db())).entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [
      '',
      [],
    ];
    expect(seqs.length).toBeGreaterThanOrEqual(3);
    const at = (seq: number) =>
      db()
        .selectFrom('auditEvent')
        .selectAll()
        .where('chainId', '=', chainId)
        .where('chainSeq', '=', seq)
        .executeTakeFirstOrThrow();

    const middle = await at(2);
    const after = await at(3);
    await db().deleteFrom('auditEvent').where('id', '=', middle.id).execute();
    expect((await verify(admin)).firstBroken).toMatchObject({
      chainId,
      reason: 'missing',
      eventId: after.id,
      chainSeq: 3,
    });
    await putBack(db(), middle);
    expect((await verify(admin)).valid).toBe(true);

    const last = seqs.length;
    const newest = await at(last);
    const before = await at(last - 1);
    await db().deleteFrom('auditEvent').where('id', '=', newest.id).execute();
    expect((await verify(admin)).firstBroken).toMatchObject({ chainId, reason: 'truncated', eventId: before.id });
    // rewinding the head to the row now last does not hide it: the head carries a MAC
    const head = await db().selectFrom('auditChain').selectAll().where('id', '=', chainId).executeTakeFirstOrThrow();
    await db()
      .updateTable('auditChain')
      .set({ seq: last - 1, lastHash: before.hash })
      .where('id', '=', chainId)
      .execute();
    expect((await verify(admin)).firstBroken).toMatchObject({ chainId, reason: 'head_altered' });
    await db()
      .updateTable('auditChain')
      .set({ seq: Number(head.seq), lastHash: head.lastHash })
      .where('id', '=', chainId)
      .execute();
    await putBack(db(), newest);
    expect((await verify(admin)).valid).toBe(true);
  });

  it('a change that rolls back takes its row and its place with it; rows written before the chain are counted apart', async () => {
    const admin = await makeAdmin(t.app, db());
    const before = await places(db());
    const failed = await t.app.auth.deps.db
      .transaction()
      .execute(async (trx) => {
        await recordEvent(
          trx,
          { deps: t.app.auth.deps },
          { type: 'user.updated', targetType: 'user', targetId: 'rolled-back' },
        );
        throw new Error('the change fails after its event');
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await db().selectFrom('auditEvent').select('id').where('targetId', '=', 'rolled-back').execute()).toEqual(
      [],
    );
    expect(await places(db())).toEqual(before);
    await signUpUser(t.app);
    for (const seqs of (await places(db())).values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    // a row as 0004 wrote it, without a chain: not vouched for, not a break either
    await db()
      .insertInto('auditEvent')
      .values({
        id: `legacy-${t.dialect}`,
        createdAt: t.app.clock.now(),
        type: 'sign_in',
        outcome: 'success',
        actorType: 'system',
      })
      .execute();
    expect(await verify(admin)).toMatchObject({ valid: true, unchainedEvents: 1 });
    await db().deleteFrom('auditEvent').where('id', '=', `legacy-${t.dialect}`).execute();
    // a row naming a chain that has no head is a break
    await db()
      .insertInto('auditEvent')
      .values({
        id: `forged-${t.dialect}`,
        createdAt: t.app.clock.now(),
        type: 'sign_in',
        outcome: 'success',
        actorType: 'system',
        chainId: 'c99',
        chainSeq: 1,
        hash: 'x',
      })
      .execute();
    expect((await verify(admin)).firstBroken).toMatchObject({ chainId: 'c99', reason: 'unknown_chain' });
    await db().deleteFrom('auditEvent').where('id', '=', `forged-${t.dialect}`).execute();

    const plain = await signUpUser(t.app);
    const refused = await plain.client.get('/admin/verify-audit-chain');
    expect([refused.status, refused.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG']);
    expect((await t.app.client().get('/admin/verify-audit-chain')).status).toBe(401);
  });

  it('an event is written at the head its instance last left; a head another instance or a rollback moved is read again', async () => {
    const admin = await makeAdmin(t.app, db());
    const second = createTestApp(t.db, {});
    const event = (app: TestApp, targetId: string, trx?: import('kysely').Transaction<Database>) =>
      recordEvent(
        trx ?? app.auth.deps.db,
        { deps: app.auth.deps },
        { type: 'user.updated', targetType: 'user', targetId },
      );
    try {
      // one after the other, so that each instance's guesses keep going stale on the chains they share
      for (let i = 0; i < 24; i++) {
        await event(t.app, `a-${i}`);
        await event(second, `b-${i}`);
      }
      // rollbacks leave this instance's guesses ahead of the heads
      for (let i = 0; i < 6; i++) {
        await t.app.auth.deps.db
          .transaction()
          .execute(async (trx) => {
            await event(t.app, `rolled-back-${i}`, trx);
            throw new Error('rolls back');
          })
          .catch(() => undefined);
      }
      for (let i = 0; i < 24; i++) await event(i % 3 ? t.app : second, `c-${i}`);
      for (const seqs of (await places(db())).values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      expect(await verify(admin)).toMatchObject({ valid: true, firstBroken: null, broken: [] });
    } finally {
      await second.close();
    }
  });

  it('a guessed head is checked by the write itself: a wrong place or a wrong hash writes nothing', async () => {
    const head = await findChainHead(db(), 'c05');
    if (!head) throw new Error('c05 has no head');
    const row = {
      id: `guess-${t.dialect}`,
      createdAt: t.app.clock.now(),
      type: 'user.updated',
      outcome: 'success' as const,
      actorType: 'system' as const,
      chainId: 'c05',
      chainSeq: head.seq + 1,
      prevHash: head.lastHash,
      hash: 'a'.repeat(64),
    };
    await t.app.auth.deps.db.transaction().execute(async (trx) => {
      // the right place under another hash: another instance wrote it after a rollback of ours
      expect(await appendAtHead(trx, t.dialect, row, { seq: head.seq, lastHash: 'f'.repeat(64) }, 'mac')).toBe(false);
      expect(await appendAtHead(trx, t.dialect, row, { seq: head.seq + 1, lastHash: head.lastHash }, 'mac')).toBe(
        false,
      );
    });
    expect(await findChainHead(db(), 'c05')).toEqual(head);
    expect(await db().selectFrom('auditEvent').select('id').where('id', '=', row.id).execute()).toEqual([]);
    // the guess that holds writes the row and moves the head
    await t.app.auth.deps.db.transaction().execute(async (trx) => {
      expect(await appendAtHead(trx, t.dialect, row, { seq: head.seq, lastHash: head.lastHash }, 'mac')).toBe(true);
    });
    expect(await findChainHead(db(), 'c05')).toMatchObject({ seq: head.seq + 1, lastHash: row.hash, headMac: 'mac' });
    await db().deleteFrom('auditEvent').where('id', '=', row.id).execute();
    await db()
      .updateTable('auditChain')
      .set({ seq: head.seq, lastHash: head.lastHash, headMac: head.headMac })
      .where('id', '=', 'c05')
      .execute();
  });
});

await describeOnDatabases('the audit chains under retention', {}, (t) => {
  const db = () => t.db.handle.db;

  it('the sweep removes old rows and the chains still verify; a start cut or moved by hand does not', async () => {
    const old: string[] = [];
    for (let i = 0; i < 8; i++) old.push((await signUpUser(t.app)).userId);
    t.app.clock.advance(100 * 86_400);
    const admin = await makeAdmin(t.app, db());
    for (let i = 0; i < 8; i++) await signUpUser(t.app);
    const cutoff = new Date(t.app.clock.now().getTime() - 90 * 86_400_000);
    const oldCount = (await db().selectFrom('auditEvent').select('id').where('createdAt', '<', cutoff).execute())
      .length;
    expect(oldCount).toBeGreaterThan(0);

    const swept = await sweepExpired(t.app.auth.deps, { auditRetentionDays: 90 });
    expect(swept.auditEvents).toBe(oldCount);
    expect(await db().selectFrom('auditEvent').select('id').where('targetId', 'in', old).execute()).toEqual([]);
    expect((await verify(admin)).valid).toBe(true);
    // the anchors say where each chain starts now
    const heads = await db().selectFrom('auditChain').selectAll().where('prunedSeq', '>', 0).execute();
    expect(heads.length).toBeGreaterThan(0);
    // a second sweep has nothing left to take and breaks nothing
    expect((await sweepExpired(t.app.auth.deps, { auditRetentionDays: 90 })).auditEvents).toBe(0);
    expect((await verify(admin)).valid).toBe(true);

    // cutting the oldest remaining row of a chain by hand shows
    const chain = [...(await places(db())).entries()].find(([, seqs]) => seqs.length >= 2);
    expect(chain).toBeDefined();
    const [chainId, seqs] = chain ?? ['', []];
    const first = await db()
      .selectFrom('auditEvent')
      .selectAll()
      .where('chainId', '=', chainId)
      .where('chainSeq', '=', seqs[0] ?? 0)
      .executeTakeFirstOrThrow();
    await db().deleteFrom('auditEvent').where('id', '=', first.id).execute();
    expect((await verify(admin)).firstBroken).toMatchObject({ chainId, reason: 'missing' });
    // and so does moving the anchor past it: only the sweep can write a valid one
    const head = await db().selectFrom('auditChain').selectAll().where('id', '=', chainId).executeTakeFirstOrThrow();
    await db()
      .updateTable('auditChain')
      .set({ prunedSeq: Number(first.chainSeq), prunedHash: first.hash })
      .where('id', '=', chainId)
      .execute();
    expect((await verify(admin)).firstBroken).toMatchObject({ chainId, reason: 'anchor_altered' });
    await db()
      .updateTable('auditChain')
      .set({ prunedSeq: Number(head.prunedSeq), prunedHash: head.prunedHash })
      .where('id', '=', chainId)
      .execute();
    await putBack(db(), first);
    expect((await verify(admin)).valid).toBe(true);
  });
});

await describeOnDatabases('audit.log', {}, (t) => {
  it('writes one JSON log line per event, matching its row, with no secret in it', async () => {
    const lines: string[] = [];
    const auth: Auth = createAuth(
      { baseURL: BASE_URL, secret: TEST_SECRET, rateLimit: { enabled: false }, audit: { log: true } },
      {
        clock: new ManualClock(new Date('2026-11-22T10:00:00.000Z')),
        mailer: createCapturingMailer(),
        logger: createLogger('info', (line) => lines.push(line), 'json'),
        database: t.db.handle,
        redis: null,
        env: { production: false, test: true },
      },
    );
    try {
      const client = new TestClient(auth.fetch, BASE_URL);
      const email = `mirror-${t.dialect}@example.test`;
      const signUp = await client.post('/sign-up/email', { name: 'Mirror', email, password: PASSWORD });
      expect(signUp.status).toBe(200);
      await client.post('/sign-in/email', { email, password: 'Wrong-Typed-Secret-77' });
      const newPassword = 'Mirrored-Horse-4-Battery';
      expect((await client.post('/change-password', { currentPassword: PASSWORD, newPassword })).status).toBe(200);
      await client.post('/organization/create', { name: 'Mirrored', slug: `mirrored-${t.dialect}` });

      const rows = await t.db.handle.db
        .selectFrom('auditEvent')
        .selectAll()
        .where('actorUserId', '=', signUp.json.user.id)
        .execute();
      const failures = await t.db.handle.db
        .selectFrom('auditEvent')
        .selectAll()
        .where('targetId', '=', signUp.json.user.id)
        .where('outcome', '=', 'failure')
        .execute();
      const all = [...rows, ...failures];
      expect(all.map((r) => r.type)).toEqual(
        expect.arrayContaining(['sign_up', 'sign_in', 'password.changed', 'organization.created', 'member.added']),
      );
      const mirrored = lines
        .map((line) => JSON.parse(line) as { message: string; level: string; auditEvent?: Record<string, unknown> })
        .filter((l) => l.message === 'audit event');
      for (const row of all) {
        const found = mirrored.filter((l) => l.auditEvent?.id === row.id);
        expect(found, row.type).toHaveLength(1);
        expect(found[0]?.auditEvent).toMatchObject({
          type: row.type,
          outcome: row.outcome,
          actorUserId: row.actorUserId,
          chainId: row.chainId,
          chainSeq: Number(row.chainSeq),
          hash: row.hash,
          details: row.details === null ? null : JSON.parse(row.details),
        });
        expect(found[0]?.level).toBe('info');
      }
      const tokens = await t.db.handle.db.selectFrom('session').select('token').execute();
      const text = lines.join('\n');
      for (const secret of [
        PASSWORD,
        newPassword,
        'Wrong-Typed-Secret-77',
        signUp.json.token as string,
        ...tokens.map((s) => s.token),
      ])
        expect(text, 'a secret reached the log').not.toContain(secret);
    } finally {
      await auth.close();
    }
    // off by default: the suite's own app logs no event
    await signUpUser(t.app);
    expect(t.app.logger.lines.some((l) => l.line.includes('audit event'))).toBe(false);
  });

  it('logs an event of a change only after the change commits, and never one that rolled back', async () => {
    const lines: string[] = [];
    const auth: Auth = createAuth(
      { baseURL: BASE_URL, secret: TEST_SECRET, rateLimit: { enabled: false }, audit: { log: true } },
      {
        clock: new ManualClock(new Date('2026-11-22T10:00:00.000Z')),
        mailer: createCapturingMailer(),
        logger: createLogger('info', (line) => lines.push(line), 'json'),
        database: t.db.handle,
        redis: null,
        env: { production: false, test: true },
      },
    );
    const mirroredTargets = () =>
      lines
        .map((line) => JSON.parse(line) as { message: string; auditEvent?: { targetId?: string } })
        .filter((l) => l.message === 'audit event')
        .map((l) => l.auditEvent?.targetId);
    try {
      const rolledBack = await auth.deps.db
        .transaction()
        .execute(async (trx) => {
          await recordEvent(trx, { deps: auth.deps }, { type: 'user.updated', targetType: 'user', targetId: 'gone' });
          throw new Error('the change fails after its event');
        })
        .catch((e: unknown) => e);
      expect(rolledBack).toBeInstanceOf(Error);
      expect(mirroredTargets()).not.toContain('gone');

      let loggedBeforeCommit: (string | undefined)[] = [];
      await auth.deps.db.transaction().execute(async (trx) => {
        await recordEvent(trx, { deps: auth.deps }, { type: 'user.updated', targetType: 'user', targetId: 'kept' });
        loggedBeforeCommit = mirroredTargets();
      });
      expect(loggedBeforeCommit).not.toContain('kept');
      expect(mirroredTargets().filter((id) => id === 'kept')).toHaveLength(1);
    } finally {
      await auth.close();
    }
  });
});
