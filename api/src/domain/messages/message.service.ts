import type { EntityManager } from '@mikro-orm/core';
import {
  Message,
  MessageContent,
  MessageStatus,
  Page,
  type AnnouncementType,
  type User,
} from '../../../../db/src';
import { DomainError } from '../errors';
import type { PolicyService } from '../policy/policy.service';
import { afterCommit } from '../transaction';
import type { Viewer } from '../viewer';
import { cleanAnnouncementHtml } from './announcement-html';

/** What the header's "New" badge counts (ShowDoc's `message/getUnread`, as counts). */
export interface UnreadMessageCounts {
  /** Reminders delivered to the viewer and not read yet. */
  reminders: number;
  /** Announcements the viewer may see and has no read marker for. */
  announcements: number;
}

/** A reminder delivered to the viewer, with the page it is about when that page still lives. */
export interface Reminder {
  message: Message;
  page: Page | null;
}

/** An announcement as one viewer sees it. */
export interface AnnouncementView {
  content: MessageContent;
  read: boolean;
}

export interface NewAnnouncement {
  content: string;
  /** ShowDoc's audience: the web app (default), RunApi, or both. */
  type?: string;
  /** A later time schedules the announcement; absent: now. */
  sendAt?: Date;
}

/** Announcements the web app shows: ShowDoc's web and shared kinds (and Quire's plain `announce`). */
const WEB_ANNOUNCEMENTS: AnnouncementType[] = ['announce', 'announce_web', 'announce_all'];
const ANNOUNCEMENT_TYPES: AnnouncementType[] = ['announce_web', 'announce_runapi', 'announce_all'];
export const ANNOUNCEMENT_MAX = 20_000;
export const PAGE_SIZE_MAX = 100;

/**
 * The viewer's messages. Reminders are one `message` row per recipient; announcements are global
 * `message_content` rows, read once the viewer has a `message` row for them (ShowDoc's read marker).
 * Every change of what a user has unread is announced after the commit (`unreadChanged`), which the
 * live badge listens to.
 */
