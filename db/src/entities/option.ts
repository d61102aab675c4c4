import { Entity, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';

/** Site settings as name/value pairs (ShowDoc's `options` table); JSON-valued ones hold JSON text. */
@Entity({ tableName: 'site_option' })
export class SiteOption extends BaseEntity<'updatedAt'> {
  @Property({ length: 100 })
  @Unique()
  name!: string;

  @Property({ type: 'text' })
  value!: string;

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
