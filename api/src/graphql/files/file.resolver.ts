import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { FileListFilter } from '../../domain';
import type { GraphQLContext } from '../context';
import { Page } from '../pages/page.types';
import {
  Attachment,
  AttachmentFilter,
  AttachmentList,
  BatchDeleteResult,
  MyAttachmentList,
  kindFilter,
} from './file.types';

function listFilter(
  filter: AttachmentFilter | null | undefined,
  page: number,
  pageSize: number,
): FileListFilter {
  return {
    type: kindFilter(filter?.kind),
    name: filter?.name ?? undefined,
    username: filter?.uploader ?? undefined,
    page,
    count: pageSize,
  };
}

@Resolver(() => Page)
export class PageAttachmentsResolver {
  @FieldResolver(() => [Attachment], {
    description: "The page's files, newest first (readers of the page; catalog scopes hold)",
  })
  async attachments(@Root() page: Page, @Ctx() ctx: GraphQLContext): Promise<Attachment[]> {
    const files = await ctx.services.files.pageFiles(ctx.viewer, page.id);
    const views = await ctx.services.files.views(files);
    return views.map(({ file, ...view }) => Attachment.from(file, view));
  }
}

@Resolver(() => Attachment)
export class FileResolver {
  @Query(() => MyAttachmentList, { description: 'Your files, newest first, with used space and traffic' })
  async myAttachments(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => AttachmentFilter, { nullable: true }) filter?: AttachmentFilter | null,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number = 1,
    @Arg('pageSize', () => Int, { defaultValue: 20 }) pageSize: number = 20,
  ): Promise<MyAttachmentList> {
    const mine = await ctx.services.files.mine(ctx.viewer, {
      ...listFilter(filter, page, pageSize),
      username: undefined,
    });
    return Object.assign(new MyAttachmentList(), {
      list: mine.list.map(({ file, ...view }) => Attachment.from(file, view)),
      total: mine.total,
      usedBytes: mine.used,
      trafficThisMonth: mine.usedFlowThisMonth,
    });
  }

  @Query(() => AttachmentList, { description: "Everyone's files (site administrators)" })
  async attachments(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => AttachmentFilter, { nullable: true }) filter?: AttachmentFilter | null,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number = 1,
    @Arg('pageSize', () => Int, { defaultValue: 20 }) pageSize: number = 20,
  ): Promise<AttachmentList> {
    const all = await ctx.services.files.all(ctx.viewer, listFilter(filter, page, pageSize));
    return Object.assign(new AttachmentList(), {
      list: all.list.map(({ file, ...view }) => Attachment.from(file, view)),
      total: all.total,
      usedBytes: all.used,
    });
  }

  @Query(() => AttachmentList, {
    description: 'Files no live page shows or links to (site administrators)',
  })
  async unusedAttachments(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => AttachmentFilter, { nullable: true }) filter?: AttachmentFilter | null,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number = 1,
    @Arg('pageSize', () => Int, { defaultValue: 10 }) pageSize: number = 10,
  ): Promise<AttachmentList> {
    const unused = await ctx.services.files.unused(ctx.viewer, listFilter(filter, page, pageSize));
    const list = unused.list.map(({ file, ...view }) => Attachment.from(file, view));
    return Object.assign(new AttachmentList(), {
      list,
      total: unused.total,
      usedBytes: list.reduce((sum, f) => sum + f.size, 0),
    });
  }

  @Mutation(() => Boolean, {
    description: 'Shows one of your files on another page too (you must be able to edit that page)',
  })
  async bindAttachment(
    @Arg('fileId', () => Int) fileId: number,
    @Arg('pageId', () => Int) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.files.bind(ctx.viewer, fileId, pageId);
    return true;
  }

  @Mutation(() => Boolean, {
    description: "Takes a file off a page you may edit; the file itself stays in its uploader's files",
  })
  async unbindAttachment(
    @Arg('fileId', () => Int) fileId: number,
    @Arg('pageId', () => Int) pageId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.files.unbind(ctx.viewer, fileId, pageId);
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'Deletes a file from every page and from storage (its uploader, or a site administrator)',
  })
  async deleteAttachment(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.files.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => BatchDeleteResult, { description: 'Deletes several files (site administrators)' })
  async deleteAttachments(
    @Arg('ids', () => [Int]) ids: number[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<BatchDeleteResult> {
    const result = await ctx.services.files.deleteMany(ctx.viewer, ids);
    return Object.assign(new BatchDeleteResult(), { deleted: result.success, failed: result.failed });
  }
}
