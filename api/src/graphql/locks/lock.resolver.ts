import { Arg, Ctx, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { DEFAULT_RENEW_SECONDS } from '../../domain';
import type { PageLockEvent } from '../../pubsub/topics';
import type { GraphQLContext } from '../context';
import { PageLockChange, PageLockState } from './lock.types';

@Resolver()
export class PageLockResolver {
  @Query(() => PageLockState, { description: "A page's lock, for those who may read the page" })
  async pageLock(
    @Arg('pageId', () => Int) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageLockState> {
    return PageLockState.from(pageId, await ctx.services.locks.state(ctx.viewer, pageId));
  }

  @Mutation(() => PageLockState, {
    description:
      'Takes or renews your lock on a page you may edit; it lasts one renewal interval plus a grace period. Fails with PAGE_LOCKED while another user holds it',
  })
  async acquirePageLock(
    @Arg('pageId', () => Int) pageId: number,
    @Arg('renewEverySeconds', () => Int, {
      defaultValue: DEFAULT_RENEW_SECONDS,
      description: 'How often you will renew (the editor: 1200, the item view: 180)',
    })
    renewEverySeconds: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageLockState> {
    const lock = await ctx.services.locks.acquire(ctx.viewer, pageId, { renewEverySeconds });
    return PageLockState.from(pageId, { lock, holder: lock.user, mine: true });
  }

  @Mutation(() => Boolean, { description: 'Releases your lock; false when you held none' })
  async releasePageLock(
    @Arg('pageId', () => Int) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return ctx.services.locks.release(ctx.viewer, pageId);
  }

  @Subscription(() => PageLockChange, {
    description:
      "Changes of a page's lock (taken, renewed, released, expired), for those who may read the page",
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphQLContext;
      const pageId = Number(args.pageId);
      // Refused here, before anything is pushed: the page must be readable by this subscriber.
      await ctx.services.locks.state(ctx.viewer, pageId);
      return ctx.services.pubSub.subscribe('pageLockChanged', pageId);
    },
  })
  async pageLockChanged(
    @Arg('pageId', () => Int) pageId: number,
    @Root() event: PageLockEvent,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageLockChange> {
    // Asked again for every event: rights can change while the subscription lasts.
    await ctx.services.pages.readableAfresh(ctx.viewer, pageId);
    return PageLockChange.from({ ...event, pageId });
  }
}
