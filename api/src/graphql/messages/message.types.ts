import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { AnnouncementView, Reminder as ReminderModel, UnreadMessageCounts } from '../../domain';
import type { Subscription } from '../../../../db/src';

export enum MessageState {
  UNREAD = 'UNREAD',
  READ = 'READ',
  DELETED = 'DELETED',
}
registerEnumType(MessageState, {
  valuesConfig: {
    UNREAD: { description: 'Not read yet' },
    READ: { description: 'Read' },
    DELETED: { description: 'Deleted by the recipient' },
  },
  name: 'MessageState',
  description: 'Whether you have read a message',
});

const STATES: Record<number, MessageState> = {
  0: MessageState.UNREAD,
  1: MessageState.READ,
  [-1]: MessageState.DELETED,
};

@ObjectType({ description: 'The page a reminder is about (absent once deleted or out of your reach)' })
export class ReminderPage {
  @Field(() => Int, { description: 'Page id' })
  id!: number;

  @Field(() => Int, { description: 'Item of the page' })
  itemId!: number;

  @Field({ description: 'Page title' })
  title!: string;
}

@ObjectType({
  description: 'A reminder delivered to you: a page updated with notify, a comment, a membership',
})
export class Reminder {
  @Field(() => Int, { description: 'The delivery' })
  id!: number;

  @Field(() => Int, { description: 'The text, shared by every recipient; what markMessageRead takes' })
  contentId!: number;

  @Field(() => Int, { nullable: true, description: 'User who caused the reminder; null for the system' })
  fromUserId!: number | null;

  @Field({ description: 'Name of that user' })
  fromName!: string;

  @Field({ description: 'Reminder text' })
  text!: string;

  @Field({ description: 'update, comment, member, attorn' })
  action!: string;

  @Field(() => MessageState, { description: 'Unread, read or deleted' })
  state!: MessageState;

  @Field({ description: 'When the reminder was sent (ISO 8601)' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When you read it (ISO 8601), null if unread' })
  readAt!: Date | null;

  @Field(() => ReminderPage, {
    nullable: true,
    description: 'Page the reminder is about; null if none or deleted',
  })
  page!: ReminderPage | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The item of a member or attorn reminder (its name is the text)',
  })
  itemId!: number | null;

  static from({ message, page }: ReminderModel): Reminder {
    return Object.assign(new Reminder(), {
      id: message.id,
      contentId: message.content.id,
      fromUserId: message.fromUser?.id ?? null,
      fromName: message.content.fromName,
      text: message.content.content,
      action: message.content.actionType,
      state: STATES[message.status] ?? MessageState.UNREAD,
      createdAt: message.createdAt,
      readAt: message.readAt,
      page: page
        ? Object.assign(new ReminderPage(), { id: page.id, itemId: page.item.id, title: page.title })
        : null,
      itemId: message.content.objectType === 'item' ? message.content.objectId : null,
    });
  }
}

@ObjectType({ description: 'One page of your reminders, newest first' })
export class ReminderList {
  @Field(() => Int, { description: 'Number of reminders on all pages' })
  total!: number;

  @Field(() => [Reminder], { description: 'Reminders of the requested page, newest first' })
  items!: Reminder[];
}

@ObjectType({ description: 'A site announcement from the administrator' })
export class Announcement {
  @Field(() => Int, { description: 'What markMessageRead takes' })
  id!: number;

  @Field({ description: 'Name of the sender' })
  fromName!: string;

  @Field({ description: 'Sanitised HTML' })
  html!: string;

  @Field({ description: 'announce_web, announce_runapi or announce_all' })
  audience!: string;

  @Field({ description: 'Shown from this time' })
  sendAt!: Date;

  @Field({ description: 'You have read it (always false in the administrator list)' })
  read!: boolean;

  static from({ content, read }: AnnouncementView): Announcement {
    return Object.assign(new Announcement(), {
      id: content.id,
      fromName: content.fromName,
      html: content.content,
      audience: content.messageType,
      sendAt: content.sendAt,
      read,
    });
  }
}

@InputType({ description: 'A new site announcement (administrators)' })
export class PostAnnouncementInput {
  @Field({
    description: 'HTML; ShowDoc tags only (p, br, lists, strong, em, code, pre, h1-h4, blockquote, a)',
  })
  html!: string;

  @Field(() => String, {
    nullable: true,
    description: 'announce_web (default), announce_runapi or announce_all',
  })
  audience?: string | null;

  @Field(() => Date, { nullable: true, description: 'A later time schedules it' })
  sendAt?: Date | null;
}

@ObjectType({ description: "A user following a page's updates" })
export class PageSubscriber {
  @Field(() => Int, { description: 'User id of the subscriber' })
  userId!: number;

  @Field({ description: 'Login name of the subscriber' })
  username!: string;

  @Field(() => String, { nullable: true, description: 'Display name of the subscriber, null if not set' })
  name!: string | null;

  @Field({ description: 'When the user subscribed (ISO 8601)' })
  since!: Date;

  static from(sub: Subscription): PageSubscriber {
    return Object.assign(new PageSubscriber(), {
      userId: sub.user.id,
      username: sub.user.username,
      name: sub.user.name,
      since: sub.createdAt,
    });
  }
}

@ObjectType({ description: "The viewer's unread messages, for the header's badge" })
export class UnreadMessages {
  @Field(() => Int, { description: 'Reminders (page updates, comments) not read yet' })
  reminders!: number;

  @Field(() => Int, { description: 'Site announcements not read yet' })
  announcements!: number;

  @Field(() => Int, { description: 'reminders + announcements' })
  total!: number;

  @Field(() => Reminder, { nullable: true, description: 'Your newest unread reminder' })
  newestReminder!: Reminder | null;

  @Field(() => Announcement, { nullable: true, description: 'Your oldest unread announcement (the pop-up)' })
  unreadAnnouncement!: Announcement | null;

  static from(
    counts: UnreadMessageCounts,
    newest: { remind: ReminderModel | null; announce: AnnouncementView['content'] | null } = {
      remind: null,
      announce: null,
    },
  ): UnreadMessages {
    return Object.assign(new UnreadMessages(), {
      reminders: counts.reminders,
      announcements: counts.announcements,
      total: counts.reminders + counts.announcements,
      newestReminder: newest.remind ? Reminder.from(newest.remind) : null,
      unreadAnnouncement: newest.announce
        ? Announcement.from({ content: newest.announce, read: false })
        : null,
    });
  }
}
