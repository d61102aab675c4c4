import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { convertSqlToMarkdown } from '../../domain';
import type { GraphQLContext } from '../context';
import { CatalogRef, CopyPageInput, Page, PageOrderInput, SavePageInput } from './page.types';

@Resolver(() => Page)
export class PageResolver {
  @Query(() => Page, { description: 'A page you may read' })
  async page(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<Page> {
    return Page.fromView(await ctx.services.pages.info(ctx.viewer, id));
  }

  @FieldResolver(() => [CatalogRef], { description: 'The catalogs above the page, top first' })
  async path(@Root() page: Page, @Ctx() ctx: GraphQLContext): Promise<CatalogRef[]> {
    return (
      page.knownPath ??
      (await ctx.services.pages.catalogPath(page.itemId, page.catalogId)).map(CatalogRef.from)
    );
  }

  @Mutation(() => Page, {
    description:
      'Creates or updates a page; an update with an outdated `baseVersion` fails with VERSION_CONFLICT',
  })
  async savePage(@Arg('input') input: SavePageInput, @Ctx() ctx: GraphQLContext): Promise<Page> {
    const page = await ctx.services.pages.save(
      ctx.viewer,
      {
        id: input.id ?? undefined,
        itemId: input.itemId,
        catalogId: input.catalogId,
        title: input.title,
        content: input.content,
        baseVersion: input.baseVersion ?? undefined,
        comments: input.comments ?? undefined,
        isDraft: input.isDraft ?? undefined,
        sNumber: input.sNumber ?? undefined,
        notifyText: input.notifyText ?? undefined,
      },
      { record: true },
    );
    return Page.from(page);
  }

  @Mutation(() => Page, {
    description: 'Copies a page (title, content, type) as a new page at version 1, in this or another item',
  })
  async copyPage(@Arg('input') input: CopyPageInput, @Ctx() ctx: GraphQLContext): Promise<Page> {
    const page = await ctx.services.pages.copy(ctx.viewer, {
      pageId: input.pageId,
      toItemId: input.toItemId,
      catalogId: input.catalogId,
      title: input.title ?? undefined,
    });
    return Page.from(page);
  }

  @Mutation(() => Boolean, { description: 'Sends a page to the recycle bin' })
  async deletePage(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.pages.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Int, { description: 'Sets the order of pages of an item; returns how many changed' })
  async sortPages(
    @Arg('itemId', () => Int) itemId: number,
    @Arg('order', () => [PageOrderInput]) order: PageOrderInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<number> {
    return ctx.services.pages.sort(ctx.viewer, itemId, order);
  }

  @Mutation(() => String, {
    description:
      'CREATE TABLE statements (at most 256 KB) as markdown tables with column comments; signed-in users',
  })
  sqlToMarkdownTable(@Arg('sql') sql: string, @Ctx() ctx: GraphQLContext): Promise<string> {
    return convertSqlToMarkdown(ctx.viewer, sql, ctx.language);
  }
}
