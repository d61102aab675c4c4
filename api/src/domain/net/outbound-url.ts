import { DomainError } from '../errors';
import { checkOutboundHost as checkHost, checkOutboundUrl as checkUrl, type Refusal } from './outbound';

export { isBlockedAddress } from './outbound';

/**
 * Addresses an administrator sets up (AI service, object storage, LDAP, OAuth2), checked by the one SSRF
 * guard (`outbound.ts`) before Quire ever calls them, refused as `OutboundUrlRefused`.
 */
export interface OutboundPolicy {
  /** Lets administrators point Quire at hosts on private networks (an intranet LDAP, a test provider). */
  allowPrivate: boolean;
}

const refuse: Refusal = ({ en, zh }) =>
  new DomainError('OutboundUrlRefused', { en: en.charAt(0).toUpperCase() + en.slice(1), zh });

/** A URL of one of `schemes` (http/https unless told), no credentials, a host whose every address is allowed. */
export function checkOutboundUrl(
  raw: string,
  policy: OutboundPolicy,
  schemes: string[] = ['http:', 'https:'],
): Promise<URL> {
  return checkUrl(raw, policy, refuse, { schemes });
}

/** The host part alone (LDAP's host field): every address it resolves to must be allowed. */
export function checkOutboundHost(host: string, policy: OutboundPolicy): Promise<void> {
  return checkHost(host, policy, refuse);
}