export class MessageService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
  ) {}

  /** Two or three small queries: the header polls this, so it stays cheap. */
  async unreadCounts(viewer: Viewer, now: Date = new Date()): Promise<UnreadMessageCounts> {
    const me = viewer.requireUser();
    const reminders = await this.em.count(Message, {
      toUser: me,
      messageType: 'remind',
      status: MessageStatus.Unread,
    });
    const visible = await this.visibleAnnouncements(viewer, now);
    if (!visible.length) return { reminders, announcements: 0 };
    const read = await this.readAnnouncementIds(me, visible);
    return { reminders, announcements: visible.length - read.size };
  }

  /** The newest unread reminder and the oldest unread announcement (ShowDoc's `getUnread`). */
  async newestUnread(
    viewer: Viewer,
    now: Date = new Date(),
  ): Promise<{ remind: Reminder | null; announce: MessageContent | null }> {
    const me = viewer.requireUser();
    const newest = await this.em.findOne(
      Message,
      { toUser: me, messageType: 'remind', status: MessageStatus.Unread },
      { orderBy: { id: 'desc' }, populate: ['content'] },
    );
    const visible = await this.visibleAnnouncements(viewer, now);
    const read = await this.readAnnouncementIds(me, visible);
    const announce = [...visible].sort((a, b) => a.id - b.id).find((c) => !read.has(c.id)) ?? null;
    return { remind: newest ? (await this.withPages(viewer, [newest]))[0] : null, announce };
  }

  /** The oldest unread reminder (ShowDoc's `getUnreadRemind`). */
  async firstUnreadReminder(viewer: Viewer): Promise<Reminder | null> {
    const me = viewer.requireUser();
    const first = await this.em.findOne(
      Message,
      { toUser: me, messageType: 'remind', status: MessageStatus.Unread },
      { orderBy: { id: 'asc' }, populate: ['content'] },
    );
    return first ? (await this.withPages(viewer, [first]))[0] : null;
  }

  /** The viewer's reminders, newest first, deleted ones included (as ShowDoc lists them). */
  async reminders(
    viewer: Viewer,
    page: number,
    count: number,
  ): Promise<{ total: number; reminders: Reminder[] }> {
    const me = viewer.requireUser();
    const size = Math.min(Math.max(count, 1), PAGE_SIZE_MAX);
    const [rows, total] = await this.em.findAndCount(
      Message,
      { toUser: me, messageType: 'remind' },
      {
        orderBy: { id: 'desc' },
        limit: size,
        offset: (Math.max(page, 1) - 1) * size,
        populate: ['content'],
      },
    );
    return { total, reminders: await this.withPages(viewer, rows) };
  }

  /** Announcements the viewer may see, newest first, each with whether the viewer has read it. */
  async announcements(viewer: Viewer, now: Date = new Date()): Promise<AnnouncementView[]> {
    const me = viewer.requireUser();
    const visible = await this.visibleAnnouncements(viewer, now);
    const read = await this.readAnnouncementIds(me, visible);
    return [...visible]
      .sort((a, b) => b.sendAt.getTime() - a.sendAt.getTime() || b.id - a.id)
      .map((content) => ({ content, read: read.has(content.id) }));
  }

  /**
   * Marks a message read (ShowDoc's `setRead`): the viewer's deliveries of that text, or, for an
   * announcement the viewer may see, a read marker. A text the viewer never received changes nothing.
   */
  async markRead(viewer: Viewer, contentId: number, now: Date = new Date()): Promise<void> {
    const me = viewer.requireUser();
    if (contentId <= 0) throw new DomainError('BadInput');
    const mine = await this.em.count(Message, { toUser: me, content: contentId });
    if (mine > 0) {
      const changed = await this.em.nativeUpdate(
        Message,
        { toUser: me, content: contentId, status: MessageStatus.Unread },
        { status: MessageStatus.Read, readAt: now },
      );
      if (changed) this.announce([me.id]);
      return;
    }
    const visible = await this.visibleAnnouncements(viewer, now);
    const content = visible.find((c) => c.id === contentId);
    if (!content) throw new DomainError('MessageNotFound');
    await this.em.insert(
      this.em.create(
        Message,
        { toUser: me, messageType: 'announce', content, status: MessageStatus.Read, readAt: now },
        { persist: false },
      ),
    );
    this.announce([me.id]);
  }

  /** Marks every unread reminder and every visible announcement read. */
  async markAllRead(viewer: Viewer, now: Date = new Date()): Promise<void> {
    const me = viewer.requireUser();
    const changed = await this.em.nativeUpdate(
      Message,
      { toUser: me, status: MessageStatus.Unread },
      { status: MessageStatus.Read, readAt: now },
    );
    const visible = await this.visibleAnnouncements(viewer, now);
    const read = await this.readAnnouncementIds(me, visible);
    const unread = visible.filter((c) => !read.has(c.id));
    if (unread.length) {
      await this.em.insertMany(
        unread.map((content) =>
          this.em.create(
            Message,
            { toUser: me, messageType: 'announce', content, status: MessageStatus.Read, readAt: now },
            { persist: false },
          ),
        ),
      );
    }
    if (changed || unread.length) this.announce([me.id]);
  }

  /** Deletes the viewer's deliveries of a reminder (they stay listed as deleted, as in ShowDoc). */
  async delete(viewer: Viewer, contentId: number): Promise<void> {
    const me = viewer.requireUser();
    if (contentId <= 0) throw new DomainError('BadInput');
    const changed = await this.em.nativeUpdate(
      Message,
      { toUser: me, content: contentId, status: { $ne: MessageStatus.Deleted } },
      { status: MessageStatus.Deleted },
    );
    if (!changed && !(await this.em.count(Message, { toUser: me, content: contentId })))
      throw new DomainError('MessageNotFound');
    if (changed) this.announce([me.id]);
  }

  /** Posts a site announcement (administrators): sanitised HTML, shown to everyone from `sendAt`. */
  async addAnnouncement(viewer: Viewer, input: NewAnnouncement): Promise<MessageContent> {
    const admin = viewer.requireAdmin();
    const html = cleanAnnouncementHtml(input.content);
    if (!html.trim()) throw new DomainError('AnnouncementRequired');
    if (html.length > ANNOUNCEMENT_MAX) throw new DomainError('AnnouncementTooLong');
    const type = ANNOUNCEMENT_TYPES.find((t) => t === input.type) ?? 'announce_web';
    const content = this.em.create(MessageContent, {
      fromUser: admin,
      fromName: admin.username,
      messageType: type,
      content: html,
      actionType: 'announce',
      objectType: 'announce',
      ...(input.sendAt ? { sendAt: input.sendAt } : {}),
    });
    await this.em.persist(content).flush();
    // Everyone's count changes (a scheduled one surfaces at the next poll or event).
    if (type !== 'announce_runapi')
      afterCommit(this.em).queue('unreadChanged', { userIds: [], everyone: true });
    return content;
  }

  /** Every announcement, newest first, for the administrator's console. */
  async listAnnouncements(viewer: Viewer, page: number, count: number): Promise<MessageContent[]> {
    viewer.requireAdmin();
    const size = Math.min(Math.max(count, 1), PAGE_SIZE_MAX);
    return this.em.find(
      MessageContent,
      { messageType: { $in: [...ANNOUNCEMENT_TYPES, 'announce'] } },
      { orderBy: { id: 'desc' }, limit: size, offset: (Math.max(page, 1) - 1) * size },
    );
  }

  private announce(userIds: number[]): void {
    afterCommit(this.em).queue('unreadChanged', { userIds, everyone: false });
  }

  /**
   * Announcements whose time has come; ordinary users do not inherit those sent before they registered
   * (ShowDoc's visibility rule), administrators see them all.
   */
  private visibleAnnouncements(viewer: Viewer, now: Date): Promise<MessageContent[]> {
    const me = viewer.requireUser();
    return this.em.find(MessageContent, {
      messageType: { $in: WEB_ANNOUNCEMENTS },
      sendAt: viewer.isAdmin ? { $lte: now } : { $lte: now, $gt: me.createdAt },
    });
  }

  /** Distinct contents read: ShowDoc's setRead may leave several marker rows for one announcement. */
  private async readAnnouncementIds(me: User, visible: MessageContent[]): Promise<Set<number>> {
    if (!visible.length) return new Set();
    const markers = await this.em.find(
      Message,
      { toUser: me, content: { $in: visible.map((c) => c.id) }, status: { $ne: MessageStatus.Unread } },
      { fields: ['content'] },
    );
    return new Set(markers.map((m) => m.content.id));
  }

  /**
   * The live pages the reminders are about, loaded in one query. A page whose item the viewer may no
   * longer visit is left out (ShowDoc would still show its title): the reminder stays, without the page.
   */
  private async withPages(viewer: Viewer, messages: Message[]): Promise<Reminder[]> {
    const pageIds = [
      ...new Set(messages.filter((m) => m.content.objectType === 'page').map((m) => m.content.objectId)),
    ];
    const pages = pageIds.length
      ? await this.em.find(Page, { id: { $in: pageIds }, deletedAt: null }, { populate: ['item'] })
      : [];
    const items = [...new Map(pages.map((p) => [p.item.id, p.item])).values()].filter((i) => !i.deletedAt);
    const rights = items.length ? await this.policy.rightsMany(viewer, items) : new Map();
    const byId = new Map(pages.filter((p) => rights.get(p.item.id)?.visit).map((p) => [p.id, p]));
    return messages.map((message) => ({
      message,
      page: message.content.objectType === 'page' ? (byId.get(message.content.objectId) ?? null) : null,
    }));
  }
}
