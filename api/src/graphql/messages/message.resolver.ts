import { Arg, Ctx, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { Repeater } from '@graphql-yoga/subscription';
import { EVERYONE, type UnreadChangedEvent } from '../../pubsub/topics';
import type { GraphQLContext } from '../context';
import { Announcement, PostAnnouncementInput, Reminder, ReminderList, UnreadMessages } from './message.types';

async function unreadOf(ctx: GraphQLContext): Promise<UnreadMessages> {
  const counts = await ctx.services.messages.unreadCounts(ctx.viewer);
  return UnreadMessages.from(counts, await ctx.services.messages.newestUnread(ctx.viewer));
}

@Resolver()
export class MessageResolver {
  @Query(() => UnreadMessages, { description: 'How many of your messages are unread (login required)' })
  async unreadMessages(@Ctx() ctx: GraphQLContext): Promise<UnreadMessages> {
    return unreadOf(ctx);
  }

  @Query(() => ReminderList, { description: 'Your reminders, newest first, deleted ones included' })
  async reminders(
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Arg('count', () => Int, { defaultValue: 15 }) count: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReminderList> {
    const { total, reminders } = await ctx.services.messages.reminders(ctx.viewer, page, count);
    return Object.assign(new ReminderList(), { total, items: reminders.map(Reminder.from) });
  }

  @Query(() => [Announcement], {
    description: 'Announcements for you, newest first, with whether you read them',
  })
  async announcements(@Ctx() ctx: GraphQLContext): Promise<Announcement[]> {
    return (await ctx.services.messages.announcements(ctx.viewer)).map(Announcement.from);
  }

  @Query(() => [Announcement], { description: 'Every announcement, newest first (administrators)' })
  async allAnnouncements(
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Arg('count', () => Int, { defaultValue: 20 }) count: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Announcement[]> {
    const rows = await ctx.services.messages.listAnnouncements(ctx.viewer, page, count);
    return rows.map((content) => Announcement.from({ content, read: false }));
  }

  @Mutation(() => UnreadMessages, { description: 'Marks a reminder or announcement read (by its contentId)' })
  async markMessageRead(
    @Arg('contentId', () => Int) contentId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UnreadMessages> {
    await ctx.services.messages.markRead(ctx.viewer, contentId);
    return unreadOf(ctx);
  }

  @Mutation(() => UnreadMessages, { description: 'Marks every reminder and announcement read' })
  async markAllMessagesRead(@Ctx() ctx: GraphQLContext): Promise<UnreadMessages> {
    await ctx.services.messages.markAllRead(ctx.viewer);
    return unreadOf(ctx);
  }

  @Mutation(() => UnreadMessages, { description: 'Deletes a reminder (by its contentId)' })
  async deleteMessage(
    @Arg('contentId', () => Int) contentId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UnreadMessages> {
    await ctx.services.messages.delete(ctx.viewer, contentId);
    return unreadOf(ctx);
  }

  @Mutation(() => Announcement, { description: 'Posts a site announcement (administrators)' })
  async postAnnouncement(
    @Arg('input') input: PostAnnouncementInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Announcement> {
    const content = await ctx.services.messages.addAnnouncement(ctx.viewer, {
      content: input.html,
      type: input.audience ?? undefined,
      sendAt: input.sendAt ?? undefined,
    });
    return Announcement.from({ content, read: false });
  }

  @Subscription(() => UnreadMessages, {
    description:
      'Your unread counts (and newest messages), pushed when a reminder or announcement arrives or is read elsewhere',
    subscribe: ({ context }) => {
      const ctx = context as GraphQLContext;
      const me = ctx.viewer.requireUser();
      // Own events and site-wide ones (announcements), in one stream.
      return Repeater.merge([
        ctx.services.pubSub.subscribe('unreadChanged', me.id),
        ctx.services.pubSub.subscribe('unreadChanged', EVERYONE),
      ]);
    },
  })
  async unreadMessagesChanged(
    @Root() _event: UnreadChangedEvent,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UnreadMessages> {
    // Counted afresh for every event, with nothing remembered from the previous one.
    ctx.services.em.clear();
    ctx.services.policy.forget();
    return unreadOf(ctx);
  }
}
