import { Arg, Ctx, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { PageCommentEvent } from '../../pubsub/topics';
import type { GraphQLContext } from '../context';
import { PageComment, PageCommentChange, PageCommentList } from './comment.types';

@Resolver()
export class PageCommentResolver {
  @Query(() => PageCommentList, {
    description: "A page's comment threads, newest first, for those who may read the page",
  })
  async pageComments(
    @Arg('pageId', () => Int, { description: 'The page' }) pageId: number,
    @Arg('page', () => Int, { defaultValue: 1, description: 'Slice number, from 1' }) page: number,
    @Arg('count', () => Int, { defaultValue: 20, description: 'Top-level comments per slice (1-100)' })
    count: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageCommentList> {
    return PageCommentList.from(await ctx.services.comments.list(ctx.viewer, pageId, { page, count }));
  }

  @Mutation(() => PageComment, {
    description:
      'Comments on a page you may read (1-500 characters) when its item allows comments; with parentId, replies to a comment',
  })
  async addPageComment(
    @Arg('pageId', () => Int, { description: 'The page' }) pageId: number,
    @Arg('content', { description: 'The text (markdown)' }) content: string,
    @Arg('parentId', () => Int, { nullable: true, description: 'The comment replied to' })
    parentId: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageComment> {
    const comment = await ctx.services.comments.add(ctx.viewer, pageId, { content, parentId });
    return PageComment.from({ comment, mine: true, canDelete: true, replies: [] });
  }

  @Mutation(() => Boolean, {
    description: "Deletes a comment (its author or a manager of the item) with a top-level comment's replies",
  })
  async deletePageComment(
    @Arg('commentId', () => Int, { description: 'The comment' }) commentId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.comments.delete(ctx.viewer, commentId);
    return true;
  }

  @Subscription(() => PageCommentChange, {
    description: 'Comments added to or deleted from a page, for those who may read the page',
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphQLContext;
      const pageId = Number(args.pageId);
      // Refused before anything is pushed: the page must be readable by this subscriber.
      await ctx.services.pages.readable(ctx.viewer, pageId);
      return ctx.services.pubSub.subscribe('pageCommentChanged', pageId);
    },
  })
  async pageCommentChanged(
    @Arg('pageId', () => Int, { description: 'The page' }) pageId: number,
    @Root() event: PageCommentEvent,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageCommentChange> {
    // Asked again for every event: rights can change while the subscription lasts.
    await ctx.services.pages.readableAfresh(ctx.viewer, pageId);
    return PageCommentChange.from({ ...event, pageId });
  }
}
