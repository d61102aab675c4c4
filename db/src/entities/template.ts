import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { Item } from './item';
import { User } from './user';

@Entity({ tableName: 'template' })
export class Template extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  owner!: User;

  @Property({ length: 255 })
  title!: string;

  @Property({ type: 'text', columnType: 'longtext' })
  content!: string;
}

@Entity({ tableName: 'template_item' })
@Unique({ properties: ['template', 'item'] })
export class TemplateItem extends BaseEntity {
  @ManyToOne(() => Template, { deleteRule: 'cascade' })
  template!: Template;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  sharedBy!: User;
}
