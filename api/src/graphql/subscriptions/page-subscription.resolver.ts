import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { PageSubscriber } from '../messages/message.types';

/** Who follows a page's updates: editors manage the list for save-and-notify; readers follow for themselves. */
@Resolver()
export class PageSubscriptionResolver {
  @Query(() => [PageSubscriber], { description: "A page's subscribers (editors of the page)" })
  async pageSubscribers(
    @Arg('pageId', () => Int) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageSubscriber[]> {
    return (await ctx.services.subscriptions.list(ctx.viewer, pageId)).map(PageSubscriber.from);
  }

  @Query(() => Boolean, { description: 'Whether you follow the updates of a page you may read' })
  async followingPage(
    @Arg('pageId', () => Int) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return ctx.services.subscriptions.isFollowing(ctx.viewer, pageId);
  }

  @Mutation(() => Boolean, {
    description: 'Follows (true) or leaves (false) the updates of a page you may read',
  })
  async followPage(
    @Arg('pageId', () => Int) pageId: number,
    @Arg('follow') follow: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return ctx.services.subscriptions.follow(ctx.viewer, pageId, follow);
  }

  @Mutation(() => [PageSubscriber], {
    description: 'Subscribes users who may read the page (editors); answers the new list',
  })
  async addPageSubscribers(
    @Arg('pageId', () => Int) pageId: number,
    @Arg('userIds', () => [Int]) userIds: number[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageSubscriber[]> {
    await ctx.services.subscriptions.add(ctx.viewer, pageId, userIds);
    return (await ctx.services.subscriptions.list(ctx.viewer, pageId)).map(PageSubscriber.from);
  }

  @Mutation(() => [PageSubscriber], { description: 'Unsubscribes users (editors); answers the new list' })
  async removePageSubscribers(
    @Arg('pageId', () => Int) pageId: number,
    @Arg('userIds', () => [Int]) userIds: number[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageSubscriber[]> {
    await ctx.services.subscriptions.remove(ctx.viewer, pageId, userIds);
    return (await ctx.services.subscriptions.list(ctx.viewer, pageId)).map(PageSubscriber.from);
  }
}
