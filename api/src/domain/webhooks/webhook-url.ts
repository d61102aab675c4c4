import { DomainError } from '../errors';
import { checkOutboundUrl, type AllowList, type Refusal } from '../net/outbound';

/** Webhook and push addresses go through the one SSRF guard (`net/outbound.ts`), refused as `WebhookUrlRefused`. */
const refuse: Refusal = ({ en, zh }) =>
  new DomainError('WebhookUrlRefused', {
    en: `This address is not allowed for webhooks: ${en}`,
    zh: `不允许向该地址发送 Webhook：${zh}`,
  });

/**
 * A webhook's (or a user's push) URL before it is stored or used: http(s), no credentials, every address
 * public or on the administrator's list (`webhook_allow_hosts`). `allowUnresolved` accepts a name that does
 * not resolve now: it is checked again at every delivery by `guardedLookup`.
 */
export function checkWebhookUrl(
  raw: string,
  allow: AllowList,
  options: { allowUnresolved?: boolean } = {},
): Promise<URL> {
  return checkOutboundUrl(raw, { allow }, refuse, options);
}
