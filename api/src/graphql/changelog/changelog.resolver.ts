import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { DomainError } from '../../domain';
import type { GraphQLContext } from '../context';
import { ChangeLogEntry, ChangeLogPage } from './changelog.types';

export const CHANGE_LOG_PAGE_SIZE = 10;
const MAX_CHANGE_LOG_PAGE_SIZE = 100;

@Resolver()
export class ChangeLogResolver {
  @Query(() => ChangeLogPage, { description: "An item's change log, newest first, for its editors" })
  async changeLog(
    @Arg('itemId', () => Int) itemId: number,
    @Arg('page', () => Int, { defaultValue: 1, description: 'From 1' }) page: number,
    @Arg('pageSize', () => Int, { defaultValue: CHANGE_LOG_PAGE_SIZE }) pageSize: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ChangeLogPage> {
    if (page < 1 || pageSize < 1 || pageSize > MAX_CHANGE_LOG_PAGE_SIZE) {
      throw new DomainError('BadInput', {
        en: `page starts at 1; pageSize is 1 to ${MAX_CHANGE_LOG_PAGE_SIZE}`,
        zh: `page 从 1 开始，pageSize 为 1 到 ${MAX_CHANGE_LOG_PAGE_SIZE}`,
      });
    }
    const log = await ctx.services.changeLog.list(ctx.viewer, itemId, {
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return { totalCount: log.total, entries: log.entries.map(ChangeLogEntry.from) };
  }
}
