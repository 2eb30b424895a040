/**
 * Which address a request comes from, behind a proxy or not (docs/rate-limiting.md,
 * "Client"). Without `advanced.ipAddressHeaders` it is the socket's. With them, a header
 * holding a single address is taken (the proxy replaced whatever the client sent). A chain
 * (`client, proxy1, proxy2`, what an appending proxy makes of a header the client sent
 * itself) is read only with `advanced.trustedProxies`: from the right, past every hop that
 * is a trusted proxy, to the first that is not; without them a chain is distrusted and the
 * socket's address is used. With `trustedProxies`, a request whose socket is not one of
 * them is answered by its socket's address, whatever its headers say.
 */
import { BlockList, isIP } from 'node:net';

/** The address without the IPv4-mapped IPv6 prefix a dual-stack socket reports. */
function plain(address: string): string {
  return address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** Whether `entry` is an IP address or a CIDR range (the configuration's check). */
export function isAddressOrRange(entry: string): boolean {
  try {
    proxyMatcher([entry]);
    return true;
  } catch {
    return false;
  }
}

/** A matcher for a list of addresses and CIDR ranges; throws on an entry that is neither. */
export function proxyMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`not an IP address or CIDR range: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`not a CIDR range: ${entry}`);
    list.addSubnet(address, bits, type);
  }
  return (raw) => {
    const address = plain(raw);
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

export function clientIp(
  header: (name: string) => string | null,
  socketIp: string | null,
  headers: readonly string[],
  trusted: ((address: string) => boolean) | null,
): string | null {
  if (headers.length === 0) return socketIp;
  // a request that did not come through a trusted proxy says nothing true in its headers
  if (trusted && (!socketIp || !trusted(socketIp))) return socketIp;
  for (const name of headers) {
    const value = header(name);
    if (!value) continue;
    const hops = value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (hops.length === 1) return hops[0] ?? socketIp;
    if (!trusted || hops.length === 0) continue;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] ?? '';
      if (i === 0 || !trusted(hop)) return hop;
    }
  }
  return socketIp;
}
