import type { EntityManager } from '@mikro-orm/core';
import { Message, MessageContent, type Item, type User } from '../../../../db/src';
import { afterCommit } from '../transaction';
import { enqueuePushes } from '../webhooks/outbox';

/** Reminders about an item (not a page): `text` is the item's name, the web app words it per action. */
export type ItemReminderAction = 'member' | 'attorn';

/**
 * Reminds users of something done to them in an item (added as a member, made its owner): one text, one
 * unread delivery each, written in the caller's transaction; their badges hear of it after the commit.
 */
export async function remindAboutItem(
  em: EntityManager,
  from: User,
  to: User[],
  item: Item,
  action: ItemReminderAction,
): Promise<void> {
  const recipients = to.filter((u) => u.id !== from.id);
  if (!recipients.length) return;
  const content = em.create(
    MessageContent,
    {
      fromUser: from,
      fromName: from.username,
      messageType: 'remind',
      content: item.name,
      actionType: action,
      objectType: 'item',
      objectId: item.id,
    },
    { persist: false },
  );
  await em.insert(content);
  await em.insertMany(
    recipients.map((user) =>
      em.create(
        Message,
        { fromUser: from, toUser: user, messageType: 'remind', content },
        { persist: false },
      ),
    ),
  );
  const verb = action === 'member' ? 'added you to' : 'made you the owner of';
  await enqueuePushes(em, recipients, { text: `${verb} "${item.name}"`, from, page: null });
  afterCommit(em).queue('unreadChanged', { userIds: recipients.map((u) => u.id), everyone: false });
}
