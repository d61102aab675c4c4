import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Int, Query, Resolver } from 'type-graphql';
import type { SearchResult } from '../../domain';
import { keptFieldText } from '../catalogs/menu-json';
import type { GraphQLContext } from '../context';
import { emptyConnection } from '../pagination';
import { SearchConnection, SearchEdge, SearchHit } from './search.types';

@Resolver()
export class SearchResolver {
  @Query(() => SearchConnection, {
    description:
      'Pages whose title or content contains `query` (case-insensitive), in the items the viewer owns or is a member of, or in one item the viewer may read',
  })
  async search(
    @Arg('query', () => String) query: string,
    @Arg('itemId', () => Int, { nullable: true }) itemId: number | null,
    @Arg('first', () => Int, { nullable: true, description: 'At most 100; 20 by default' })
    first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SearchConnection> {
    const result = await ctx.services.search.search(ctx.viewer, query, { itemId, first, after });
    const build = () => connectionOf(result, after);
    if (result.resultKey === null) return build();
    // A result the search cache keeps is one answer per selection (issue #14), but for its items' own
    // fields, which are read per request: they are part of the key.
    const scope = ctx.services.em.getDriver();
    return keptFieldText(
      ctx,
      info,
      scope,
      `${result.resultKey}\u0000${itemsKey(result)}`,
      build,
      emptyConnection<SearchEdge>,
    );
  }
}

function connectionOf(result: SearchResult, after: string | null): SearchConnection {
  const edges = result.hits.map((hit) => ({ cursor: hit.cursor, node: SearchHit.from(hit) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: result.hasNextPage,
      hasPreviousPage: Boolean(after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: result.endCursor,
    },
    totalCount: result.totalCount,
  };
}

/**
 * The hits' items as read with this request, in one string: every field of the GraphQL `Item` and every
 * field a resolver's kept value reads from them (the owner's profile) comes from these rows.
 */
function itemsKey(result: SearchResult): string {
  const seen = new Set<number>();
  const rows: unknown[] = [];
  for (const { item } of result.hits) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    rows.push(item);
  }
  return JSON.stringify(rows);
}
