import crypto from 'node:crypto';

/** What Quire POSTs (preset `json`): one event, named `<object>.<action>` (page.update, member.binding...). */
export interface WebhookEvent {
  event: string;
  deliveryId: string;
  occurredAt: string;
  item: { id: number; name: string } | null;
  object: { type: string; id: number; name: string } | null;
  actor: { id: number; username: string } | null;
  /** A reminder pushed to a user's push URL. */
  message?: { text: string; from: string; pageId: number | null };
}

/** One line for a chat bot. */
function summary(event: WebhookEvent): string {
  if (event.message) return `[Quire] ${event.message.from}: ${event.message.text}`;
  if (event.event === 'ping') return '[Quire] webhook test';
  const who = event.actor?.username ?? 'API';
  const what = event.object ? `${event.object.type} "${event.object.name}"` : '';
  return `[Quire] ${who} ${event.event.split('.')[1] ?? event.event} ${what} in ${event.item?.name ?? ''}`.trim();
}

/** The body for a preset: Quire's JSON, or the text message format of WeCom, DingTalk or Feishu bots. */
export function formatBody(preset: string, event: WebhookEvent): string {
  switch (preset) {
    case 'wecom':
    case 'dingtalk':
      return JSON.stringify({ msgtype: 'text', text: { content: summary(event) } });
    case 'feishu':
      return JSON.stringify({ msg_type: 'text', content: { text: summary(event) } });
    default:
      return JSON.stringify(event);
  }
}

/** `X-Quire-Signature`: `sha256=` and the hex HMAC-SHA256 of the exact body with the hook's secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

export const newDeliveryId = (): string => crypto.randomUUID();
export const newWebhookSecret = (): string => crypto.randomBytes(24).toString('base64url');
