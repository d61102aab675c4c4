import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { Page } from './page';
import { User } from './user';

/** A user following a page's updates. */
@Entity({ tableName: 'subscription' })
@Unique({ properties: ['user', 'page', 'actionType'] })
export class Subscription extends BaseEntity<'actionType'> {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  page!: Page;

  @Property({ length: 16 })
  actionType: string = 'update';
}

/** ShowDoc's announcement audiences: its web app, its RunApi client, or both. */
export type AnnouncementType = 'announce' | 'announce_web' | 'announce_runapi' | 'announce_all';
/** `announce` is also the type of a user's read marker for any announcement (ShowDoc's rule). */
export type MessageType = 'remind' | AnnouncementType;

/** The text of a reminder or announcement, delivered to users through Message rows. */
@Entity({ tableName: 'message_content' })
export class MessageContent extends BaseEntity<
  'fromUser' | 'actionType' | 'objectType' | 'objectId' | 'sendAt'
> {
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  fromUser: User | null = null;

  @Property({ length: 100 })
  fromName!: string;

  @Property({ length: 16 })
  messageType!: MessageType;

  @Property({ type: 'text' })
  content!: string;

  @Property({ length: 16 })
  actionType: string = '';

  @Property({ length: 16 })
  objectType: string = '';

  @Property()
  objectId: number = 0;

  /** Announcements may be scheduled; reminders are sent at once. */
  @Property({ type: 'datetime' })
  sendAt: Date = new Date();
}

export const MessageStatus = { Unread: 0, Read: 1, Deleted: -1 } as const;

@Entity({ tableName: 'message' })
@Index({ properties: ['toUser', 'messageType', 'status'] })
export class Message extends BaseEntity<'status' | 'readAt' | 'fromUser'> {
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  fromUser: User | null = null;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  toUser!: User;

  @Property({ length: 16 })
  messageType!: MessageType;

  @ManyToOne(() => MessageContent, { deleteRule: 'cascade' })
  content!: MessageContent;

  @Property({ type: 'smallint' })
  status: number = MessageStatus.Unread;

  @Property({ type: 'datetime', nullable: true })
  readAt: Date | null = null;
}
