/**
 * Which URLs a webhook may be sent to (docs/webhooks.md, "Which URLs"): https only (http to
 * a loopback host only when `webhooks.allowInsecureUrls` is set), no credentials in the
 * URL, and no target on a loopback, private or otherwise non-public address unless
 * `webhooks.allowPrivateNetworks` is set. A URL is checked when it is saved and before
 * every attempt; a host name is checked on the addresses it resolves to, by the lookup the
 * socket itself uses, so that no second resolution (DNS rebinding) can move the request
 * to another address. Server-side request forgery: OWASP SSRF Prevention Cheat Sheet.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export interface UrlPolicy {
  allowInsecureUrls: boolean;
  allowPrivateNetworks: boolean;
}

/** Addresses that are not on the public internet (IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, and the deprecated IPv4-compatible ::a.b.c.d
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): would reach an IPv4 address of any kind
  ['64:ff9b::', 96], // NAT64: would reach an IPv4 address of any kind
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is on the public internet (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  return family === 6 && (address === '::1' || /^::ffff:127\./i.test(address));
}

/** The host of a URL without the brackets of an IPv6 literal or a trailing dot. */
function hostOf(url: URL): string {
  // a trailing dot names the same host ("localhost." is localhost)
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
}

/** Why a URL may not be a webhook's target, or null when it may. */
export function urlProblem(text: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  const host = hostOf(url);
  if (!host) return 'no host';
  const literal = isIP(host) !== 0;
  const loopbackName = host === 'localhost' || host.endsWith('.localhost');
  const loopback = loopbackName || (literal && isLoopbackAddress(host));
  if (url.protocol === 'http:') {
    if (!(policy.allowInsecureUrls && loopback)) return 'not https';
  } else if (url.protocol !== 'https:') {
    return 'not https';
  }
  if (!policy.allowPrivateNetworks) {
    if (loopbackName) return 'a loopback host';
    if (literal && !isPublicAddress(host)) return 'a loopback, private or reserved address';
  }
  return null;
}

/** A host name that resolved to an address the policy refuses. */
export class AddressNotAllowedError extends Error {
  override name = 'AddressNotAllowedError';
  readonly code = 'EADDRNOTALLOWED';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` a delivery's socket uses: resolves the name, refuses it when any of its
 * addresses is not public (unless allowed), and connects to an address it checked.
 */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { family: options.family ?? 0, hints: options.hints ?? 0, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (!policy.allowPrivateNetworks && addresses.some((a) => !isPublicAddress(a.address))) {
        return callback(new AddressNotAllowedError(`${hostname} resolves to a non-public address`), []);
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
