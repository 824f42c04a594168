import { describe, expect, it } from 'vitest';
import { isLoopbackName, isPrivateAddress } from './private-addresses';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '[::1]',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    'not-an-ip',
    // Documentation ranges (TEST-NET-1/2/3, 2001:db8::/32): never a real receiver.
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.255',
    '::ffff:203.0.113.9',
    '2001:db8::1',
  ])('When the address is %s, then it is private or reserved', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.253.255.255',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '192.0.3.1',
    '198.51.101.1',
    '203.0.114.1',
  ])('When the address is %s, then it is public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  /** Teredo keeps the client's IPv4 address in the last 32 bits, every bit inverted. */
  const teredo = (ipv4: string) => {
    const inverted = ipv4.split('.').map((octet) => 255 - Number(octet));
    const group = (high: number, low: number) => ((high << 8) | low).toString(16);
    return `2001:0:4136:e378:8000:63bf:${group(inverted[0] ?? 0, inverted[1] ?? 0)}:${group(inverted[2] ?? 0, inverted[3] ?? 0)}`;
  };

  it.each([
    // IPv4-mapped and IPv4-compatible, dotted and hexadecimal, long and bracketed spellings.
    ['mapped', '::ffff:192.168.0.1'],
    ['mapped', '0:0:0:0:0:ffff:7f00:1'],
    ['mapped', '[::FFFF:A9FE:A9FE]'],
    ['compatible', '::10.0.0.1'],
    ['compatible', '::a00:1'],
    ['compatible', '0:0:0:0:0:0:172.16.0.1'],
    // IPv4-translated (SIIT): ::ffff:0:a.b.c.d.
    ['translated', '::ffff:0:127.0.0.1'],
    ['translated', '::ffff:0:7f00:1'],
    ['translated', '0:0:0:0:ffff:0:10.0.0.1'],
    ['translated', '::FFFF:0:A9FE:A9FE'],
    ['translated', '[::ffff:0:192.168.1.1]'],
    // NAT64, well-known prefix 64:ff9b::/96 and local-use 64:ff9b:1::/48 (either embedding).
    ['NAT64', '64:ff9b::127.0.0.1'],
    ['NAT64', '64:ff9b::a00:1'],
    ['NAT64', '0064:FF9B:0000:0000:0000:0000:C0A8:0101'],
    ['NAT64 local', '64:ff9b:1::10.0.0.1'],
    ['NAT64 local', '64:ff9b:1:a9fe:a9:fe00:808:808'],
    ['NAT64 local', '64:ff9b:1:7f00:0:100:808:808'],
    // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
    ['6to4', '2002:7f00:1::'],
    ['6to4', '2002:a00:1::1'],
    ['6to4', '2002:c0a8:101:0:0:0:0:1'],
    ['6to4', '2002:a9fe:a9fe::1'],
    ['6to4', '2002::'],
    // Teredo 2001::/32: the client's IPv4, inverted, in the last 32 bits.
    ['Teredo', teredo('127.0.0.1')],
    ['Teredo', teredo('10.0.0.1')],
    ['Teredo', teredo('169.254.169.254')],
    ['Teredo', teredo('192.168.1.1')],
    ['Teredo', '2001::80ff:fefe'],
  ])('When a %s address %s embeds a private IPv4 address, then it is private', (_form, ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    ['mapped', '::ffff:8.8.8.8'],
    ['compatible', '::8.8.4.4'],
    ['translated', '::ffff:0:8.8.8.8'],
    ['translated', '::ffff:0:5db8:d822'],
    ['NAT64', '64:ff9b::1.1.1.1'],
    ['NAT64', '64:ff9b::5db8:d822'],
    ['NAT64 local', '64:ff9b:1::8.8.8.8'],
    ['6to4', '2002:808:808::1'],
    ['6to4', '2002:5db8:d822:1::'],
    ['Teredo', teredo('8.8.8.8')],
    ['Teredo', teredo('93.184.216.34')],
  ])('When a %s address %s embeds a public IPv4 address, then it is public', (_form, ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

describe('isLoopbackName', () => {
  it.each([
    'localhost',
    'localhost.',
    'LOCALHOST',
    'LocalHost.',
    'foo.localhost',
    'a.b.Localhost.',
    'x-y.LOCALHOST',
  ])('When the name is %s, then it is loopback', (host) => {
    expect(isLoopbackName(host)).toBe(true);
  });

  it.each([
    'localhost.com',
    'mylocalhost',
    'localhost.example',
    'notlocalhost.',
    'example.com',
    'localhost..',
  ])('When the name is %s, then it is not a loopback name', (host) => {
    expect(isLoopbackName(host)).toBe(false);
  });
});
