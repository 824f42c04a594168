import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The addresses no webhook may reach unless ALLOW_PRIVATE_TARGETS: loopback, private, link-local,
 * CGNAT, benchmarking, documentation (TEST-NET), multicast and reserved ranges, v4 and v6. One
 * table, read by the check when a target is saved and by the one when its socket connects.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Expands an IPv6 text form into its eight 16-bit groups. */
function ipv6Groups(ip: string): number[] {
  const text = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_match, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const [head = '', rest] = text.split('::');
  if (rest === undefined) return parse(head);
  const left = parse(head);
  const right = parse(rest);
  return [...left, ...new Array(Math.max(8 - left.length - right.length, 0)).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 addresses a packet to this IPv6 address may end up at, for every form that embeds one:
 * IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002:AABB:CCDD::/48 and Teredo 2001::/32 (the client's address, inverted, in
 * the last 32 bits). The local-use NAT64 prefix 64:ff9b:1::/48 may embed it in the last 32 bits or
 * in the /48 layout; the operator's choice is unknown, so both are returned when bits 48–95 are
 * not zero. Empty for a native IPv6 address. A range table cannot say this: the embedded address
 * sits in different bits for each form.
 */
function embeddedIpv4s(groups: number[]): string[] {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const last32 = ipv4Of(g6, g7);
  const isZero64 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (isZero64 && g4 === 0 && g5 === 0 && g6 === 0 && g7 <= 1) return [];
  if (isZero64 && g4 === 0 && (g5 === 0xffff || g5 === 0)) return [last32];
  if (isZero64 && g4 === 0xffff && g5 === 0) return [last32];
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1 && (g3 !== 0 || g4 !== 0 || g5 !== 0)) {
    // RFC 6052 /48 layout: bits 48–63, then (after the reserved octet) bits 72–87.
    return [last32, ipv4Of(g3, ((g4 & 255) << 8) | (g5 >> 8))];
  }
  if (g0 === 0x64 && g1 === 0xff9b) return [last32];
  if (g0 === 0x2002) return [ipv4Of(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)];
  return [];
}

/**
 * True for loopback, private, link-local, CGNAT, TEST-NET, multicast, reserved and metadata
 * addresses (v4 and v6, and v6 forms carrying a v4 one); true as well for what is not an address.
 */
export function isPrivateAddress(ip: string): boolean {
  const bare = (ip.replace(/^\[|\]$/g, '').split('%')[0] ?? '').toLowerCase();
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return true;
  if (BLOCKED.check(bare, 'ipv6')) return true;
  const embedded = embeddedIpv4s(ipv6Groups(bare));
  return embedded.some((address) => BLOCKED.check(address, 'ipv4'));
}

/**
 * `localhost` and every name under it (`api.localhost`), in any case and with or without the
 * trailing dot of a fully qualified name, are loopback by definition (RFC 6761): no answer a
 * resolver gives, or fails to give, changes that.
 */
export function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** How long a save waits for a name to resolve before leaving it to the check at connect time. */
const SAVE_LOOKUP_TIMEOUT_MS = 2_000;

/**
 * Whether a URL's host is a private address, a loopback name (`isLoopbackName`, without a lookup),
 * or a name that resolves (now) to a private address. A name that does not resolve, or not within
 * SAVE_LOOKUP_TIMEOUT_MS, is not refused: it may resolve later (a record not published yet, a
 * resolver down for a moment), and the check at connect time still stands between it and a
 * private address.
 */
export async function isPrivateTarget(url: string): Promise<boolean> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (isIP(host.split('%')[0] ?? '')) return isPrivateAddress(host);
  if (isLoopbackName(host)) return true;
  let timer: NodeJS.Timeout | undefined;
  const resolved = await Promise.race([
    lookup(host, { all: true }).catch(() => []),
    new Promise<[]>((resolve) => {
      timer = setTimeout(() => resolve([]), SAVE_LOOKUP_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  return resolved.some((entry) => isPrivateAddress(entry.address));
}
