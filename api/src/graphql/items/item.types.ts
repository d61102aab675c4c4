import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Item as ItemEntity, ItemApiKey as ItemApiKeyEntity } from '../../../../db/src';
import type { ItemGroupView, ItemRights as ItemRightsModel } from '../../domain';
import { PageInfo } from '../pagination';

@ObjectType({ description: 'What the viewer may do in an item (decided by the one policy module)' })
export class ItemRights {
  @Field()
  visit!: boolean;

  @Field()
  edit!: boolean;

  @Field()
  manage!: boolean;

  @Field()
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
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field()
  description!: string;

  @Field(() => String, { nullable: true, description: 'Personal domain: /{domain} opens the item' })
  domain!: string | null;

  @Field(() => Int, { description: '1 regular, 2 single page, 4 spreadsheet (0 and 3 read as regular)' })
  type!: number;

  @Field({ description: 'Private items need a visit password' })
  isPrivate!: boolean;

  @Field()
  isArchived!: boolean;

  @Field({ description: 'Readers may comment on pages (regular items)' })
  allowComment!: boolean;

  @Field({ description: 'Readers may say whether a page helped (regular items)' })
  allowFeedback!: boolean;

  @Field()
  createdAt!: Date;

  @Field()
  lastUpdateAt!: Date;

  /** Kept for field resolvers (owner, viewerRights, password); not part of the schema. */
  entity!: ItemEntity;

  static from(item: ItemEntity): Item {
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
      entity: item,
    });
  }
}

@ObjectType({ description: "An item in the viewer's item list, with the viewer's marks on it" })
export class MyItemEdge {
  @Field()
  cursor!: string;

  @Field(() => Item)
  node!: Item;

  @Field()
  starred!: boolean;

  @Field({ description: 'Pinned to the top of the list' })
  pinned!: boolean;

  @Field({ description: 'The viewer owns or administers the item (shows the management actions)' })
  manager!: boolean;

  @Field(() => Int, { nullable: true, description: "The viewer's manual position in this view, if any" })
  sortNumber!: number | null;
}

@ObjectType()
export class MyItemConnection {
  @Field(() => [MyItemEdge])
  edges!: MyItemEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'Items in the whole list, all pages together' })
  totalCount!: number;
}

@InputType()
export class MyItemsFilter {
  @Field({ defaultValue: false, description: 'Only items the viewer owns' })
  original!: boolean;

  @Field(() => Int, {
    defaultValue: 0,
    description: '0 all items, -1 starred items, >0 one of your item groups',
  })
  groupId!: number;
}

@InputType()
export class CreateItemInput {
  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
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

  @Field(() => Boolean, { nullable: true })
  allowComment?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  allowFeedback?: boolean | null;
}

@InputType({ description: "Absent fields keep the source's values" })
export class CopyItemInput {
  @Field(() => Int)
  sourceId!: number;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The copy's visit password ('' makes it open). The source's is never copied: required when the source is private",
  })
  password?: string | null;

  @Field(() => String, { nullable: true })
  domain?: string | null;

  @Field(() => [Int], { nullable: true })
  groupIds?: number[] | null;
}

@InputType({ description: 'Only the fields given change' })
export class UpdateItemInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Letters and digits, not only digits, unused by other items; '' removes the personal domain",
  })
  domain?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: "'' makes the item open" })
  password?: string | null;

  @Field(() => [Int], { nullable: true, description: 'Exactly these of your item groups hold the item' })
  groupIds?: number[] | null;

  @Field(() => Boolean, { nullable: true })
  allowComment?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  allowFeedback?: boolean | null;
}

@ObjectType({ description: "An item's key pair for the open API (automatic documentation from scripts)" })
export class ItemApiKey {
  @Field()
  apiKey!: string;

  @Field()
  apiToken!: string;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
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
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field(() => Int)
  sNumber!: number;

  @Field(() => [Int])
  itemIds!: number[];

  @Field()
  createdAt!: Date;

  @Field()
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

@InputType()
export class SaveItemGroupInput {
  @Field(() => Int, { nullable: true, description: 'Absent or 0: a new group' })
  id?: number | null;

  @Field()
  name!: string;

  @Field(() => [Int], { defaultValue: [] })
  itemIds!: number[];
}
