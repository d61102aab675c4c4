import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { DomainError } from '../errors';

/**
 * Addresses an outbound call set up by an administrator (AI service, object storage, LDAP, OAuth2) may
 * never reach unless the site allows private targets: loopback, link-local (cloud metadata at
 * 169.254.169.254), private and unique-local ranges, "this network", multicast and the unspecified ones.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? blocked.check(mapped[1]!, 'ipv4') : blocked.check(address, 'ipv6');
}

export interface OutboundPolicy {
  /** Lets administrators point Quire at hosts on private networks (an intranet LDAP, a test provider). */
  allowPrivate: boolean;
}

const refuse = (en: string, zh: string) => new DomainError('OutboundUrlRefused', { en, zh });

/**
 * Checks an address an administrator typed before Quire ever calls it: a URL of one of `schemes`
 * (http/https unless told), no credentials in it, and a host whose every resolved address is public
 * (unless the policy allows private ones). Returns the parsed URL.
 */
export async function checkOutboundUrl(
  raw: string,
  policy: OutboundPolicy,
  schemes: string[] = ['http:', 'https:'],
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse(`"${raw}" is not a valid address`, `"${raw}" 不是有效的地址`);
  }
  if (!schemes.includes(url.protocol))
    throw refuse(`Only ${schemes.join(', ')} addresses are allowed`, `只允许 ${schemes.join('、')} 地址`);
  if (url.username || url.password)
    throw refuse('Put credentials in their own fields, not in the address', '地址中不能包含账号密码');
  await checkOutboundHost(url.hostname.replace(/^\[|\]$/g, ''), policy);
  return url;
}

/** The host part alone (LDAP's host field): every address it resolves to must be allowed. */
export async function checkOutboundHost(host: string, policy: OutboundPolicy): Promise<void> {
  if (!host) throw refuse('The host is missing', '缺少主机地址');
  if (policy.allowPrivate) return;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw refuse(`The host ${host} cannot be resolved`, `无法解析主机 ${host}`);
  }
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) {
    throw refuse(
      `${host} is a private or local address; Quire does not call such hosts`,
      `${host} 是内网或本机地址，不允许访问`,
    );
  }
}
