/**
 * The pure rules of webhooks: which URLs and addresses a delivery may reach (SSRF), the
 * lookup the socket uses, the retry schedule with its jitter, and Retry-After.
 */
import { expect, it } from 'vitest';
import { parseRetryAfter } from './send.ts';
import { AddressNotAllowedError, guardedLookup, isPublicAddress, urlProblem } from './url-policy.ts';
import { RETRY_DELAYS_SECONDS, retryDelaySeconds } from './worker.ts';

const STRICT = { allowInsecureUrls: false, allowPrivateNetworks: false };

it('only public addresses are public', () => {
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
    expect([address, isPublicAddress(address)]).toEqual([address, true]);
  for (const address of [
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:192.168.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '::7f00:1',
    '::ffff:0:7f00:1',
    '::ffff:0:a9fe:a9fe',
    'not an address',
  ])
    expect([address, isPublicAddress(address)]).toEqual([address, false]);
});

it('a URL must be https to a public host, unless the configuration allows loopback and private targets', () => {
  expect(urlProblem('https://hooks.example.com/x?y=1', STRICT)).toBeNull();
  expect(urlProblem('https://93.184.216.34/x', STRICT)).toBeNull();
  for (const url of [
    'http://hooks.example.com/x',
    'https://hooks.example.com.evil@127.0.0.1/x',
    'https://u:p@hooks.example.com/',
    'https://localhost/',
    'https://LOCALHOST./',
    'https://api.localhost/',
    'https://0x7f.1/',
    'https://2130706433/',
    'https://[::ffff:7f00:1]/',
    'file:///etc/passwd',
    'gopher://hooks.example.com/',
    'nonsense',
  ])
    expect([url, urlProblem(url, STRICT)]).not.toEqual([url, null]);
  const dev = { allowInsecureUrls: true, allowPrivateNetworks: true };
  expect(urlProblem('http://127.0.0.1:8080/x', dev)).toBeNull();
  expect(urlProblem('http://localhost:8080/x', dev)).toBeNull();
  expect(urlProblem('http://[::1]:8080/x', dev)).toBeNull();
  expect(urlProblem('https://10.0.0.5/x', dev)).toBeNull();
  // http only ever to loopback
  expect(urlProblem('http://10.0.0.5/x', dev)).toBe('not https');
  expect(urlProblem('http://hooks.example.com/x', dev)).toBe('not https');
  // loopback over http still needs private networks allowed
  expect(urlProblem('http://127.0.0.1/x', { allowInsecureUrls: true, allowPrivateNetworks: false })).not.toBeNull();
});

it("the socket's lookup refuses a name that resolves to a non-public address, unless allowed", async () => {
  const lookup = (policy: typeof STRICT) =>
    new Promise<{ error: unknown; address: unknown }>((done) =>
      guardedLookup(policy)('localhost', { all: true }, (error, address) => done({ error, address })),
    );
  const refused = await lookup(STRICT);
  expect(refused.error).toBeInstanceOf(AddressNotAllowedError);
  const allowed = await lookup({ allowInsecureUrls: false, allowPrivateNetworks: true });
  expect(allowed.error).toBeNull();
  expect((allowed.address as { address: string }[]).map((a) => a.address)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^(127\.0\.0\.1|::1)$/)]),
  );
});

it('retries follow the Standard Webhooks schedule within ±10% jitter, then stay at 24 hours', () => {
  expect(RETRY_DELAYS_SECONDS).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400]);
  RETRY_DELAYS_SECONDS.forEach((base, i) => {
    expect(retryDelaySeconds(i + 1, () => 0)).toBeCloseTo(base * 0.9);
    expect(Math.abs(retryDelaySeconds(i + 1, () => 0.999_999) - base * 1.1)).toBeLessThan(0.1);
  });
  expect(retryDelaySeconds(40, () => 0.5)).toBe(86_400);
  // jitter spreads retries of one moment
  const spread = new Set(Array.from({ length: 20 }, () => Math.round(retryDelaySeconds(2))));
  expect(spread.size).toBeGreaterThan(5);
});

it('Retry-After is read as seconds or as a date', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  expect(parseRetryAfter('120', now)).toBe(120);
  expect(parseRetryAfter('Sun, 22 Nov 2026 10:10:00 GMT', now)).toBe(600);
  expect(parseRetryAfter('soon', now)).toBeNull();
  expect(parseRetryAfter(undefined, now)).toBeNull();
});
