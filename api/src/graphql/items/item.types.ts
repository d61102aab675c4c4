import { Field, Int, ObjectType } from 'type-graphql';
import type { Item as ItemEntity } from '../../../../db/src';
import type { ItemRights as ItemRightsModel } from '../../domain/policy/policy.service';

@ObjectType({ description: "What the viewer may do in an item (decided by the one policy module)" })
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

  @Field(() => [Int], { nullable: true, description: 'Top-level catalogs a scoped member is limited to; null = all' })
  catalogScope!: number[] | null;

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
      createdAt: item.createdAt,
      lastUpdateAt: item.lastUpdateAt,
      entity: item,
    });
  }
}
