import { Field, Int, ObjectType } from 'type-graphql';
import type { UnreadMessageCounts } from '../../domain';

@ObjectType({ description: "The viewer's unread messages, for the header's badge" })
export class UnreadMessages {
  @Field(() => Int, { description: 'Reminders (page updates, comments) not read yet' })
  reminders!: number;

  @Field(() => Int, { description: 'Site announcements not read yet' })
  announcements!: number;

  @Field(() => Int, { description: 'reminders + announcements' })
  total!: number;

  static from(counts: UnreadMessageCounts): UnreadMessages {
    return Object.assign(new UnreadMessages(), {
      reminders: counts.reminders,
      announcements: counts.announcements,
      total: counts.reminders + counts.announcements,
    });
  }
}
