import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { Item } from '../items/item.types';

@ObjectType({ description: 'One page of the public square' })
export class PublicItemPage {
  @Field(() => Int, { description: 'Number of public items on all pages' })
  total!: number;

  @Field(() => [Item], { description: 'Public items of the requested page' })
  items!: Item[];
}

@Resolver()
export class PublicSquareResolver {
  @Query(() => PublicItemPage, {
    description:
      'Public items (no visit password), most recently updated first, 12 a page; PUBLIC_SQUARE_DISABLED when the site has it off',
  })
  async publicItems(
    @Ctx() ctx: GraphQLContext,
    @Arg('search', { defaultValue: '' }) search: string,
    @Arg('inContent', {
      defaultValue: false,
      description: "Search the pages' text instead of name and description",
    })
    inContent: boolean,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Arg('count', () => Int, { defaultValue: 12 }) count: number,
  ): Promise<PublicItemPage> {
    const result = await ctx.services.publicSquare.list(ctx.viewer, {
      keyword: search,
      searchType: inContent ? 'content' : 'title',
      page,
      count,
    });
    return { total: result.total, items: result.items.map((i) => Item.from(i)) };
  }
}
