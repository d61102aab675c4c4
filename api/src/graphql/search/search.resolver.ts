import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { SearchConnection, SearchHit } from './search.types';

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
  ): Promise<SearchConnection> {
    const result = await ctx.services.search.search(ctx.viewer, query, { itemId, first, after });
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
}
