// PROXY protocol headers as HAProxy writes them (v1 text, v2 binary, from the protocol's specification): the client is read, anything malformed or oversized is refused, a partial header waits for more.
import { describe, expect, it } from 'vitest';
import { normalizeAddress, requestClient } from './clientAddress';
import { parseProxyHeader, ProxyHeaderError, V2_MAX_PAYLOAD_BYTES } from './proxyProtocol';
import { parseTrustedProxies, TrustedProxyError } from './trustedProxies';

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');
/** The v2 signature (spec 2.2): \r\n\r\n\0\r\nQUIT\n. */
const SIGNATURE = [0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a];

/** A v2 header: version/command byte, family/protocol byte, then the payload (addresses and TLVs). */
function v2(versionCommand: number, familyProtocol: number, payload: number[]): Buffer {
  return Buffer.from([
    ...SIGNATURE,
    versionCommand,
    familyProtocol,
    payload.length >> 8,
    payload.length & 255,
    ...payload,
  ]);
}

/** TCP over IPv4 (0x11): 203.0.113.9:51234 -> 10.0.0.5:8425. */
const INET_PAYLOAD = [203, 0, 113, 9, 10, 0, 0, 5, 0xc8, 0x22, 0x20, 0xe9];
/** TCP over IPv6 (0x21): 2001:db8::7 -> 2001:db8::1, ports 443 and 8425. */
const INET6_PAYLOAD = [
  0x20,
  0x01,
  0x0d,
  0xb8,
  ...Array<number>(11).fill(0),
  7,
  0x20,
  0x01,
  0x0d,
  0xb8,
  ...Array<number>(11).fill(0),
  1,
  0x01,
  0xbb,
  0x20,
  0xe9,
];

describe('PROXY protocol v1', () => {
  it('reads the client of TCP4 and TCP6 lines, and the bytes after the line are left alone', () => {
    const request = 'GET / HTTP/1.1\r\n';
    const header = 'PROXY TCP4 203.0.113.9 10.0.0.5 51234 8425\r\n';
    expect(parseProxyHeader(latin1(header + request))).toEqual({
      complete: true,
      length: header.length,
      source: '203.0.113.9',
    });
    const six = 'PROXY TCP6 2001:0DB8:0000::0007 2001:db8::1 443 8425\r\n';
    expect(parseProxyHeader(latin1(six))).toEqual({ complete: true, length: six.length, source: '2001:db8::7' });
  });

  it('UNKNOWN (a balancer that cannot tell) names no client', () => {
    expect(parseProxyHeader(latin1('PROXY UNKNOWN\r\n'))).toEqual({ complete: true, length: 15, source: null });
  });

  it('waits while the start fits a header, up to the 107 bytes a v1 line may have', () => {
    for (const part of ['P', 'PROX', 'PROXY ', 'PROXY TCP4 203.0.113.9 10.0.0.5 512'])
      expect(parseProxyHeader(latin1(part))).toEqual({ complete: false });
    expect(() => parseProxyHeader(latin1(`PROXY TCP4 ${'1'.repeat(110)}`))).toThrow(/longer than 107 bytes/);
  });

  it('refuses malformed lines', () => {
    for (const line of [
      'PROXY TCP4 203.0.113.9 10.0.0.5 51234\r\n',
      'PROXY TCP4 2001:db8::7 10.0.0.5 51234 8425\r\n',
      'PROXY TCP6 203.0.113.9 10.0.0.5 51234 8425\r\n',
      'PROXY TCP4 203.0.113.256 10.0.0.5 51234 8425\r\n',
      'PROXY TCP4 203.0.113.9 10.0.0.5 65536 8425\r\n',
      'PROXY TCP4 203.0.113.9 10.0.0.5 0512 8425\r\n',
      'PROXY UDP4 203.0.113.9 10.0.0.5 51234 8425\r\n',
      'PROXY TCP4  203.0.113.9 10.0.0.5 51234 8425\r\n',
    ]) {
      expect(() => parseProxyHeader(latin1(line)), line).toThrow(ProxyHeaderError);
    }
  });

  it('refuses a connection that starts with anything else', () => {
    expect(() => parseProxyHeader(latin1('GET / HTTP/1.1\r\n'))).toThrow(/does not start with a PROXY header/);
    expect(() => parseProxyHeader(latin1('PROXI'))).toThrow(ProxyHeaderError);
    expect(() => parseProxyHeader(Buffer.from([0x16, 0x03, 0x01]))).toThrow(ProxyHeaderError);
  });
});

