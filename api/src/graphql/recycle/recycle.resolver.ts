import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { Page } from '../pages/page.types';
import { RecycledPage } from './recycle.types';

@Resolver()
export class RecycleResolver {
  @Query(() => [RecycledPage], { description: "An item's recycle bin, newest first; item managers only" })
  async recycleBin(
    @Arg('itemId', () => Int) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RecycledPage[]> {
    return (await ctx.services.recycle.list(ctx.viewer, itemId)).map(RecycledPage.from);
  }

  @Mutation(() => Page, {
    description:
      'Brings a page back: into its catalog while it lives, with the catalog it was deleted with, else to the item root',
  })
  async recoverPage(
    @Arg('itemId', () => Int) itemId: number,
    @Arg('pageId', () => Int) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Page> {
    return Page.from((await ctx.services.recycle.recover(ctx.viewer, itemId, pageId)).page);
  }
}
