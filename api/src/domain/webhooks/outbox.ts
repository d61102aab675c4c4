import type { EntityManager } from '@mikro-orm/core';
import {
  nativeSql,
  WebhookDelivery,
  type Item,
  type Page,
  type User,
  type Webhook,
} from '../../../../db/src';
import { newDeliveryId, type WebhookEvent } from './webhook-payload';

/** Change-log objects and the hook event group they belong to. */
const GROUP_OF: Record<string, string> = {
  page: 'page',
  catalog: 'catalog',
  tree: 'catalog',
  member: 'member',
};

function row(
  em: EntityManager,
  fields: { webhook?: Webhook | number; user?: User; url: string; event: WebhookEvent },
) {
  return em.create(
    WebhookDelivery,
    {
      webhook: fields.webhook ?? null,
      user: fields.user ?? null,
      url: fields.url,
      event: fields.event.event,
      deliveryId: fields.event.deliveryId,
      payload: JSON.stringify(fields.event),
    },
    { persist: false },
  );
}

/**
 * Queues an item change for the item's hooks that listen to its group. Called where the change log is
 * written, inside the change's transaction: the delivery commits (or rolls back) with the change.
 */
export async function enqueueItemChange(
  em: EntityManager,
  /** `enabledWebhooks`: counted with the item's row before the write (`itemRow`); 0 saves the lookup. */
  item: Pick<Item, 'id' | 'name'> & { enabledWebhooks?: number },
  actor: User | null,
  change: { action: string; objectType: string; objectId: number; objectName: string },
): Promise<void> {
  const group = GROUP_OF[change.objectType];
  if (!group || item.enabledWebhooks === 0) return;
  // On every save: a plain statement, and no entities for the hooks (most items have none).
  const hooks = await nativeSql(em).all<{ id: number; url: string; events: string }>(
    'select id, url, events from item_webhook where item_id = ? and enabled = ?',
    [item.id, true],
  );
  const listening = hooks.filter((h) => h.events.split(',').includes(group));
  if (!listening.length) return;
  const rows = listening.map((webhook) =>
    row(em, {
      webhook: webhook.id,
      url: webhook.url,
      event: {
        event: `${group}.${change.action}`,
        deliveryId: newDeliveryId(),
        occurredAt: new Date().toISOString(),
        item: { id: item.id, name: item.name },
        object: { type: change.objectType, id: change.objectId, name: change.objectName },
        actor: actor ? { id: actor.id, username: actor.username } : null,
      },
    }),
  );
  await em.insertMany(rows);
}

/** The "send test" ping of one hook. */
export async function enqueuePing(
  em: EntityManager,
  webhook: Webhook,
  actor: User,
): Promise<WebhookDelivery> {
  const delivery = row(em, {
    webhook,
    url: webhook.url,
    event: {
      event: 'ping',
      deliveryId: newDeliveryId(),
      occurredAt: new Date().toISOString(),
      item: { id: webhook.item.id, name: webhook.item.name },
      object: null,
      actor: { id: actor.id, username: actor.username },
    },
  });
  await em.insert(delivery);
  return delivery;
}

/** A reminder for every recipient with a push URL (ShowDoc's `user/savePushUrl`, which it never called). */
export async function enqueuePushes(
  em: EntityManager,
  recipients: User[],
  reminder: { text: string; from: User; page: Page | null },
): Promise<void> {
  const rows = recipients
    .filter((u) => u.pushUrl)
    .map((user) =>
      row(em, {
        user,
        url: user.pushUrl ?? '',
        event: {
          event: 'message.remind',
          deliveryId: newDeliveryId(),
          occurredAt: new Date().toISOString(),
          item: null,
          object: reminder.page ? { type: 'page', id: reminder.page.id, name: reminder.page.title } : null,
          actor: { id: reminder.from.id, username: reminder.from.username },
          message: { text: reminder.text, from: reminder.from.username, pageId: reminder.page?.id ?? null },
        },
      }),
    );
  if (rows.length) await em.insertMany(rows);
}
