import type { EntityManager } from '@mikro-orm/core';
import { Message, MessageContent, MessageStatus } from '../../../../db/src';
import type { Viewer } from '../viewer';

/** What the header's "New" badge counts (ShowDoc's `message/getUnread`, as counts). */
export interface UnreadMessageCounts {
  /** Reminders delivered to the viewer and not read yet. */
  reminders: number;
  /** Announcements the viewer may see and has no read marker for. */
  announcements: number;
}

/**
 * The viewer's messages. Reminders are one `message` row per recipient; announcements are global
 * `message_content` rows, read once the viewer has a `message` row for them (ShowDoc's read marker).
 */
export class MessageService {
  constructor(private readonly em: EntityManager) {}

  /** Two or three small queries: the header polls this, so it stays cheap. */
  async unreadCounts(viewer: Viewer, now: Date = new Date()): Promise<UnreadMessageCounts> {
    const me = viewer.requireUser();
    const reminders = await this.em.count(Message, {
      toUser: me,
      messageType: 'remind',
      status: MessageStatus.Unread,
    });
    // Scheduled announcements count once their time has come; ordinary users do not inherit those sent
    // before they registered (ShowDoc's visibility rule), administrators see them all.
    const visible = await this.em.find(
      MessageContent,
      {
        messageType: 'announce',
        sendAt: viewer.isAdmin ? { $lte: now } : { $lte: now, $gt: me.createdAt },
      },
      { fields: ['id'] },
    );
    if (!visible.length) return { reminders, announcements: 0 };
    // Distinct contents: ShowDoc's setRead may leave several marker rows for one announcement.
    const markers = await this.em.find(
      Message,
      { toUser: me, content: { $in: visible.map((c) => c.id) }, status: { $ne: MessageStatus.Unread } },
      { fields: ['content'] },
    );
    const read = new Set(markers.map((m) => m.content.id)).size;
    return { reminders, announcements: visible.length - read };
  }
}
