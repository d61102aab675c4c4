import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';
import { Item } from './item';
import { Page } from './page';
import { User } from './user';

/** An uploaded file (ShowDoc's `upload_file`); the bytes live on disk or in an S3 bucket. */
@Entity({ tableName: 'attachment' })
@Index({ properties: ['uploader', 'createdAt'] })
export class Attachment extends BaseEntity<'visitTimes' | 'lastVisitAt' | 'item'> {
  @Property({ length: 64 })
  @Unique()
  sign!: string;

  @Property({ length: 255 })
  displayName!: string;

  @Property({ length: 128 })
  fileType!: string;

  @Property({ type: 'bigint' })
  fileSize!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  uploader!: User;

  @ManyToOne(() => Item, { nullable: true, deleteRule: 'set null' })
  item: Item | null = null;

  /** Where the bytes are: a path under the uploads folder or an object key in the bucket. */
  @Property({ length: 500 })
  storageKey!: string;

  @Property()
  visitTimes: number = 0;

  @Property({ type: 'datetime', nullable: true })
  lastVisitAt: Date | null = null;
}

/** Attachment shown on a page (a file can be bound to several pages). */
@Entity({ tableName: 'attachment_page' })
@Unique({ properties: ['attachment', 'page'] })
export class AttachmentPage extends BaseEntity {
  @ManyToOne(() => Attachment, { deleteRule: 'cascade' })
  attachment!: Attachment;

  @ManyToOne(() => Item, { deleteRule: 'cascade' })
  item!: Item;

  @ManyToOne(() => Page, { deleteRule: 'cascade' })
  page!: Page;
}

/** Bytes served per user per month (`used_flow_m` in attachment lists). */
@Entity({ tableName: 'file_flow' })
@Unique({ properties: ['user', 'month'] })
export class FileFlow extends BaseEntity<'used'> {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ length: 7 })
  month!: string;

  @Property({ type: 'bigint' })
  used: number = 0;
}
