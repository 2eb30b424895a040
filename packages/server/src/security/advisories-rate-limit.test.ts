/**
 * better-auth's security advisories about the rate limit, replayed over HTTP against Latch:
 * neither another spelling of a path, a race on one counter, nor a rotated address (within
 * an IPv6 /64, IPv4 against its mapped form, a spoofed X-Forwarded-For) gets around it.
 *
 * docs/security-advisories.md lists every advisory found, where, and why the ones without
 * a test do not apply; test/advisories.ts holds the shared setup (the snapshot of the account
 * tables each test compares before and after its attack).
 */
import { expect, it } from 'vitest';
import { snapshot, unique } from '../test/advisories.ts';
import { describeOnDatabases, PASSWORD, signUpUser } from '../test/harness.ts';

await describeOnDatabases(
  'better-auth rate-limit advisories replayed',
  {
    rateLimit: { enabled: true, storage: 'database', customRules: { '/sign-in/email': { window: 60, max: 3 } } },
  },
  (t) => {
    it('GHSA-x732-6j76-qmhm (CVE-2025-71399): extra slashes neither reach the route nor buy a fresh allowance', async () => {
      const { email, userId } = await signUpUser(t.app);
      const ip = '203.0.113.7';
      const before = await snapshot(t.db);
      const spellings = ['//sign-in/email', '/sign-in//email', '/sign-in/email/'];
      const statuses = [];
      for (const path of spellings)
        statuses.push((await t.app.client().post(path, { email, password: PASSWORD }, { ip })).status);
      expect(statuses).toEqual([404, 404, 404]);
      // those counted against /sign-in/email: the fourth try from this address waits
      const fourth = await t.app.client().post('/sign-in/email', { email, password: PASSWORD }, { ip });
      expect(fourth.status).toBe(429);
      expect(fourth.headers.get('x-retry-after')).toMatch(/^\d+$/);
      expect(await snapshot(t.db)).toEqual(before);
      // another address is not affected
      const elsewhere = await t.app
        .client()
        .post('/sign-in/email', { email, password: PASSWORD }, { ip: '203.0.113.8' });
      expect([elsewhere.status, elsewhere.json.user.id]).toEqual([200, userId]);
    });

    it('GHSA-44jh-23m7-hpcf: requests racing on one counter in the database store get exactly the allowance', async () => {
      const ip = '203.0.113.50';
      const before = await snapshot(t.db);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.app.client().post('/sign-in/email', { email: unique('race'), password: 'Wrong-Pass-123' }, { ip }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(3).fill(401), ...Array(9).fill(429)]);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('GHSA-p6v2-xcpg-h6xw (CVE-2026-45364): rotating addresses inside one IPv6 /64, or between an IPv4 address and its mapped form, keeps one budget', async () => {
      const { email, userId } = await signUpUser(t.app);
      const before = await snapshot(t.db);
      const tries = async (ips: string[]) => {
        const out = [];
        for (const ip of ips)
          out.push(
            (await t.app.client().post('/sign-in/email', { email: unique('nobody'), password: PASSWORD }, { ip }))
              .status,
          );
        return out;
      };
      expect(await tries(['2001:db8:aa:bb::1', '2001:db8:aa:bb::2', '2001:DB8:AA:BB:FFFF:FFFF:FFFF:FFFF'])).toEqual([
        401, 401, 401,
      ]);
      expect(await tries(['[2001:db8:aa:bb:1:2:3:4]:443'])).toEqual([429]);
      expect(await tries(['198.51.100.77', '::ffff:198.51.100.77', '::ffff:c633:644d'])).toEqual([401, 401, 401]);
      expect(await tries(['198.51.100.77'])).toEqual([429]);
      // a spoofed X-Forwarded-For does not rotate the key either: Latch reads proxy headers only when configured
      const spoofed = await t.app
        .client()
        .post(
          '/sign-in/email',
          { email, password: PASSWORD },
          { ip: '2001:db8:aa:bb::99', headers: { 'x-forwarded-for': '192.0.2.200' } },
        );
      expect(spoofed.status).toBe(429);
      expect(await snapshot(t.db)).toEqual(before);
      // the neighbouring /64 has its own budget
      const neighbour = await t.app
        .client()
        .post('/sign-in/email', { email, password: PASSWORD }, { ip: '2001:db8:aa:bc::1' });
      expect([neighbour.status, neighbour.json.user.id]).toEqual([200, userId]);
    });
  },
);
