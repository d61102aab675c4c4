import {
  BeforeCreate,
  BeforeUpdate,
  BigIntType,
  Entity,
  type EventArgs,
  Index,
  ManyToOne,
  Property,
  Unique,
  wrap,
} from '@mikro-orm/core';
import { sheetSearchText } from '../search/sheet-text';
import { BaseEntity } from './base';
import { Catalog, DEFAULT_S_NUMBER } from './catalog';
import { Item, ItemType } from './item';
import { User } from './user';

@Entity({ tableName: 'page' })
@Index({ properties: ['item', 'catalog', 'sNumber'] })
@Index({ properties: ['item', 'deletedAt'] })
export class Page extends BaseEntity<
  | 'catalog'
  | 'sNumber'
  | 'comments'
  | 'deletedAt'
  | 'extInfo'
  | 'isDraft'
  | 'updatedAt'
  | 'version'
  | 'author'
  | 'authorName'
  | 'searchText'
  | 'plainText'
> {
  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  /** null = item root. */
  @ManyToOne(() => Catalog, { nullable: true, deleteRule: 'set null' })
  catalog: Catalog | null = null;

  @Property({ length: 255 })
  title!: string;

  /** The markdown as the user wrote it; ShowDoc's HTML escaping is applied only at the compat-rest door. */
  @Property({ type: 'text', columnType: 'longtext' })
  content!: string;

  @Property()
  sNumber: number = DEFAULT_S_NUMBER;

  /** Last editor (ShowDoc's `author_uid`); null for open-API writes. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  author: User | null = null;

  /** Last editor's username as shown, kept when the user is gone ('API' for open-API writes). */
  @Property({ length: 64 })
  authorName: string = '';

  @Property({ length: 255 })
  comments: string = '';

  @Property({ type: 'text' })
  extInfo: string = '';

  @Property()
  isDraft: boolean = false;

  @Property({ type: 'datetime', nullable: true })
  deletedAt: Date | null = null;

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();

  /** Optimistic concurrency: incremented by every save; a GraphQL save names the version it started from. */
  @Property()
  version: number = 1;

  /**
   * What search indexes instead of the content: the cell text of a spreadsheet page (item type 4), null
   * for every other page. Kept by the hooks below from the content; db/src/search/sheet-text.ts.
   */
  @Property({ type: 'text', columnType: 'longtext', nullable: true })
  searchText: string | null = null;

  /**
   * The page as readers see it, for search snippets (issue #22): the text of the markdown without its
   * markup, written after the save by a background worker (db/src/search/plain-text.ts); null until then
   * and after every content change, when snippets fall back to the source. Lazy: only search reads it.
   */
  @Property({ type: 'text', columnType: 'longtext', nullable: true, lazy: true })
  plainText: string | null = null;

  @BeforeCreate()
  @BeforeUpdate()
  keepSearchText(args?: EventArgs<Page>): void {
    const item = this.item as Item | undefined;
    const known = item && wrap(item).isInitialized();
    // Type 4 known: the cells; another type known: nothing; not loaded: the content's shape decides.
    if (known && item.type !== ItemType.Spreadsheet) this.searchText = null;
    else this.searchText = sheetSearchText(this.content ?? '');
    // The plain text of older content is dropped with it (the worker writes the new one after commit).
    if (args?.changeSet?.type === 'update' && 'content' in (args.changeSet.payload ?? {})) {
      this.plainText = null;
    }
  }
}

@Entity({ tableName: 'page_history' })
@Index({ properties: ['page', 'createdAt'] })
export class PageHistory extends BaseEntity<'comments' | 'author' | 'authorName'> {
  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  page!: Page;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @Property({ type: 'integer', nullable: true })
  catalogId: number | null = null;

  @Property({ length: 255 })
  title!: string;

  @Property({ type: 'text', columnType: 'longtext' })
  content!: string;

  @Property({ length: 255 })
  comments: string = '';

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  author: User | null = null;

  @Property({ length: 64 })
  authorName: string = '';

  /** The page version this snapshot holds. */
  @Property()
  version!: number;
}

/** One row per deleted page; purged with its page after 30 days. */
@Entity({ tableName: 'recycle_entry' })
@Index({ properties: ['item', 'deletedAt'] })
export class RecycleEntry extends BaseEntity<'deletedBy' | 'deletedWithCatalogId'> {
  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  @Unique()
  page!: Page;

  @Property({ length: 255 })
  title!: string;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  deletedBy: User | null = null;

  @Property({ length: 64 })
  deletedByName!: string;

  @Property({ type: 'datetime' })
  deletedAt!: Date;

  /** When the page went with a deleted catalog: that catalog, so recovery can restore it. */
  @Property({ type: 'integer', nullable: true })
  deletedWithCatalogId: number | null = null;
}

/** Public share link of one page (`/p/{key}`); at most one per page; null expiry = permanent. */
@Entity({ tableName: 'single_page_link' })
export class SinglePageLink extends BaseEntity<'expiresAt'> {
  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  @Unique()
  page!: Page;

  @Property({ length: 64 })
  @Unique()
  uniqueKey!: string;

  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;
}

@Entity({ tableName: 'page_lock' })
export class PageLock extends BaseEntity {
  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  @Unique()
  page!: Page;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'datetime' })
  lockedUntil!: Date;
}

/**
 * Search index for MySQL and MariaDB (db/src/search/page-search-index.ts): one row per distinct gram of a
 * page's case-folded title and content, a gram packing three UTF-16 code units into one integer. MariaDB
 * has no ngram FULLTEXT parser. Unused on SQLite, where FTS5 does the job.
 */
@Entity({ tableName: 'page_search_gram' })
@Index({ properties: ['item', 'gram'] })
export class PageSearchGram {
  /** No index of its own: the primary key (page, gram) serves the foreign key and per-page reads. */
  @ManyToOne(() => Page, { primary: true, deleteRule: 'cascade', index: false })
  page!: Page;

  @Property({ type: new BigIntType('number'), primary: true })
  gram!: number;

  /** The page's item, copied so a search restricted to items reads the index alone. */
  @Property()
  item!: number;
}
