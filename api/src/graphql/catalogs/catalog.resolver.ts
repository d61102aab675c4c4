import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { DomainError } from '../../domain';
import type { GraphQLContext } from '../context';
import { Item } from '../items/item.types';
import {
  Catalog,
  CopyCatalogInput,
  DraggedInput,
  MenuTree,
  MoveTreeResult,
  SaveCatalogInput,
  TreeChangeInput,
} from './catalog.types';
import { keptMenuTree } from './menu-json';

@Resolver(() => Catalog)
export class CatalogResolver {
  @Query(() => [Catalog], { description: "An item's catalogs you may see, depth-first in menu order" })
  async catalogs(@Arg('itemId', () => Int) itemId: number, @Ctx() ctx: GraphQLContext): Promise<Catalog[]> {
    return (await ctx.services.catalogs.flatList(ctx.viewer, itemId)).map(Catalog.fromNode);
  }

  @Query(() => MenuTree, { description: "An item's menu (also `Item.menu`)" })
  async itemMenu(
    @Arg('itemId', () => Int) itemId: number,
    @Arg('defaultPageId', () => Int, { nullable: true }) defaultPageId: number | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MenuTree> {
    const menu = await ctx.services.catalogs.menu(ctx.viewer, itemId, defaultPageId ?? 0);
    return keptMenuTree(ctx, info, MenuTree.from(menu), MenuTree.standIn);
  }

  @FieldResolver(() => [String], { description: 'Names from the top-level catalog down to this one' })
  async path(@Root() catalog: Catalog, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return catalog.knownPath ?? ctx.services.catalogs.pathNames(catalog.entity);
  }

  @Mutation(() => Catalog, { description: 'Creates, renames or moves a catalog (three levels at most)' })
  async saveCatalog(@Arg('input') input: SaveCatalogInput, @Ctx() ctx: GraphQLContext): Promise<Catalog> {
    const catalog = await ctx.services.catalogs.save(ctx.viewer, {
      itemId: input.itemId,
      id: input.id ?? undefined,
      name: input.name,
      parentId: input.parentId,
      sNumber: input.sNumber ?? undefined,
    });
    return Catalog.from(catalog);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes a catalog and its sub-catalogs; their pages go to the recycle bin',
  })
  async deleteCatalog(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.catalogs.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => MoveTreeResult, {
    description: 'Applies a drag-and-drop result; only what moved is written',
  })
  async moveTree(
    @Arg('itemId', () => Int) itemId: number,
    @Arg('changes', () => [TreeChangeInput]) changes: TreeChangeInput[],
    @Arg('dragged', () => DraggedInput, { nullable: true }) dragged: DraggedInput | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MoveTreeResult> {
    if (dragged && dragged.type !== 'page' && dragged.type !== 'catalog') {
      throw new DomainError('BadInput', { en: "dragged.type is 'page' or 'catalog'", zh: '拖动类型无效' });
    }
    return ctx.services.catalogs.moveTree(
      ctx.viewer,
      itemId,
      changes.map((c) => ({
        catalogId: c.catalogId ?? undefined,
        pageId: c.pageId ?? undefined,
        parentId: c.parentId ?? null,
        sNumber: c.sNumber,
        name: c.name ?? undefined,
      })),
      dragged ? { type: dragged.type === 'page' ? 'page' : 'catalog', id: dragged.id } : undefined,
    );
  }

  @Mutation(() => Catalog, {
    description: 'Copies (or moves) a catalog with its sub-catalogs and pages, into this or another item',
  })
  async copyCatalog(@Arg('input') input: CopyCatalogInput, @Ctx() ctx: GraphQLContext): Promise<Catalog> {
    const catalog = await ctx.services.catalogs.copy(ctx.viewer, {
      catalogId: input.catalogId,
      toItemId: input.toItemId ?? undefined,
      parentId: input.parentId ?? null,
      move: input.move ?? false,
    });
    return Catalog.from(catalog);
  }
}

@Resolver(() => Item)
export class ItemMenuResolver {
  @FieldResolver(() => MenuTree, { description: 'Root pages and catalogs, as the viewer may see them' })
  async menu(
    @Root() item: Item,
    @Arg('defaultPageId', () => Int, { nullable: true }) defaultPageId: number | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MenuTree> {
    // The item as its query read it: the policy decides on that row instead of reading it again.
    const visit = await ctx.services.policy.requireVisitOf(ctx.viewer, item.source);
    const menu = await ctx.services.catalogs.menuOf(ctx.viewer, visit, defaultPageId ?? 0);
    return keptMenuTree(ctx, info, MenuTree.from(menu), MenuTree.standIn);
  }
}
