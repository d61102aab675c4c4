import type { EntityManager } from '@mikro-orm/core';
import { Message, MessageContent, Subscription, type Page, type User } from '../../../../db/src';
import { DomainError } from '../errors';
import { enqueuePushes } from '../webhooks/outbox';

/** The text of a save-and-notify; the message centre shows it whole, so it is kept to a readable size. */
export const NOTIFY_TEXT_MAX = 2000;

/** Refuses a notification text the message centre could not show. */
export function checkNotifyText(text: string | undefined): void {
  if (text !== undefined && text.length > NOTIFY_TEXT_MAX) {
    throw new DomainError('BadInput', {
      en: `The notification text is longer than ${NOTIFY_TEXT_MAX} characters`,
      zh: `通知内容不能超过 ${NOTIFY_TEXT_MAX} 个字符`,
    });
  }
}

/**
 * Save-and-notify (compat-api §5.2 `is_notify`): one `remind` text about the page update, delivered as an
 * unread message to every subscriber of the page, the editor included. The message centre reads these
 * rows; written with native inserts in the caller's transaction, so a save that rolls back leaves no
 * reminder behind and a retried save writes them once. Pushing them further (webhooks) listens to
 * `pageNotified`, delivered after the commit.
 */
export async function notifySubscribers(
  em: EntityManager,
  page: Page,
  from: User,
  text: string,
  subscribers: readonly Subscription[],
): Promise<MessageContent> {
  const content = em.create(
    MessageContent,
    {
      fromUser: from,
      fromName: from.username,
      messageType: 'remind',
      content: text,
      actionType: 'update',
      objectType: 'page',
      objectId: page.id,
    },
    { persist: false },
  );
  await em.insert(content);
  const messages = subscribers.map(({ user }) =>
    em.create(Message, { fromUser: from, toUser: user, messageType: 'remind', content }, { persist: false }),
  );
  if (messages.length) await em.insertMany(messages);
  // Recipients with a push URL get the reminder there too, through the outbox of this transaction.
  await enqueuePushes(
    em,
    subscribers.map((s) => s.user),
    { text, from, page },
  );
  return content;
}

/** The users following a page's updates, for `notifySubscribers`. */
export function pageSubscribers(em: EntityManager, page: Page): Promise<Subscription[]> {
  return em.find(
    Subscription,
    { page, actionType: 'update' },
    { orderBy: { id: 'asc' }, populate: ['user'] },
  );
}
