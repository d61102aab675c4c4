// ShowDoc's message shapes (compat-api §15): RemindMessage, Announcement and the subscription row (§12).
import type { Reminder } from '../../../api/src/domain';
import type { MessageContent, Page, Subscription } from '../../../db/src';
import { localTime, s } from '../wire';
import { pageRow, type Row } from './document';

/** PageRow without its content: what a reminder carries of its page. */
function pageData(page: Page): Row {
  const row = pageRow(page);
  delete row.page_content;
  return row;
}

/** RemindMessage: the delivery, its text, and `page_data` when the page lives and the reader may see it. */
export function remindRow({ message, page }: Reminder): Row {
  const content = message.content;
  const row: Row = {
    id: s(message.id),
    from_uid: s(message.fromUser?.id ?? 0),
    to_uid: s(message.toUser.id),
    message_type: message.messageType,
    message_content_id: s(content.id),
    status: s(message.status),
    addtime: localTime(message.createdAt),
    readtime: message.readAt ? localTime(message.readAt) : '',
    object_type: content.objectType,
    object_id: content.objectId,
    action_type: content.actionType,
    message_content: content.content,
    from_name: content.fromName,
  };
  if (page) row.page_data = pageData(page);
  return row;
}

/** A message_content row of an announcement (`listAnnouncements`). */
export function announcementContentRow(content: MessageContent): Row {
  return {
    id: s(content.id),
    from_uid: s(content.fromUser?.id ?? 0),
    from_name: content.fromName,
    message_type: content.messageType,
    message_content: content.content,
    action_type: content.actionType,
    object_type: content.objectType,
    object_id: s(content.objectId),
    addtime: localTime(content.sendAt),
  };
}

/** Announcement, as `getUnread` and `getAnnouncementList` send it: the row plus `message_content_id`. */
export function announcementRow(content: MessageContent): Row {
  return { ...announcementContentRow(content), message_content_id: s(content.id) };
}

/** A page's subscriber (`subscription/getPageList`). */
export function subscriptionRow(sub: Subscription): Row {
  return {
    id: s(sub.id),
    uid: s(sub.user.id),
    object_id: s(sub.page.id),
    object_type: 'page',
    action_type: sub.actionType,
    sub_time: localTime(sub.createdAt),
    username: sub.user.username,
    name: s(sub.user.name),
  };
}
