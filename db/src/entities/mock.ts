import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { Item } from './item';
import { Page } from './page';
import { User } from './user';

@Entity({ tableName: 'mock' })
export class Mock extends BaseEntity<'viewTimes' | 'path' | 'updatedAt'> {
  @Property({ length: 64 })
  @Unique()
  uniqueKey!: string;

  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  @Unique()
  page!: Page;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  /** Mock.js template JSON as sent. */
  @Property({ type: 'text', columnType: 'longtext' })
  template!: string;

  /** `/x` or `~regex`; default '/'. */
  @Property({ length: 500 })
  path: string = '/';

  @Property()
  viewTimes: number = 0;

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
