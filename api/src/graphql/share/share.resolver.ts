import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { SharedPage, ShareLink } from './share.types';

@Resolver()
export class ShareResolver {
  @Query(() => ShareLink, { nullable: true, description: "A page's live share link, for its editors" })
  async pageShareLink(
    @Arg('pageId', () => Int) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ShareLink | null> {
    const link = await ctx.services.shares.linkOf(ctx.viewer, pageId);
    return link && ShareLink.from(link);
  }

  @Mutation(() => ShareLink, {
    description:
      'Shares a page by a new link (the previous one stops working) for 0 (ever), 1, 7, 30 or 180 days',
  })
  async sharePage(
    @Arg('pageId', () => Int) pageId: number,
    @Arg('expireDays', () => Int) expireDays: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ShareLink> {
    return ShareLink.from(await ctx.services.shares.share(ctx.viewer, pageId, expireDays));
  }

  @Mutation(() => Boolean, { description: "Revokes a page's share link; false when it had none" })
  async unsharePage(@Arg('pageId', () => Int) pageId: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.shares.unshare(ctx.viewer, pageId);
  }

  @Query(() => SharedPage, {
    description: 'The page behind a share key (/p/{key}), for anyone; expired or revoked keys fail',
  })
  async sharedPage(@Arg('key') key: string, @Ctx() ctx: GraphQLContext): Promise<SharedPage> {
    return SharedPage.from(await ctx.services.shares.open(key, new Date(), ctx.viewer));
  }
}
