import { Collection, Entity, ManyToMany, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { Catalog } from './catalog';
import { Item } from './item';
import { User } from './user';

/** 0 read-only, 1 edit, 2 item admin (catalog scope applies below 2 only). */
export const MemberGroup = { ReadOnly: 0, Edit: 1, Admin: 2 } as const;

@Entity({ tableName: 'item_member' })
@Unique({ properties: ['item', 'user'] })
export class ItemMember extends BaseEntity<'memberGroupId'> {
  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'smallint' })
  memberGroupId: number = MemberGroup.ReadOnly;

  /** Top-level catalogs the member is limited to; empty = the whole item. */
  @ManyToMany(() => Catalog, undefined, { pivotTable: 'item_member_catalog' })
  catalogs = new Collection<Catalog>(this);
}
