import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { Item } from './item';
import { Page } from './page';
import { User } from './user';

/**
 * A reader's comment under a page (ShowDoc 3.x `page_comment`, compat-notes §10): two levels only, a reply
 * points at a top-level comment. Soft-deleted so a thread keeps its shape; the text is stored as written
 * (ShowDoc's HTML escaping is applied at the REST door).
 */
@Entity({ tableName: 'page_comment' })
@Index({ properties: ['page', 'deletedAt', 'parent'] })
export class PageComment extends BaseEntity<'parent' | 'user' | 'deletedAt'> {
  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  page!: Page;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  /** null = top level; otherwise the top-level comment this replies to. */
  @ManyToOne(() => PageComment, { nullable: true, deleteRule: 'cascade' })
  parent: PageComment | null = null;

  /** null once the author's account is gone; `username` keeps the name shown. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user: User | null = null;

  @Property({ length: 64 })
  username!: string;

  @Property({ type: 'text' })
  content!: string;

  @Property({ type: 'datetime', nullable: true })
  deletedAt: Date | null = null;
}
