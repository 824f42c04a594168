import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';

export const BLOCKED_TARGET_MESSAGE = 'Destino bloqueado: endereço privado ou reservado';

/** Raised at connection time when a target resolves to a private or reserved address. */
export class BlockedTargetError extends Error {
  readonly code = 'ERR_BLOCKED_TARGET';
  constructor() {
    super(BLOCKED_TARGET_MESSAGE);
  }
}

const IPV4_BLOCKS: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const ipv4ToInt = (ip: string) => ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);

function isPrivateIpv4(ip: string): boolean {
  const value = ipv4ToInt(ip);
  return IPV4_BLOCKS.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = ipv4ToInt(base);
    return value >= start && value < start + size;
  });
}

/** Expands an IPv6 text form into its eight 16-bit groups. */
function ipv6Groups(ip: string): number[] {
  const text = (ip.split('%')[0] ?? ip).replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_match, a, b, c, d) =>
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
 * not zero. Empty for a native IPv6 address.
 */
function embeddedIpv4s(groups: number[]): string[] {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const last32 = ipv4Of(g6, g7);
  const isZero64 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
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

function isPrivateIpv6(ip: string): boolean {
  const groups = ipv6Groups(ip.toLowerCase());
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 <= 1) {
    return true;
  }
  const embedded = embeddedIpv4s(groups);
  if (embedded.length > 0) return embedded.some(isPrivateIpv4);
  if ((g0 & 0xfe00) === 0xfc00) return true;
  if ((g0 & 0xffc0) === 0xfe80) return true;
  if ((g0 & 0xff00) === 0xff00) return true;
  if (g0 === 0x2001 && g1 === 0x0db8) return true;
  return false;
}

/** True for loopback, private, link-local, CGNAT, multicast, reserved and metadata addresses (v4 and v6). */
export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip.replace(/^\[|\]$/g, ''));
  const bare = ip.replace(/^\[|\]$/g, '');
  if (family === 4) return isPrivateIpv4(bare);
  if (family === 6) return isPrivateIpv6(bare);
  return true;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `net.connect` lookup that resolves once and refuses private answers; the socket
 * connects to the address returned here, so a rebinding DNS cannot swap it afterwards.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string; hints?: number },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new BlockedTargetError() as unknown as NodeJS.ErrnoException, '');
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}
