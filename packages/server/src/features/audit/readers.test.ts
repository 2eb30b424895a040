/**
 * Reading the audit log (docs/audit-log.md): an organization's owners and admins read their
 * own organization's events and nothing else (a malicious admin of another organization is
 * refused and learns nothing); admins and organization readers export JSON lines and CSV,
 * streamed in pages, with spreadsheet formulas defused.
 */
import { expect, it } from 'vitest';
import { describeOnDatabases, signUpUser, type TestApp } from '../../test/harness.ts';
import { csvCell } from './reader.ts';

let n = 0;
const slug = () => `reader-${Date.now().toString(36)}-${(n++).toString(36)}`;

async function organization(app: TestApp, name: string) {
  const owner = await signUpUser(app);
  const res = await owner.client.post('/organization/create', { name, slug: slug() });
  expect(res.status).toBe(200);
  return { owner, id: res.json.id as string };
}

/** Parses CSV as RFC 4180 writes it (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

await describeOnDatabases('reading the audit log', { plugins: { organization: { teams: { enabled: true } } } }, (t) => {
  const db = () => t.db.handle.db;

  it("an organization's owners and admins read its events, filtered and paged; members and strangers are refused", async () => {
    const mine = await organization(t.app, 'Mine');
    const admin = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    t.app.clock.advance(1);
    await t.app.auth.api.addMember({ userId: admin.userId, role: 'admin', organizationId: mine.id });
    t.app.clock.advance(1);
    await t.app.auth.api.addMember({ userId: member.userId, role: 'member', organizationId: mine.id });
    for (const name of ['One', 'Two', 'Three']) {
      t.app.clock.advance(1);
      await mine.owner.client.post('/organization/create-team', { name, organizationId: mine.id });
    }
    // the owner's active organization is the new one: no id needed
    const all = await mine.owner.client.get('/organization/list-audit-events');
    expect(all.status).toBe(200);
    const events = all.json.events as { id: string; type: string; organizationId: string; createdAt: string }[];
    expect(events.every((e) => e.organizationId === mine.id)).toBe(true);
    expect(events.slice(0, 5).map((e) => e.type)).toEqual([
      'team.created',
      'team.created',
      'team.created',
      'member.added',
      'member.added',
    ]);
    // the creation's two rows share its instant
    expect(
      events
        .slice(5)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['member.added', 'organization.created']);
    // the admin, naming the organization
    const asAdmin = await admin.client.get('/organization/list-audit-events', {
      query: { organizationId: mine.id, type: 'team.created', limit: '2' },
    });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json.events.map((e: { id: string }) => e.id)).toEqual(events.slice(0, 2).map((e) => e.id));
    const next = await admin.client.get('/organization/list-audit-events', {
      query: { organizationId: mine.id, type: 'team.created', limit: '2', cursor: asAdmin.json.nextCursor },
    });
    expect(next.json.events.map((e: { id: string }) => e.id)).toEqual([events[2]?.id]);
    expect(next.json.nextCursor).toBeNull();
    const byActor = await admin.client.get('/organization/list-audit-events', {
      query: {
        organizationId: mine.id,
        actorUserId: mine.owner.userId,
        outcome: 'success',
        from: events[1]?.createdAt ?? '',
      },
    });
    expect(byActor.json.events.map((e: { id: string }) => e.id)).toEqual(events.slice(0, 2).map((e) => e.id));

    // a plain member, a stranger, and nobody
    const refusedMember = await member.client.get('/organization/list-audit-events', {
      query: { organizationId: mine.id },
    });
    expect([refusedMember.status, refusedMember.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG']);
    const stranger = await signUpUser(t.app);
    const refusedStranger = await stranger.client.get('/organization/list-audit-events', {
      query: { organizationId: mine.id },
    });
    expect([refusedStranger.status, refusedStranger.json.code]).toEqual([
      403,
      'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG',
    ]);
    // no active organization and none named
    const none = await stranger.client.get('/organization/list-audit-events');
    expect([none.status, none.json.code]).toEqual([400, 'NO_ACTIVE_ORGANIZATION']);
    expect(
      (await t.app.client().get('/organization/list-audit-events', { query: { organizationId: mine.id } })).status,
    ).toBe(401);
    const badLimit = await admin.client.get('/organization/list-audit-events', {
      query: { organizationId: mine.id, limit: '500' },
    });
    expect([badLimit.status, badLimit.json.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it("a malicious admin of another organization asking for this one's events is refused and learns nothing", async () => {
    const victim = await organization(t.app, 'Victim');
    await victim.owner.client.post('/organization/create-team', { name: 'Secret plans', organizationId: victim.id });
    const attacker = await organization(t.app, 'Attacker');
    const theirOwn = await attacker.owner.client.get('/organization/list-audit-events');
    expect(theirOwn.status).toBe(200);
    const leaked = (r: { text: string }) => r.text.includes(victim.id) || r.text.includes('Secret plans');
    expect(leaked(theirOwn)).toBe(false);

    const attempts = [
      await attacker.owner.client.get('/organization/list-audit-events', { query: { organizationId: victim.id } }),
      await attacker.owner.client.get('/organization/export-audit-events', { query: { organizationId: victim.id } }),
      await attacker.owner.client.get('/organization/export-audit-events', {
        query: { organizationId: victim.id, format: 'csv' },
      }),
      // an organization that does not exist is refused the same way: existence does not show
      await attacker.owner.client.get('/organization/list-audit-events', {
        query: { organizationId: 'no-such-organization' },
      }),
    ];
    for (const res of attempts) {
      expect([res.status, res.json?.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG']);
      expect(leaked(res)).toBe(false);
    }
    // the admin reader's filter is not the organization reader's: an organization admin is no admin
    const adminList = await attacker.owner.client.get('/admin/list-audit-events', {
      query: { organizationId: victim.id },
    });
    expect([adminList.status, adminList.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG']);
    // their own export holds their own rows only
    const own = await attacker.owner.client.get('/organization/export-audit-events');
    expect(own.status).toBe(200);
    const lines = own.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { organizationId: string });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.organizationId === attacker.id)).toBe(true);
    expect(leaked(own)).toBe(false);
  });

  it('admins export everything that matches as JSON lines or CSV, streamed page by page, formulas defused', async () => {
    const admin = await signUpUser(t.app);
    await db().updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    // an organization whose name a spreadsheet would run
    const evil = '=HYPERLINK("https://evil.example","click")';
    const owner = await signUpUser(t.app);
    const org = await owner.client.post(
      '/organization/create',
      { name: evil, slug: slug() },
      { headers: { 'user-agent': '-2+3,"quoted" UA' } },
    );
    expect(org.status).toBe(200);
    // more rows than one page of the stream (500)
    const start = new Date(t.app.clock.now().getTime() + 1000);
    t.app.clock.advance(1);
    const base = { outcome: 'success' as const, actorType: 'system' as const, type: 'export.test' };
    const many = Array.from({ length: 1203 }, (_, i) => ({
      ...base,
      id: `export-${t.dialect}-${String(i).padStart(5, '0')}`,
      createdAt: new Date(start.getTime() + i),
      details: JSON.stringify({ i }),
    }));
    for (let i = 0; i < many.length; i += 200)
      await db()
        .insertInto('auditEvent')
        .values(many.slice(i, i + 200))
        .execute();

    const jsonl = await admin.client.get('/admin/export-audit-events', { query: { type: 'export.test' } });
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(jsonl.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-events-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    expect(jsonl.headers.get('cache-control')).toBe('no-store');
    const exported = jsonl.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; details: { i: number } });
    // every row once, newest first, as the list pages them
    expect(exported.map((e) => e.id)).toEqual([...many].reverse().map((e) => e.id));
    expect(exported[0]?.details).toEqual({ i: 1202 });
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { type: 'export.test', limit: '200', ...(cursor ? { cursor } : {}) };
      const page = await admin.client.get('/admin/list-audit-events', { query });
      listed.push(...(page.json.events as { id: string }[]).map((e) => e.id));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(exported.map((e) => e.id)).toEqual(listed);

    const csv = await admin.client.get('/admin/export-audit-events', {
      query: { organizationId: org.json.id, type: 'organization.created', format: 'csv' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const table = parseCsv(csv.text);
    expect(table[0]).toEqual([
      'id',
      'createdAt',
      'type',
      'outcome',
      'actorUserId',
      'actorType',
      'impersonatorUserId',
      'targetType',
      'targetId',
      'organizationId',
      'ipAddress',
      'userAgent',
      'details',
      'chainId',
      'chainSeq',
      'hash',
    ]);
    expect(table).toHaveLength(2);
    const row = Object.fromEntries((table[0] ?? []).map((k, i) => [k, table[1]?.[i]]));
    expect(row).toMatchObject({ type: 'organization.created', organizationId: org.json.id, actorUserId: owner.userId });
    // the user agent began with "-": a spreadsheet would compute it, so it is text now
    expect(row.userAgent).toBe('\'-2+3,"quoted" UA');
    // the details cell is JSON (it starts with "{"), holding the name as it was
    expect(JSON.parse(row.details ?? '')).toMatchObject({ name: evil });
    // no cell of the file starts with a formula character
    for (const cells of table) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(csvCell('=1+1')).toBe('"\'=1+1"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell(null)).toBe('');

    // an organization's readers export their own organization the same way
    const orgCsv = await owner.client.get('/organization/export-audit-events', { query: { format: 'csv' } });
    expect(orgCsv.status).toBe(200);
    const orgRows = parseCsv(orgCsv.text).slice(1);
    expect(orgRows.length).toBe(2);
    expect(orgRows.every((cells) => cells[9] === org.json.id)).toBe(true);

    // refusals
    const plain = await signUpUser(t.app);
    const refused = await plain.client.get('/admin/export-audit-events');
    expect([refused.status, refused.json.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG']);
    expect((await t.app.client().get('/admin/export-audit-events')).status).toBe(401);
    const badFormat = await admin.client.get('/admin/export-audit-events', { query: { format: 'xlsx' } });
    expect([badFormat.status, badFormat.json.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
