/**
 * Where webhooks may go (SSRF guard, docs/webhooks.md). An endpoint URL is checked
 * when it is saved (its scheme, and every address its name resolves to) and again at each send,
 * against the address the socket actually connects to: the agent's DNS lookup drops refused
 * addresses, and the connected socket's remote address is checked before a byte is written. So a
 * name that later resolves to a private address (DNS rebinding) is refused too.
 *
 * Always refused: cloud metadata addresses (also inside IPv4-mapped, IPv4-compatible or NAT64 IPv6
 * forms) and IPv4-compatible IPv6 addresses (`[::127.0.0.1]`, which URL parsing writes `[::7f00:1]`).
 * Refused unless WEBHOOK_ALLOW_PRIVATE=true: every address that is not public unicast (loopback,
 * RFC 1918 private, carrier-grade NAT, link-local with the cloud metadata address 169.254.169.254,
 * unique-local IPv6 with fd00:ec2::254, multicast, reserved, documentation, 0.0.0.0, and IPv6
 * forms that embed an IPv4 address). IPv4-mapped IPv6 addresses are judged as their IPv4 address.
 * Demo mode allows loopback (a receiver on the same machine) and plain http://.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** WEBHOOK_ALLOW_PRIVATE=true: any address. */
  allowPrivate: boolean;
  /** Demo mode: loopback addresses (and http://). */
  allowLoopback: boolean;
  /** Demo mode or WEBHOOK_ALLOW_PRIVATE: http:// as well as https://. */
  allowHttp: boolean;
}

const METADATA = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254']);

const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private (unique-local) address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
};

/**
 * The IPv4 address inside an IPv4-compatible (`::a.b.c.d`, deprecated, ::/96) or NAT64
 * (`64:ff9b::a.b.c.d`) IPv6 address, or null.
 */
function embeddedIpv4(parsed: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  if (parsed.kind() !== 'ipv6') return null;
  const parts = (parsed as ipaddr.IPv6).parts;
  const compatible = parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7]! > 1);
  const nat64 = parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0);
  if (!compatible && !nat64) return null;
  return [parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff].join('.');
}

/**
 * Why `address` may not be reached, or null when it may. Cloud metadata addresses (also inside an
 * IPv6 form) and IPv4-compatible IPv6 addresses are refused even with WEBHOOK_ALLOW_PRIVATE=true:
 * no receiver lives there, and the latter only serves to dress an internal IPv4 address up.
 */
export function addressProblem(address: string, policy: AddressPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.process(address);
  const plain = parsed.toString();
  if (METADATA.has(plain)) return `${plain} is a cloud metadata address`;
  const inner = embeddedIpv4(parsed);
  if (inner && METADATA.has(inner)) return `${plain} is a cloud metadata address (${inner})`;
  const compatible = inner !== null && (parsed as ipaddr.IPv6).parts[0] === 0;
  if (compatible) return `${plain} is an IPv4-compatible IPv6 address (${inner}); use the IPv4 address itself`;
  if (policy.allowPrivate) return null;
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return `${plain} is ${RANGE_NAMES[range] ?? `a reserved address (${range})`}`;
}

export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefused';
  }
}

/** What is wrong with the URL itself (scheme, credentials), before any address is looked at. */
export function urlProblem(raw: string, policy: AddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL such as https://crm.example.com/hooks/portal';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    return policy.allowHttp ? 'must be an http:// or https:// URL' : 'must be an https:// URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password (receivers check the signature instead)';
  if (url.hash) return 'must not have a #fragment';
  if (!url.hostname) return 'must name a host';
  return null;
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * The URL is acceptable and every address its host resolves to may be reached. Answers the
 * problem, or null. A name that does not resolve is refused too (nothing could be delivered).
 */
export async function checkEndpointUrl(raw: string, policy: AddressPolicy, lookupAll: (host: string) => Promise<string[]> = resolveAll): Promise<string | null> {
  const problem = urlProblem(raw, policy);
  if (problem) return problem;
  const host = bareHost(new URL(raw).hostname);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await lookupAll(host);
    } catch (error) {
      return `its host ${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`;
    }
  }
  if (!addresses.length) return `its host ${host} does not resolve`;
  for (const address of addresses) {
    const refused = addressProblem(address, policy);
    if (refused) return `resolves to a refused address: ${refused}. Set WEBHOOK_ALLOW_PRIVATE=true to allow internal receivers`;
  }
  return null;
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((a) => a.address))));
  });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s) agents and requests: resolves as usual, then drops the refused addresses;
 * when none is left the connection fails with the reason. (Node calls it for host names only: an
 * IP literal is checked by `checkSocket`.)
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number | string } | number, callback: LookupCallback): void => {
    const opts = typeof options === 'number' ? { family: options } : options;
    dnsLookup(hostname, { all: true, verbatim: true, ...(opts.family ? { family: Number(opts.family) || 0 } : {}) }, (error, addresses) => {
      if (error) return callback(error, '');
      const allowed = addresses.filter((a) => addressProblem(a.address, policy) === null);
      if (!allowed.length) {
        const reason = addresses.length ? addressProblem(addresses[0]!.address, policy) : 'no address';
        return callback(Object.assign(new AddressRefused(`refused: ${hostname} ${reason ? `resolves to ${reason}` : 'has no address'}`), { code: 'EADDRREFUSED' }), '');
      }
      if (opts.all) return callback(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** The address the socket connected to, checked once more (covers IP literals and any lookup path). */
export function connectedAddressProblem(remoteAddress: string | undefined, policy: AddressPolicy): string | null {
  if (!remoteAddress) return 'the connection has no remote address';
  return addressProblem(remoteAddress, policy);
}
