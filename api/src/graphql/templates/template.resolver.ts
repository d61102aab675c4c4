import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { ItemTemplate, PageTemplate, SaveTemplateInput, TemplateShare } from './template.types';

@Resolver(() => PageTemplate)
export class TemplateResolver {
  @Query(() => [PageTemplate], { description: 'Your page templates, newest first' })
  async myTemplates(@Ctx() ctx: GraphQLContext): Promise<PageTemplate[]> {
    const mine = await ctx.services.templates.mine(ctx.viewer);
    return mine.map(({ template, shares }) => PageTemplate.from(template, shares));
  }

  @Query(() => [ItemTemplate], { description: "Templates shared to an item, for the item's editors" })
  async itemTemplates(
    @Arg('itemId', () => Int) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ItemTemplate[]> {
    return (await ctx.services.templates.forItem(ctx.viewer, itemId)).map(ItemTemplate.from);
  }

  @FieldResolver(() => [TemplateShare], { description: 'The items the template is shared to' })
  async shares(@Root() template: PageTemplate, @Ctx() ctx: GraphQLContext): Promise<TemplateShare[]> {
    return (
      template.knownShares ??
      (await ctx.services.templates.sharesOf(ctx.viewer, template.id)).map(TemplateShare.from)
    );
  }

  @Mutation(() => PageTemplate, { description: 'Creates a template, or changes one of yours' })
  async saveTemplate(
    @Arg('input') input: SaveTemplateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageTemplate> {
    return PageTemplate.from(
      await ctx.services.templates.save(ctx.viewer, {
        id: input.id ?? undefined,
        title: input.title,
        content: input.content,
      }),
    );
  }

  @Mutation(() => Boolean, { description: 'Deletes one of your templates and its shares' })
  async deleteTemplate(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.templates.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => PageTemplate, {
    description: 'Shares one of your templates to exactly these items (all of them items you may edit)',
  })
  async shareTemplate(
    @Arg('templateId', () => Int) templateId: number,
    @Arg('itemIds', () => [Int]) itemIds: number[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<PageTemplate> {
    const { template, shares } = await ctx.services.templates.shareToItems(ctx.viewer, templateId, itemIds);
    return PageTemplate.from(template, shares);
  }
}
