import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { DomainError } from '../errors';

/**
 * The one SSRF guard of every outbound call a user or an administrator can point somewhere: item webhooks,
 * users' push addresses, the HTTP console's relay, the AI service, object storage, LDAP and OAuth2. A
 * target must resolve to public unicast addresses only (loopback, private, link-local with the cloud
 * metadata at 169.254.169.254, CGNAT, multicast, reserved... are refused), unless the site allows private
 * targets or the administrator's allow-list names the host, its address or its range. Each caller words
 * its own refusal (its error code) around the shared reason.
 */

/** Why a target was refused, in both languages; the caller's `Refusal` turns it into its own error. */
export interface Reason {
  en: string;
  zh: string;
}
export type Refusal = (reason: Reason) => DomainError;

/**
 * The administrator's exceptions (settings such as `webhook_allow_hosts`): host names, addresses and CIDRs,
 * comma or space separated.
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

/** Who may be called: every private target (`allowPrivate`, a site switch), or those `allow` names. */
export interface OutboundRule {
  allowPrivate?: boolean;
  allow?: AllowList;
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

/** Public unicast only. Anything that is not an IP address is not public either. */
export function isPublicAddress(address: string): boolean {
  if (!net.isIP(address.replace(/^\[|\]$/g, ''))) return false;
  return normalize(address).range() === 'unicast';
}

export function isBlockedAddress(address: string): boolean {
  return !isPublicAddress(address);
}

function addressAllowed(hostname: string, address: string, rule: OutboundRule): boolean {
  if (rule.allowPrivate) return true;
  const allow = rule.allow;
  return (
    (allow?.allowsName(hostname) ?? false) ||
    (allow?.allowsAddress(address) ?? false) ||
    isPublicAddress(address)
  );
}

/**
 * A host's every address must be allowed. A name is resolved now (a name pointing at 127.0.0.1 is as
 * refused as 127.0.0.1); `allowUnresolved` accepts a name that does not resolve today (it reaches nothing,
 * and `guardedLookup` checks it again at every connection).
 */
export async function checkOutboundHost(
  host: string,
  rule: OutboundRule,
  refuse: Refusal,
  options: { allowUnresolved?: boolean } = {},
): Promise<void> {
  if (!host) throw refuse({ en: 'the host is missing', zh: '缺少主机地址' });
  if (rule.allowPrivate) return;
  const unresolved = { en: `${host} does not resolve`, zh: `无法解析主机 ${host}` };
  const addresses = net.isIP(host)
    ? [host]
    : await dns.promises
        .lookup(host, { all: true, verbatim: true })
        .then((list) => list.map((a) => a.address))
        .catch((): string[] => {
          if (options.allowUnresolved) return [];
          throw refuse(unresolved);
        });
  if (!addresses.length && !options.allowUnresolved) throw refuse(unresolved);
  for (const address of addresses) {
    if (!addressAllowed(host, address, rule)) {
      throw refuse({
        en: `${host} is ${address}, a private or local address; Quire does not call such hosts`,
        zh: `${host}（${address}）是内网或本机地址，不允许访问`,
      });
    }
  }
}

/**
 * Checks a URL before it is stored or called: one of `schemes` (http and https unless told), no
 * credentials in it, and a host `checkOutboundHost` accepts. Returns the parsed URL.
 */
export async function checkOutboundUrl(
  raw: string,
  rule: OutboundRule,
  refuse: Refusal,
  options: { schemes?: string[]; allowUnresolved?: boolean } = {},
): Promise<URL> {
  const schemes = options.schemes ?? ['http:', 'https:'];
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse({ en: `"${raw}" is not a valid address`, zh: `"${raw}" 不是有效的地址` });
  }
  if (!schemes.includes(url.protocol)) {
    throw refuse({
      en: `only ${schemes.join(', ')} addresses are allowed`,
      zh: `只允许 ${schemes.join('、')} 地址`,
    });
  }
  if (url.username || url.password) {
    throw refuse({
      en: 'put credentials in their own fields, not in the address',
      zh: '地址中不能包含账号密码',
    });
  }
  await checkOutboundHost(url.hostname.replace(/^\[|\]$/g, ''), rule, refuse, options);
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses disallowed answers at connection time, so a name that changes
 * its answer between the check and the request (DNS rebinding) still cannot reach an internal address.
 * The error has the code EADDRNOTALLOWED.
 */
export function guardedLookup(rule: OutboundRule) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, '');
      const addresses = list as dns.LookupAddress[];
      const bad = addresses.find((a) => !addressAllowed(hostname, a.address, rule));
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
