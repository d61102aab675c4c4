import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { Item } from './item';

/** Catalogs nest at most three levels: `level` 1 is top level (ShowDoc sends it as 2). */
export const MAX_CATALOG_LEVEL = 3;
export const DEFAULT_S_NUMBER = 99;

@Entity({ tableName: 'catalog' })
@Index({ properties: ['item', 'parent', 'sNumber'] })
export class Catalog extends BaseEntity<'sNumber' | 'parent' | 'level' | 'deletedAt'> {
  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @ManyToOne(() => Catalog, { nullable: true, deleteRule: 'cascade' })
  parent: Catalog | null = null;

  @Property({ length: 200 })
  name!: string;

  @Property()
  sNumber: number = DEFAULT_S_NUMBER;

  @Property({ type: 'smallint' })
  level: number = 1;

  /** Set when the catalog is deleted; its pages go to the recycle bin and come back with it. */
  @Property({ type: 'datetime', nullable: true })
  deletedAt: Date | null = null;
}
