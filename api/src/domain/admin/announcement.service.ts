import type { EntityManager } from '@mikro-orm/core';
import { FilterXSS } from 'xss';
import { MessageContent } from '../../../../db/src';
import { DomainError } from '../errors';
import type { Viewer } from '../viewer';
import { checkPaging, type Paging } from './paging';

/** Where an announcement shows (ShowDoc's message_type): the web app, the API client, or both. */
export const ANNOUNCEMENT_KINDS = ['announce_web', 'announce_runapi', 'announce_all'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];
export const MAX_ANNOUNCEMENT_LENGTH = 20_000;

/** compat-api §20.4: the only tags an announcement keeps; links keep href/title/target, never javascript:. */
const sanitizer = new FilterXSS({
  whiteList: {
    p: [],
    br: [],
    ul: [],
    ol: [],
    li: [],
    strong: [],
    b: [],
    em: [],
    i: [],
    code: [],
    pre: [],
    h1: [],
    h2: [],
    h3: [],
    h4: [],
    blockquote: [],
    a: ['href', 'title', 'target'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
});

export function sanitizeAnnouncement(text: string): string {
  return sanitizer
    .process(text)
    .replace(/javascript:/gi, '')
    .replace(/\r?\n/g, '<br />\n');
}

export interface AnnouncementInput {
  content: string;
  kind?: string;
  /** When it shows (scheduled announcements); absent: now. */
  sendAt?: Date | null;
}

/** The administrator posts announcements and lists them; delivery and reading belong to the messages capability. */
export class AnnouncementService {
  constructor(private readonly em: EntityManager) {}

  async post(viewer: Viewer, input: AnnouncementInput): Promise<MessageContent> {
    const admin = viewer.requireAdmin();
    const content = input.content.trim();
    if (!content)
      throw new DomainError('BadInput', { en: 'The announcement is empty', zh: '消息内容不能为空' });
    if (content.length > MAX_ANNOUNCEMENT_LENGTH)
      throw new DomainError('BadInput', { en: 'The announcement is too long', zh: '消息内容过长' });
    const kind = (ANNOUNCEMENT_KINDS as readonly string[]).includes(input.kind ?? '')
      ? input.kind!
      : 'announce_web';
    const row = this.em.create(MessageContent, {
      fromUser: admin,
      fromName: admin.username,
      messageType: 'announce',
      content: sanitizeAnnouncement(content),
      actionType: kind,
      sendAt: input.sendAt ?? new Date(),
    });
    await this.em.persist(row).flush();
    return row;
  }

  /** Newest first (by when they show). */
  async list(viewer: Viewer, paging: Paging): Promise<{ total: number; rows: MessageContent[] }> {
    viewer.requireAdmin();
    const { offset, limit } = checkPaging(paging);
    const [rows, total] = await this.em.findAndCount(
      MessageContent,
      { messageType: 'announce' },
      { orderBy: { sendAt: 'desc', id: 'desc' }, limit, offset },
    );
    return { total, rows };
  }
}
