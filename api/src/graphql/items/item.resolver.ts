import type { GraphQLResolveInfo } from 'graphql';
import {
  Arg,
  Ctx,
  Extensions,
  FieldResolver,
  Info,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { keptVersionOf } from '../../../../db/src';
import { DomainError, isItemManager } from '../../domain';
import { User } from '../accounts/account.types';
import { KEPT_VALUE, keepFieldText, servedKeptText } from '../catalogs/menu-json';
import type { GraphQLContext } from '../context';
import { DEFAULT_PAGE_SIZE, emptyConnection, slicePage } from '../pagination';
import { nullAsAbsent } from '../nullable';
import { itemOwner, viewerRights } from './item.loaders';
import {
  CopyItemInput,
  CreateItemInput,
  Item,
  ItemApiKey,
  ItemGroup,
  ItemRights,
  MyItemConnection,
  MyItemsFilter,
  SaveItemGroupInput,
  UpdateItemInput,
} from './item.types';

@Resolver(() => Item)
export class ItemResolver {
  @Query(() => Item, { description: 'An item you may read, by id or personal domain' })
  async item(
    @Arg('id', () => Int, { nullable: true }) id: number | null,
    @Arg('domain', () => String, { nullable: true }) domain: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Item> {
    const key = id ?? domain;
    if (key === null || key === undefined) {
      throw new DomainError('BadInput', {
        en: 'Give an item id or a domain',
        zh: '请提供项目 ID 或个性域名',
      });
    }
    return Item.from((await ctx.services.items.find(ctx.viewer, key)).item);
  }

  @Query(() => MyItemConnection, {
    description: 'Your items (owned, as a member, through a team): pinned first, or in your manual order',
  })
  async myItems(
    @Arg('filter', () => MyItemsFilter, { nullable: true }) filter: MyItemsFilter | null,
    @Arg('first', () => Int, { defaultValue: DEFAULT_PAGE_SIZE }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MyItemConnection> {
    // The list is read from the database alone, for this viewer: on the embedded database, its text is
    // kept while nothing commits (issue #14; on MariaDB, against the commit clock). The version is read
    // before the list and again after it.
    const { em } = ctx.services;
    const scope = em.getDriver();
    const { viewer } = ctx;
    const version = await keptVersionOf(em);
    const key =
      version === null || viewer.userId === undefined
        ? null
        : JSON.stringify([
            version,
            viewer.userId,
            viewer.isAdmin,
            viewer.sessionKey,
            viewer.visitPassword ?? null,
            filter?.original ?? false,
            filter?.groupId ?? 0,
            first,
            after,
          ]);
    if (key !== null && servedKeptText(ctx, info, scope, key)) return emptyConnection();
    const list = await ctx.services.items.myList(viewer, {
      owned: filter?.original ?? false,
      groupId: filter?.groupId ?? 0,
    });
    const page = slicePage(list.entries, (e) => e.item.id, 'item', first, after);
    const connection: MyItemConnection = {
      edges: page.rows.map((entry, i) => ({
        cursor: page.cursors[i]!,
        node: Item.from(entry.item),
        starred: entry.starred,
        pinned: entry.pinned,
        manager: entry.manager,
        sortNumber: entry.sortNumber,
      })),
      pageInfo: page.pageInfo,
      totalCount: list.entries.length,
    };
    if (
      key !== null &&
      (await keptVersionOf(em)) === version &&
      keepFieldText(ctx, info, scope, key, connection)
    ) {
      return emptyConnection();
    }
    return connection;
  }

  @Query(() => ItemApiKey, {
    description: "The item's open-API key pair (created on first use); managers only",
  })
  async itemApiKey(
    @Arg('itemId', () => Int) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ItemApiKey> {
    return ItemApiKey.from(await ctx.services.items.apiKey(ctx.viewer, itemId));
  }

  @Query(() => [ItemGroup], { description: 'Your item groups, in your order' })
  async itemGroups(@Ctx() ctx: GraphQLContext): Promise<ItemGroup[]> {
    return (await ctx.services.itemGroups.list(ctx.viewer)).map(ItemGroup.from);
  }

  @FieldResolver(() => User, { description: 'User who owns the item' })
  // Kept texts read the owner the item list read with its items (undefined: not known, not kept).
  @Extensions({
    [KEPT_VALUE]: (item: Item) =>
      item.source.ownerProfile ? User.from(item.source.ownerProfile) : undefined,
  })
  async owner(@Root() item: Item, @Ctx() ctx: GraphQLContext): Promise<User> {
    // The item list reads its owners with its items.
    return User.from(item.source.ownerProfile ?? (await itemOwner(ctx, item.source.owner.id)));
  }

  @FieldResolver(() => ItemRights, { description: 'What the signed-in viewer may do with this item' })
  async viewerRights(@Root() item: Item, @Ctx() ctx: GraphQLContext): Promise<ItemRights> {
    return ItemRights.from(await viewerRights(ctx, item.source));
  }

  @FieldResolver(() => String, { nullable: true, description: 'The visit password: for managers only' })
  async password(@Root() item: Item, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return isItemManager(ctx.viewer, await viewerRights(ctx, item.source)) ? item.source.password : null;
  }

  @Mutation(() => Item, { description: 'Creates an item owned by the signed-in user (ShowDoc item/add)' })
  async createItem(@Arg('input') input: CreateItemInput, @Ctx() ctx: GraphQLContext): Promise<Item> {
    return Item.from(
      await ctx.services.items.create(ctx.viewer, { ...nullAsAbsent(input), language: ctx.language }),
    );
  }

  @Mutation(() => Item, { description: 'Copies an item you may edit: catalogs and pages, not members' })
  async copyItem(@Arg('input') input: CopyItemInput, @Ctx() ctx: GraphQLContext): Promise<Item> {
    return Item.from(await ctx.services.items.copy(ctx.viewer, nullAsAbsent(input)));
  }

  @Mutation(() => Item, {
    description: "Edits an item's name, description and options (ShowDoc item/update)",
  })
  async updateItem(
    @Arg('id', () => Int) id: number,
    @Arg('input') input: UpdateItemInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Item> {
    return Item.from(await ctx.services.items.update(ctx.viewer, id, nullAsAbsent(input)));
  }

  @Mutation(() => Boolean, {
    description: "Needs the owner's login password (single sign-on accounts: the item name instead)",
  })
  async deleteItem(
    @Arg('id', () => Int) id: number,
    @Arg('password', { defaultValue: '' }) password: string,
    @Arg('itemName', { defaultValue: '' }) itemName: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.items.delete(ctx.viewer, id, password, itemName);
    return true;
  }

  @Mutation(() => Item, {
    description: "Makes the item read-only for good; needs the owner's login password",
  })
  async archiveItem(
    @Arg('id', () => Int) id: number,
    @Arg('password') password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Item> {
    return Item.from(await ctx.services.items.archive(ctx.viewer, id, password));
  }

  @Mutation(() => Item, { description: "Gives the item to another user; needs the owner's login password" })
  async transferItem(
    @Arg('id', () => Int) id: number,
    @Arg('username', { description: 'Username or e-mail address of the new owner' }) username: string,
    @Arg('password') password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Item> {
    return Item.from(await ctx.services.items.transfer(ctx.viewer, id, username, password));
  }

  @Mutation(() => Boolean, { description: 'Stars an item for the signed-in user' })
  async starItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.items.star(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Boolean, { description: "Removes the signed-in user's star from an item" })
  async unstarItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.items.unstar(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Pins an item to the top of your list, or unpins it' })
  async pinItem(
    @Arg('id', () => Int) id: number,
    @Arg('pinned', { defaultValue: true }) pinned: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.items.pin(ctx.viewer, id, pinned);
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'Your manual order of one view (0 all, -1 starred, >0 a group); an empty list clears it',
  })
  async sortItems(
    @Arg('itemIds', () => [Int]) itemIds: number[],
    @Arg('groupId', () => Int, { defaultValue: 0 }) groupId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    const order = itemIds.map((itemId, i) => ({ itemId, sNumber: i + 1 }));
    await ctx.services.items.sort(ctx.viewer, groupId, order);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Leaves an item you are a member of (only this item of a team)' })
  async leaveItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.items.leave(ctx.viewer, id);
    return true;
  }

  @Mutation(() => ItemApiKey, { description: 'A new api_token; the api_key stays' })
  async resetItemApiKey(
    @Arg('itemId', () => Int) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ItemApiKey> {
    return ItemApiKey.from(await ctx.services.items.resetApiKey(ctx.viewer, itemId));
  }

  @Mutation(() => Item, {
    description: 'Opens a private item for this session (login or browser) with its visit password',
  })
  async unlockItem(
    @Arg('itemId', () => Int, { nullable: true }) itemId: number | null,
    @Arg('domain', () => String, { nullable: true }) domain: string | null,
    @Arg('pageId', () => Int, {
      nullable: true,
      description: 'Unlock the item of this page (the password screen of a page link, /item/password/0)',
    })
    pageId: number | null,
    @Arg('password') password: string,
    @Arg('captchaId', () => Int) captchaId: number,
    @Arg('captcha') captcha: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Item> {
    // A visitor without a session gets one (a browser cookie), so the unlock has something to stick to;
    // the rest of this request reads as that visitor.
    if (!ctx.viewer.sessionKey) ctx.viewer = ctx.viewer.withSessionKey(ctx.session.visitorKey());
    const item = await ctx.services.items.unlock(ctx.viewer, {
      item: itemId ?? domain ?? '',
      pageId: pageId ?? undefined,
      password,
      captchaId,
      captcha,
    });
    return Item.from(item);
  }

  @Mutation(() => ItemGroup, { description: 'Creates a group, or renames one and replaces its items' })
  async saveItemGroup(
    @Arg('input') input: SaveItemGroupInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ItemGroup> {
    return ItemGroup.from(await ctx.services.itemGroups.save(ctx.viewer, nullAsAbsent(input)));
  }

  @Mutation(() => Boolean, { description: 'Deletes one of your item groups; its items stay' })
  async deleteItemGroup(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.itemGroups.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Your groups in this order' })
  async sortItemGroups(@Arg('ids', () => [Int]) ids: number[], @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.itemGroups.saveSort(
      ctx.viewer,
      ids.map((id, i) => ({ id, sNumber: i + 1 })),
    );
    return true;
  }
}
