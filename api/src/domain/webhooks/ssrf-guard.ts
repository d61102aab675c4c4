import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { DomainError } from '../errors';

/**
 * The administrator's exceptions (setting `webhook_allow_hosts`): host names, addresses and CIDRs, comma or
 * space separated. Everything else must resolve to public unicast addresses only.
 */
export class AllowList {
  private readonly names = new Set<string>();
  private readonly ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];

  constructor(setting: string) {
    for (const entry of setting.split(/[\s,]+/).map((e) => e.trim().toLowerCase())) {
      if (!entry) continue;
      if (entry.includes('/') && isCidr(entry)) this.ranges.push(ipaddr.parseCIDR(entry));
      else if (ipaddr.isValid(entry)) {
        const address = normalize(entry);
        this.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      } else this.names.add(entry);
    }
  }

  allowsName(hostname: string): boolean {
    return this.names.has(hostname.toLowerCase());
  }

  allowsAddress(address: string): boolean {
    const parsed = normalize(address);
    return this.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
  }
}

function isCidr(text: string): boolean {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries. */
function normalize(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
}

/** Public unicast only: loopback, private, link-local (cloud metadata), CGNAT, multicast... are refused. */
export function isPublicAddress(address: string): boolean {
  return normalize(address).range() === 'unicast';
}

function refused(detail: string): DomainError {
  return new DomainError('WebhookUrlRefused', {
    en: `This address is not allowed for webhooks: ${detail}`,
    zh: `不允许向该地址发送 Webhook：${detail}`,
  });
}

/** Whether `address` (resolved for `hostname`) may be reached. */
function addressAllowed(hostname: string, address: string, allow: AllowList): boolean {
  return allow.allowsName(hostname) || allow.allowsAddress(address) || isPublicAddress(address);
}

/**
 * Checks an outbound URL before it is stored or used: http(s) only, no credentials, and every address the
 * host resolves to must be public (or allowed by the administrator). Resolves the name: a name pointing at
 * 127.0.0.1 is as refused as 127.0.0.1. `allowUnresolved` accepts a name that does not resolve now.
 */
export async function checkOutboundUrl(
  raw: string,
  allow: AllowList,
  options: { allowUnresolved?: boolean } = {},
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('only http and https');
  if (url.username || url.password) throw refused('no credentials in the URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [host]
    : await dns.promises
        .lookup(host, { all: true, verbatim: true })
        .then((list) => list.map((a) => a.address))
        .catch((): string[] => {
          // A name that does not resolve today reaches nothing; it is checked again at every delivery.
          if (options.allowUnresolved) return [];
          throw refused(`${host} does not resolve`);
        });
  for (const address of addresses) {
    if (!addressAllowed(host, address, allow)) throw refused(`${host} is ${address}`);
  }
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses non-public answers at connection time, so a name that changes
 * its answer between the check and the request (DNS rebinding) still cannot reach an internal address.
 */
export function guardedLookup(allow: AllowList) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, '');
      const addresses = list as dns.LookupAddress[];
      const bad = addresses.find((a) => !addressAllowed(hostname, a.address, allow));
      if (bad || !addresses.length) {
        const error: NodeJS.ErrnoException = new Error(
          `refused address ${bad?.address ?? 'none'} for ${hostname}`,
        );
        error.code = 'EADDRNOTALLOWED';
        return callback(error, '');
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
