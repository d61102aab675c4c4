import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { UnreadMessages } from './message.types';

@Resolver()
export class MessageResolver {
  @Query(() => UnreadMessages, { description: 'How many of your messages are unread (login required)' })
  async unreadMessages(@Ctx() ctx: GraphQLContext): Promise<UnreadMessages> {
    return UnreadMessages.from(await ctx.services.messages.unreadCounts(ctx.viewer));
  }
}
