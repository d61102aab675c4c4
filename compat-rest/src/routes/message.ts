// compat-api §15 (message/*) and §20.4 (adminMessage/*): reminders, announcements and read markers.
import { DomainError } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { int, str } from '../params';
import { announcementContentRow, announcementRow, remindRow } from '../presenters/message';
import { EMPTY, parseLocalTime } from '../wire';

export const message: Controller = {
  /** The newest unread reminder and the oldest unread announcement; `[]` for none (PHP's empty array). */
  getUnread: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const { remind, announce } = await services.messages.newestUnread(viewer);
      return {
        remind: remind ? remindRow(remind) : EMPTY,
        announce: announce ? announcementRow(announce) : EMPTY,
      };
    },
  }),

  getRemindList: action({
    auth: 'login',
    params: { page: int(1), count: int(15) },
    async handle({ services, viewer }, p) {
      const { total, reminders } = await services.messages.reminders(viewer, p.page, p.count);
      return { total, list: reminders.map(remindRow) };
    },
  }),

  getAnnouncementList: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const list = await services.messages.announcements(viewer);
      return list.map(({ content, read }) => ({ ...announcementRow(content), status: read ? 1 : 0 }));
    },
  }),

  setRead: action({
    auth: 'login',
    params: { message_content_id: int(), from_uid: int() },
    async handle({ services, viewer }, p) {
      await services.messages.markRead(viewer, p.message_content_id);
      return EMPTY;
    },
  }),

  delete: action({
    auth: 'login',
    params: { message_content_id: int(), from_uid: int() },
    async handle({ services, viewer }, p) {
      await services.messages.delete(viewer, p.message_content_id);
      return EMPTY;
    },
  }),

  getUnreadRemind: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const first = await services.messages.firstUnreadReminder(viewer);
      return first ? remindRow(first) : EMPTY;
    },
  }),
};

export const adminMessage: Controller = {
  addAnnouncement: action({
    auth: 'login',
    params: { message_content: str(), message_type: str('announce_web'), send_at: str() },
    async handle({ services, viewer }, p) {
      viewer.requireAdmin();
      if (!p.message_content.trim()) throw new DomainError('AnnouncementRequired');
      const sendAt = p.send_at.trim() ? parseLocalTime(p.send_at) : undefined;
      if (sendAt === null) {
        throw new DomainError('BadInput', {
          en: 'send_at must be a time like 2026-12-01 09:00:00',
          zh: 'send_at 格式应为 2026-12-01 09:00:00',
        });
      }
      const saved = await services.messages.addAnnouncement(viewer, {
        content: p.message_content,
        type: p.message_type,
        sendAt,
      });
      return { id: saved.id };
    },
  }),

  listAnnouncements: action({
    auth: 'login',
    params: { page: int(1), count: int(20) },
    async handle({ services, viewer }, p) {
      const rows = await services.messages.listAnnouncements(viewer, p.page, p.count);
      return rows.map(announcementContentRow);
    },
  }),
};
