/**
 * QUIRE_TRUST_PROXY as Fastify's `trustProxy`: unset or empty trusts no one, so a client cannot pick its
 * own address with `X-Forwarded-For` (issue #15); otherwise the addresses, CIDRs or proxy-addr names
 * (`loopback`, `linklocal`, `uniquelocal`) whose forwarding headers are believed.
 */
export function parseTrustProxy(value: string | undefined): false | string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length ? entries : false;
}
