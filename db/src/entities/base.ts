import { OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** Integer ids everywhere: ShowDoc clients carry `item_id`, `page_id`, `cat_id` as digit strings. */
export abstract class BaseEntity<Optional extends string = never> {
  [OptionalProps]?: 'createdAt' | Optional;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
