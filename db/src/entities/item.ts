import { BigIntType, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { User } from './user';

export const ItemType = { Legacy: 0, Regular: 1, SinglePage: 2, ApiClient: 3, Spreadsheet: 4 } as const;
export type ItemTypeId = (typeof ItemType)[keyof typeof ItemType];

@Entity({ tableName: 'item' })
@Index({ properties: ['owner', 'deletedAt'] })
export class Item extends BaseEntity<
  | 'description'
  | 'password'
  | 'domain'
  | 'type'
  | 'isArchived'
  | 'deletedAt'
  | 'lastUpdateAt'
  | 'allowComment'
  | 'allowFeedback'
  | 'passwordVersion'
> {
  @Property({ length: 200 })
  name!: string;

  @Property({ type: 'text' })
  description: string = '';

  @ManyToOne(() => User)
  owner!: User;

  /** Visit password shared with readers ('' = open item); shown to managers, so not hashed. */
  @Property({ length: 100 })
  password: string = '';

  /** Bumped whenever the visit password changes: unlocks remembered under an older one no longer open the item. */
  @Property({ type: 'integer', default: 0 })
  passwordVersion: number = 0;

  /** Personal domain: letters and digits, not purely numeric; unique among items. */
  @Property({ type: 'string', length: 64, nullable: true })
  @Unique()
  domain: string | null = null;

  @Property({ type: 'smallint' })
  type: number = ItemType.Regular;

  @Property()
  isArchived: boolean = false;

  @Property({ type: 'datetime', nullable: true })
  deletedAt: Date | null = null;

  @Property()
  allowComment: boolean = false;

  @Property()
  allowFeedback: boolean = false;

  /** Bumped by page saves and deletes and by item updates (ShowDoc's `last_update_time`). */
  @Property({ type: 'datetime' })
  lastUpdateAt: Date = new Date();
}

/** A user's own folder of items (the left column of the item list). */
@Entity({ tableName: 'item_group' })
export class ItemGroup extends BaseEntity<'sNumber' | 'updatedAt'> {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ length: 100 })
  name!: string;

  @Property()
  sNumber: number = 0;

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

@Entity({ tableName: 'item_group_item' })
@Unique({ properties: ['group', 'item'] })
export class ItemGroupItem extends BaseEntity {
  @ManyToOne(() => ItemGroup, { deleteRule: 'cascade' })
  group!: ItemGroup;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;
}

/** A user's manual order of items inside one view: 0 all, -1 starred, >0 an item group. */
@Entity({ tableName: 'item_sort' })
@Unique({ properties: ['user', 'groupId', 'item'] })
export class ItemSort extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property()
  groupId!: number;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @Property()
  sNumber!: number;
}

@Entity({ tableName: 'item_star' })
@Unique({ properties: ['user', 'item'] })
export class ItemStar extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;
}

@Entity({ tableName: 'item_top' })
@Unique({ properties: ['user', 'item'] })
export class ItemTop extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;
}

/** The open-API key pair of an item (automatic documentation from scripts and CI). */
@Entity({ tableName: 'item_api_key' })
export class ItemApiKey extends BaseEntity<'lastCheckAt'> {
  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  @Unique()
  item!: Item;

  @Property({ length: 64 })
  @Unique()
  apiKey!: string;

  @Property({ length: 64 })
  apiToken!: string;

  @Property({ type: 'datetime', nullable: true })
  lastCheckAt: Date | null = null;
}

export const ChangeAction = ['create', 'update', 'delete', 'export', 'binding', 'unbound', 'drag'] as const;
export const ChangeObject = ['page', 'catalog', 'item', 'team', 'member', 'tree'] as const;

/** Who changed what in an item; the newest 300 rows per item are kept. */
@Entity({ tableName: 'item_change_log' })
@Index({ properties: ['item', 'createdAt'] })
export class ItemChangeLog extends BaseEntity<'remark'> {
  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user!: User | null;

  @Property({ length: 16 })
  actionType!: (typeof ChangeAction)[number];

  @Property({ length: 16 })
  objectType!: (typeof ChangeObject)[number];

  @Property()
  objectId!: number;

  @Property({ length: 255 })
  objectName!: string;

  @Property({ length: 255 })
  remark: string = '';
}

/**
 * A visitor's unlock of a password-protected item, tied to a session key (a hash of the login token or
 * of an anonymous visitor cookie), so GraphQL clients need not resend the password.
 */
@Entity({ tableName: 'item_visit_grant' })
@Unique({ properties: ['sessionKey', 'item'] })
export class ItemVisitGrant extends BaseEntity {
  @Property({ length: 64 })
  sessionKey!: string;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @Property({ type: 'datetime' })
  @Index()
  expiresAt!: Date;

  /** The item's `passwordVersion` when unlocked: the grant dies when the password changes. */
  @Property({ type: 'integer', default: 0 })
  passwordVersion!: number;
}

/** Exports counted for the per-user daily export quota. */
@Entity({ tableName: 'export_log' })
export class ExportLog extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @Property({ length: 16 })
  exportType!: 'word' | 'markdown' | 'html';
}

/**
 * The version of an item's menu (catalogs and page rows), changed in the transaction of every write that
 * changes what the menu shows. Readers cache the menu under it (issue #14): one tiny row, no foreign key,
 * so bumping it never locks the item row that concurrent page saves share. Each bump writes a fresh random
 * value, so a version is never reused (a restored backup or a reused item id cannot revive a cached menu).
 */
@Entity({ tableName: 'item_menu_version' })
export class ItemMenuVersion {
  @PrimaryKey({ autoincrement: false })
  itemId!: number;

  @Property({ type: new BigIntType('number') })
  version!: number;
}
