import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { ItemApiKey as ItemApiKeyEntity } from '../../../../db/src';
import type { ItemGroupView, ItemRights as ItemRightsModel, LeanItem } from '../../domain';
import { PageInfo } from '../pagination';

@ObjectType({ description: 'What the viewer may do in an item (decided by the one policy module)' })
export class ItemRights {
  @Field({ description: 'May read the item' })
  visit!: boolean;

  @Field({ description: 'May edit pages and catalogs' })
  edit!: boolean;

  @Field({ description: 'May manage members and settings' })
  manage!: boolean;

  @Field({ description: 'Owns the item' })
  isOwner!: boolean;

  @Field({ description: 'Archived items are read-only for everyone' })
  archived!: boolean;

  @Field(() => [Int], {
    nullable: true,
    description: 'Top-level catalogs a scoped member is limited to; null = all',
  })
  catalogScope!: number[] | null;

  @Field(() => [Int], {
    nullable: true,
    description:
      'Top-level catalogs where `edit` applies, when narrower than what the viewer reads; null = wherever they read. Pages at the item root are writable by every editor',
  })
  editScope!: number[] | null;

  static from(rights: ItemRightsModel): ItemRights {
    return Object.assign(new ItemRights(), rights);
  }
}

@ObjectType({ description: 'A documentation project: pages in catalogs up to three levels deep' })
export class Item {
  @Field(() => Int, { description: "Item id (ShowDoc's `item_id`)" })
  id!: number;

  @Field({ description: "Item name (ShowDoc's `item_name`)" })
  name!: string;

  @Field({ description: "Item description (ShowDoc's `item_description`)" })
  description!: string;

  @Field(() => String, { nullable: true, description: 'Personal domain: /{domain} opens the item' })
  domain!: string | null;

  @Field(() => Int, { description: '1 regular, 2 single page, 4 spreadsheet (0 and 3 read as regular)' })
  type!: number;

  @Field({ description: 'Private items need a visit password' })
  isPrivate!: boolean;

  @Field({ description: 'Archived items are read-only' })
  isArchived!: boolean;

  @Field({ description: 'Readers may comment on pages (regular items)' })
  allowComment!: boolean;

  @Field({ description: 'Readers may say whether a page helped (regular items)' })
  allowFeedback!: boolean;

  @Field({ description: 'When the item was created (ISO 8601)' })
  createdAt!: Date;

  @Field({ description: 'When a page of the item last changed (ISO 8601)' })
  lastUpdateAt!: Date;

  /**
   * The entity or lean row (the item list) it was made from, for field resolvers (owner, viewerRights,
   * password); not part of the schema.
   */
  source!: LeanItem;

  static from(item: LeanItem): Item {
    return Object.assign(new Item(), {
      id: item.id,
      name: item.name,
      description: item.description,
      domain: item.domain,
      type: item.type,
      isPrivate: item.password !== '',
      isArchived: item.isArchived,
      allowComment: item.allowComment,
      allowFeedback: item.allowFeedback,
      createdAt: item.createdAt,
      lastUpdateAt: item.lastUpdateAt,
      source: item,
    });
  }
}

@ObjectType({ description: "An item in the viewer's item list, with the viewer's marks on it" })
export class MyItemEdge {
  @Field({ description: 'Opaque cursor of this item, for `after`/`before`' })
  cursor!: string;

  @Field(() => Item, { description: 'The item' })
  node!: Item;

  @Field({ description: 'The signed-in user starred this item' })
  starred!: boolean;

  @Field({ description: 'Pinned to the top of the list' })
  pinned!: boolean;

  @Field({ description: 'The viewer owns or administers the item (shows the management actions)' })
  manager!: boolean;

  @Field(() => Int, { nullable: true, description: "The viewer's manual position in this view, if any" })
  sortNumber!: number | null;
}

@ObjectType({ description: "A page of the signed-in user's items (Relay connection)" })
export class MyItemConnection {
  @Field(() => [MyItemEdge], { description: 'Items of this page' })
  edges!: MyItemEdge[];

  @Field(() => PageInfo, { description: 'Cursors and whether more pages exist' })
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'Items in the whole list, all pages together' })
  totalCount!: number;
}

@InputType({ description: "Which of the signed-in user's items to list" })
export class MyItemsFilter {
  @Field({ defaultValue: false, description: 'Only items the viewer owns' })
  original!: boolean;

