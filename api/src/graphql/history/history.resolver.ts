import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { diffLines } from '../../domain';
import type { GraphQLContext } from '../context';
import { Page } from '../pages/page.types';
import { DiffLine, PageDiff, PageVersion } from './history.types';

@Resolver()
export class PageHistoryResolver {
  @Query(() => [PageVersion], { description: "A page's earlier versions, newest first" })
  async pageHistory(
    @Arg('pageId', () => Int) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageVersion[]> {
    return (await ctx.services.history.list(ctx.viewer, pageId)).versions.map(PageVersion.from);
  }

  @Query(() => PageDiff, { description: 'The current page compared with one of its versions' })
  async pageDiff(
    @Arg('pageId', () => Int) pageId: number,
    @Arg('versionId', () => Int) versionId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageDiff> {
    const { page, version } = await ctx.services.history.compare(ctx.viewer, pageId, versionId);
    return Object.assign(new PageDiff(), {
      current: Page.from(page),
      version: PageVersion.from(version),
      lines: diffLines(version.content, page.content).map(DiffLine.from),
    });
  }

  @Mutation(() => PageVersion, { description: 'Sets the note of a version' })
  async updatePageVersionComments(
    @Arg('pageId', () => Int) pageId: number,
    @Arg('versionId', () => Int) versionId: number,
    @Arg('comments') comments: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageVersion> {
    return PageVersion.from(
      await ctx.services.history.updateComments(ctx.viewer, pageId, versionId, comments),
    );
  }

  @Mutation(() => Page, {
    description:
      'Saves a version again as the newest (the replaced one joins the history); an outdated `baseVersion` fails with VERSION_CONFLICT',
  })
  async restorePageVersion(
    @Arg('pageId', () => Int) pageId: number,
    @Arg('versionId', () => Int) versionId: number,
    @Arg('baseVersion', () => Int, { nullable: true }) baseVersion: number | null,
    @Arg('comments', () => String, { nullable: true }) comments: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Page> {
    return Page.from(
      await ctx.services.history.restore(ctx.viewer, pageId, versionId, {
        baseVersion: baseVersion ?? undefined,
        comments: comments ?? undefined,
      }),
    );
  }
}
