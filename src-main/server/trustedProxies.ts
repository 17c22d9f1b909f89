// The balancers and reverse proxies whose word about the client is believed (`serve --trusted-proxy CIDR…`): parsed once, asked per connection.
import { BlockList, isIP } from 'node:net';

/** Where `serve` reads the list when --trusted-proxy is not given (commas or spaces between entries). */
export const TRUSTED_PROXY_ENV = 'LABELSMITH_TRUSTED_PROXY';

export interface TrustedProxies {
  /** The entries as given, for logs and messages. */
  readonly ranges: readonly string[];
  /** Whether a (normalised, see clientAddress) peer address is one of them. */
  trusts(address: string): boolean;
}

/** Nobody is trusted: what a server without --trusted-proxy uses. */
export const NO_TRUSTED_PROXIES: TrustedProxies = { ranges: [], trusts: () => false };

/** A --trusted-proxy entry that is not an address or CIDR range; the message says which and what is expected. */
export class TrustedProxyError extends Error {}

/** "10.0.0.0/8, 192.168.1.7 ::1" -> ["10.0.0.0/8", "192.168.1.7", "::1"]: commander gives a list, the variable one string. */
export function splitTrustedProxyList(values: readonly string[] | string | undefined): string[] {
  const list = typeof values === 'string' ? [values] : (values ?? []);
  return list.flatMap((value) => value.split(/[\s,]+/)).filter((entry) => entry !== '');
}

/**
 * Parses CIDR ranges ("10.0.0.0/8", "fd00::/8") and single addresses ("127.0.0.1" is /32, "::1" /128). An IPv4 range
 * also matches its IPv4-mapped IPv6 form, as clientAddress writes such peers as plain IPv4 anyway. `option` names the
 * list in the error (a virtual printer's --allow-client lists client addresses the same way).
 */
export function parseTrustedProxies(entries: readonly string[], option = '--trusted-proxy'): TrustedProxies {
  if (entries.length === 0) return NO_TRUSTED_PROXIES;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefixText, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
    if (family === 0 || extra !== undefined || !(prefix >= 0 && prefix <= bits)) {
      throw new TrustedProxyError(
        `${option}: "${entry}" is not an IP address or CIDR range; expected e.g. 10.0.0.0/8, 192.168.1.7 or fd00::/8 (IPv4 prefixes 0-32, IPv6 0-128)`,
      );
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    ranges: [...entries],
    trusts(address) {
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