describe('PROXY protocol v2', () => {
  it('reads the client of PROXY commands over IPv4 and IPv6, skipping TLVs', () => {
    expect(parseProxyHeader(v2(0x21, 0x11, INET_PAYLOAD))).toEqual({
      complete: true,
      length: 28,
      source: '203.0.113.9',
    });
    expect(parseProxyHeader(v2(0x21, 0x21, INET6_PAYLOAD))).toEqual({
      complete: true,
      length: 52,
      source: '2001:db8::7',
    });
    // PP2_TYPE_ALPN (0x01) "h2" and PP2_TYPE_AUTHORITY (0x02) "example.org" after the addresses.
    const tlvs = [0x01, 0, 2, ...latin1('h2'), 0x02, 0, 11, ...latin1('example.org')];
    const withTlvs = Buffer.concat([v2(0x21, 0x11, [...INET_PAYLOAD, ...tlvs]), latin1('GET /')]);
    expect(parseProxyHeader(withTlvs)).toEqual({ complete: true, length: 28 + tlvs.length, source: '203.0.113.9' });
    // An IPv4-mapped IPv6 client is the IPv4 client.
    const mapped = [...Array<number>(10).fill(0), 0xff, 0xff, 198, 51, 100, 4, ...INET6_PAYLOAD.slice(16)];
    expect(parseProxyHeader(v2(0x21, 0x21, mapped))).toMatchObject({ source: '198.51.100.4' });
  });

  it("LOCAL (the balancer's own health check) and UNSPEC name no client", () => {
    expect(parseProxyHeader(v2(0x20, 0x00, []))).toEqual({ complete: true, length: 16, source: null });
    expect(parseProxyHeader(v2(0x20, 0x11, INET_PAYLOAD))).toEqual({ complete: true, length: 28, source: null });
    expect(parseProxyHeader(v2(0x21, 0x00, []))).toEqual({ complete: true, length: 16, source: null });
  });

  it('waits for the whole signature, fixed part and payload', () => {
    const whole = v2(0x21, 0x11, INET_PAYLOAD);
    for (const length of [1, 5, 12, 15, 16, 27])
      expect(parseProxyHeader(whole.subarray(0, length))).toEqual({ complete: false });
  });

  it('refuses other versions and commands, UDP, payloads shorter than their addresses or over the bound, and broken signatures', () => {
    const cases: [string, Buffer][] = [
      ['version 1', v2(0x11, 0x11, INET_PAYLOAD)],
      ['command 2', v2(0x22, 0x11, INET_PAYLOAD)],
      ['UDP', v2(0x21, 0x12, INET_PAYLOAD)],
      ['family 4', v2(0x21, 0x41, INET_PAYLOAD)],
      ['short IPv6', v2(0x21, 0x21, INET_PAYLOAD)],
      ['oversized', Buffer.from([...SIGNATURE, 0x21, 0x11, 0xff, 0xff])],
      ['signature', Buffer.from([...SIGNATURE.slice(0, 11), 0x0b, 0x21, 0x11, 0, 12])],
    ];
    for (const [name, bytes] of cases) expect(() => parseProxyHeader(bytes), name).toThrow(ProxyHeaderError);
    const justOver = V2_MAX_PAYLOAD_BYTES + 1;
    expect(() => parseProxyHeader(Buffer.from([...SIGNATURE, 0x21, 0x11, justOver >> 8, justOver & 255]))).toThrow(
      /at most 2048/,
    );
  });
});

describe('trusted proxies and X-Forwarded-For', () => {
  const trusted = parseTrustedProxies(['127.0.0.1/32', '10.0.0.0/8', 'fd00::/8']);
  const from = (remoteAddress: string, forwarded?: string | string[]) => ({
    socket: { remoteAddress, remotePort: 1, localAddress: '127.0.0.1', localPort: 2 } as never,
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  });

  it('parses ranges and single addresses, and says what is wrong with a bad entry', () => {
    expect(trusted.trusts('10.200.3.4')).toBe(true);
    expect(trusted.trusts('11.0.0.1')).toBe(false);
    expect(trusted.trusts('fd12::1')).toBe(true);
    expect(trusted.trusts('127.0.0.2')).toBe(false);
    expect(parseTrustedProxies(['::1']).trusts('::1')).toBe(true);
    for (const bad of ['10.0.0.0/33', 'fd00::/129', 'example.org', '10.0.0.0/8/1', '10.0.0/8', '10.0.0.0/x', '']) {
      expect(() => parseTrustedProxies([bad]), bad).toThrow(TrustedProxyError);
    }
    expect(() => parseTrustedProxies(['10.0.0.0/33'])).toThrow(/"10.0.0.0\/33" is not an IP address or CIDR range/);
  });

  it('takes the rightmost untrusted hop from trusted peers only', () => {
    expect(requestClient(from('127.0.0.1', '198.51.100.1, 203.0.113.9'), trusted)).toBe('203.0.113.9');
    expect(requestClient(from('127.0.0.1', '198.51.100.1, 203.0.113.9, 10.1.1.1'), trusted)).toBe('203.0.113.9');
    expect(requestClient(from('127.0.0.1', ['198.51.100.1', '203.0.113.9:4711']), trusted)).toBe('203.0.113.9');
    expect(requestClient(from('127.0.0.1', '[2001:DB8::7]:443'), trusted)).toBe('2001:db8::7');
    // A spoofed header from an untrusted peer, or without trusted proxies at all, is ignored.
    expect(requestClient(from('192.0.2.50', '127.0.0.1'), trusted)).toBe('192.0.2.50');
    expect(requestClient(from('127.0.0.1', '203.0.113.9'))).toBe('127.0.0.1');
    // No header: the trusted peer itself; a hop that is no address ends the walk at the trusted hop after it.
    expect(requestClient(from('127.0.0.1'), trusted)).toBe('127.0.0.1');
    expect(requestClient(from('127.0.0.1', '203.0.113.9, unknown, 10.1.1.1'), trusted)).toBe('10.1.1.1');
    expect(requestClient(from('::ffff:127.0.0.1', '::ffff:203.0.113.9'), trusted)).toBe('203.0.113.9');
  });

  it('writes every address the way Node writes peers', () => {
    expect(normalizeAddress('2001:0DB8:0:0:0:0:0:7')).toBe('2001:db8::7');
    expect(normalizeAddress('::ffff:c633:6404')).toBe('198.51.100.4');
    expect(normalizeAddress('unknown')).toBeUndefined();
  });
});