  @Field(() => Int, {
    defaultValue: 0,
    description: '0 all items, -1 starred items, >0 one of your item groups',
  })
  groupId!: number;
}

@InputType({ description: 'A new item' })
export class CreateItemInput {
  @Field({ description: 'Item name' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Item description' })
  description?: string | null;

  @Field(() => Int, { nullable: true, description: '1 regular (default), 2 single page, 4 spreadsheet' })
  type?: number | null;

  @Field(() => String, { nullable: true, description: "Visit password; '' or absent: an open item" })
  password?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Letters and digits, not only digits; cannot change later',
  })
  domain?: string | null;

  @Field(() => [Int], { nullable: true, description: 'Your item groups to put the item in' })
  groupIds?: number[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Readers may comment on pages' })
  allowComment?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Readers may send feedback' })
  allowFeedback?: boolean | null;
}

@InputType({ description: "Absent fields keep the source's values" })
export class CopyItemInput {
  @Field(() => Int, { description: 'Item to copy' })
  sourceId!: number;

  @Field(() => String, { nullable: true, description: "Name of the copy; absent keeps the source's name" })
  name?: string | null;

  @Field(() => String, { nullable: true, description: "Description of the copy; absent keeps the source's" })
  description?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The copy's visit password ('' makes it open). The source's is never copied: required when the source is private",
  })
  password?: string | null;

  @Field(() => String, { nullable: true, description: 'Personal domain (short link name) of the copy' })
  domain?: string | null;

  @Field(() => [Int], { nullable: true, description: 'Your item groups to put the copy in' })
  groupIds?: number[] | null;
}

@InputType({ description: 'Only the fields given change' })
export class UpdateItemInput {
  @Field(() => String, { nullable: true, description: 'New name; absent keeps it' })
  name?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Letters and digits, not only digits, unused by other items; '' removes the personal domain",
  })
  domain?: string | null;

  @Field(() => String, { nullable: true, description: 'New description; absent keeps it' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: "'' makes the item open" })
  password?: string | null;

  @Field(() => [Int], { nullable: true, description: 'Exactly these of your item groups hold the item' })
  groupIds?: number[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Readers may comment on pages; absent keeps it' })
  allowComment?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Readers may send feedback; absent keeps it' })
  allowFeedback?: boolean | null;
}

@ObjectType({ description: "An item's key pair for the open API (automatic documentation from scripts)" })
export class ItemApiKey {
  @Field({ description: "API key of the item (ShowDoc's `api_key`)" })
  apiKey!: string;

  @Field({ description: "API token of the item (ShowDoc's `api_token`)" })
  apiToken!: string;

  @Field({ description: 'When the key was created (ISO 8601)' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the key was last used (ISO 8601), null if never' })
  lastCheckAt!: Date | null;

  static from(key: ItemApiKeyEntity): ItemApiKey {
    return Object.assign(new ItemApiKey(), {
      apiKey: key.apiKey,
      apiToken: key.apiToken,
      createdAt: key.createdAt,
      lastCheckAt: key.lastCheckAt,
    });
  }
}

@ObjectType({ description: "One of the viewer's own folders of items" })
export class ItemGroup {
  @Field(() => Int, { description: 'Group id' })
  id!: number;

  @Field({ description: 'Group name' })
  name!: string;

  @Field(() => Int, { description: 'Sort order of the group, ascending' })
  sNumber!: number;

  @Field(() => [Int], { description: 'Items in the group' })
  itemIds!: number[];

  @Field({ description: 'When the group was created (ISO 8601)' })
  createdAt!: Date;

  @Field({ description: 'When the group last changed (ISO 8601)' })
  updatedAt!: Date;

  static from({ group, itemIds }: ItemGroupView): ItemGroup {
    return Object.assign(new ItemGroup(), {
      id: group.id,
      name: group.name,
      sNumber: group.sNumber,
      itemIds,
      createdAt: group.createdAt,
      updatedAt: group.updatedAt,
    });
  }
}

@InputType({ description: 'An item group to create or edit' })
export class SaveItemGroupInput {
  @Field(() => Int, { nullable: true, description: 'Absent or 0: a new group' })
  id?: number | null;

  @Field({ description: 'Group name' })
  name!: string;

  @Field(() => [Int], { defaultValue: [], description: 'Items in the group' })
  itemIds!: number[];
}
