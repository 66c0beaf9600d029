// The key per-address limits count under (security review follow-up #5): an IPv4 address as it
// is, an IPv4-mapped IPv6 address as its IPv4 address, and any other IPv6 address as its /64
// prefix. A host is usually given a whole /64, so keying on the full address would let it use a
// fresh address, and a fresh budget, for every request.
import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_PREFIX = '::ffff:';

/** Eight 16-bit groups of an IPv6 address (`::` expanded, an embedded IPv4 tail as two groups). */
function groupsOf(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const piece of part.split(':')) {
      if (isIPv4(piece)) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        out.push(a * 256 + b, c * 256 + d);
      } else {
        const value = Number.parseInt(piece, 16);
        if (piece.length === 0 || piece.length > 4 || Number.isNaN(value)) return null;
        out.push(value);
      }
    }
    return out;
  };
  const head = parse(halves[0] ?? '');
  const tail = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** The bucket key of a client address (request.ip); anything that is no address is kept as is. */
export function addressKey(ip: string): string {
  // A zone id (fe80::1%eth0) names an interface, not another host.
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const lower = address.toLowerCase();
  if (lower.startsWith(MAPPED_PREFIX) && isIPv4(lower.slice(MAPPED_PREFIX.length))) {
    return lower.slice(MAPPED_PREFIX.length);
  }
  const groups = groupsOf(lower);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
