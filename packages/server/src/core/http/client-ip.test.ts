/**
 * The client's address behind proxies: a header a client wrote itself never moves it into
 * another client's bucket, nor gives it one of its own choosing.
 */
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve.ts';
import { configFileSchema } from '../config/schema.ts';
import { clientIp, isAddressOrRange, proxyMatcher } from './client-ip.ts';

const headersOf = (values: Record<string, string>) => (name: string) => values[name] ?? null;
const XFF = ['x-forwarded-for'];

describe('clientIp', () => {
  it('without headers configured, the socket: whatever the request says', () => {
    expect(clientIp(headersOf({ 'x-forwarded-for': '203.0.113.9' }), '10.0.0.2', [], null)).toBe('10.0.0.2');
  });

  it('a single address is taken; a chain without trusted proxies is distrusted (the socket)', () => {
    expect(clientIp(headersOf({ 'x-forwarded-for': '203.0.113.9' }), '10.0.0.2', XFF, null)).toBe('203.0.113.9');
    expect(clientIp(headersOf({ 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }), '10.0.0.2', XFF, null)).toBe(
      '10.0.0.2',
    );
  });

  it('behind trusted proxies, a chain is read from the right to the first hop that is not one of them', () => {
    const trusted = proxyMatcher(['10.0.0.0/8', '192.0.2.7']);
    // the client wrote its own header; the proxy appended the address it saw
    const forged = headersOf({ 'x-forwarded-for': '198.51.100.1, 198.51.100.2, 203.0.113.9' });
    expect(clientIp(forged, '10.0.0.2', XFF, trusted)).toBe('203.0.113.9');
    // a CDN, then the load balancer: both trusted, the client is the first hop left of them
    const chained = headersOf({ 'x-forwarded-for': '198.51.100.1, 203.0.113.50, 192.0.2.7' });
    expect(clientIp(chained, '::ffff:10.1.2.3', XFF, trusted)).toBe('203.0.113.50');
    // every hop trusted: the leftmost is the client
    expect(clientIp(headersOf({ 'x-forwarded-for': '10.9.9.9, 192.0.2.7' }), '10.0.0.2', XFF, trusted)).toBe(
      '10.9.9.9',
    );
  });

  it('with trusted proxies, a request that did not come through one of them is its socket', () => {
    const trusted = proxyMatcher(['10.0.0.0/8']);
    expect(clientIp(headersOf({ 'x-forwarded-for': '203.0.113.9' }), '198.51.100.77', XFF, trusted)).toBe(
      '198.51.100.77',
    );
    expect(clientIp(headersOf({ 'x-forwarded-for': '203.0.113.9' }), null, XFF, trusted)).toBeNull();
  });

  it('trusted proxies are addresses or CIDR ranges, checked with the configuration', () => {
    for (const good of ['10.0.0.0/8', '192.0.2.7', '::1', 'fd00::/8']) expect(isAddressOrRange(good)).toBe(true);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.0/x', '', 'fd00::/129'])
      expect(isAddressOrRange(bad)).toBe(false);
    const base = { baseURL: 'http://localhost:3000', secret: 'a-secret-that-is-long-enough-for-tests-0123' };
    const ctx = { production: true, test: false };
    expect(
      resolveConfig({ ...base, advanced: { trustedProxies: ['10.0.0.0/8'] } }, ctx).advanced.trustedProxies,
    ).toEqual(['10.0.0.0/8']);
    expect(configFileSchema.safeParse({ advanced: { trustedProxies: ['10.0.0.0/8', '::1'] } }).success).toBe(true);
    const refused = configFileSchema.safeParse({ advanced: { trustedProxies: ['proxy.internal'] } });
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues)).toMatch(/trustedProxies/);
  });
});
