import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { Page as PageEntity } from '../../../../db/src';
import type { CatalogStep, PageRecord, PageView } from '../../domain';

@ObjectType({ description: 'A catalog above a page' })
export class CatalogRef {
  @Field(() => Int, { description: "Catalog id (ShowDoc's `cat_id`)" })
  id!: number;

  @Field({ description: 'Catalog name' })
  name!: string;

  static from(catalog: CatalogStep): CatalogRef {
    return Object.assign(new CatalogRef(), { id: catalog.id, name: catalog.name });
  }
}

@ObjectType({ description: 'A page: markdown as written, with its version for safe concurrent editing' })
export class Page {
  @Field(() => Int, { description: "Page id (ShowDoc's `page_id`)" })
  id!: number;

  @Field(() => Int, { description: "Item of the page (ShowDoc's `item_id`)" })
  itemId!: number;

  @Field(() => Int, { nullable: true, description: 'null at the item root' })
  catalogId!: number | null;

  @Field({ description: "Page title (ShowDoc's `page_title`)" })
  title!: string;

  @Field({ description: 'Markdown (or the JSON of an API document) as written' })
  content!: string;

  @Field(() => Int, { description: 'Incremented by every save; send it back as `baseVersion`' })
  version!: number;

  @Field(() => Int, { description: "Sort order among siblings, ascending (ShowDoc's `s_number`)" })
  sNumber!: number;

  @Field({ description: 'A draft is visible only to its author' })
  isDraft!: boolean;

  @Field({ description: 'The note of the last change' })
  comments!: string;

  @Field(() => Int, { nullable: true, description: 'The last editor' })
  authorId!: number | null;

  @Field({ description: "The last editor's username" })
  authorName!: string;

  @Field({ description: 'When the page was created (ISO 8601)' })
  createdAt!: Date;

  @Field({ description: 'When the current version was saved' })
  updatedAt!: Date;

  /** Known when read through `page`; otherwise resolved. */
  knownPath?: CatalogRef[];

  /** The item's type, known when read through `page`; otherwise resolved. */
  knownItemType?: number;

  @Field(() => Int, { nullable: true, description: 'Attachments shown on the page (when read with `page`)' })
  attachmentCount!: number | null;

  /** The entity it was made from; `page` and search hits read plain data (PageRecord, FoundPage extends it). */
  entity?: PageEntity;

  static from(page: PageEntity | PageRecord): Page {
    return Object.assign(new Page(), {
      id: page.id,
      itemId: page.item.id,
      catalogId: page.catalog?.id ?? null,
      title: page.title,
      content: page.content,
      version: page.version,
      sNumber: page.sNumber,
      isDraft: page.isDraft,
      comments: page.comments,
      authorId: page.author?.id ?? null,
      authorName: page.authorName,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      attachmentCount: null,
      entity: page instanceof PageEntity ? page : undefined,
    });
  }

  static fromView(view: PageView): Page {
    return Object.assign(Page.from(view.page), {
      knownPath: view.path.map(CatalogRef.from),
      knownItemType: view.item.type,
      attachmentCount: view.attachmentCount,
    });
  }
}

@InputType({ description: 'A page to create or update (ShowDoc page/save)' })
export class SavePageInput {
  @Field(() => Int, { nullable: true, description: 'Absent: create a page' })
  id?: number | null;

  @Field(() => Int, { description: "Item of the page (ShowDoc's `item_id`)" })
  itemId!: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Absent: unchanged (the root for a new page); null: the item root',
  })
  catalogId?: number | null;

  @Field({ description: 'Page title' })
  title!: string;

  @Field({ description: 'Markdown as written; required' })
  content!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you started from: a newer saved version fails with VERSION_CONFLICT',
  })
  baseVersion?: number | null;

  @Field(() => String, { nullable: true, description: 'A note about this change' })
  comments?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Absent: unchanged (not a draft for a new page)' })
  isDraft?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Absent: unchanged (99 for a new page)' })
  sNumber?: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Save and notify: the page's subscribers get this text as a reminder of the update (ignored when creating)",
  })
  notifyText?: string | null;
}

@InputType({ description: 'Copies a page you may read into an item (and catalog) you may edit' })
export class CopyPageInput {
  @Field(() => Int, { description: 'Page to copy' })
  pageId!: number;

  @Field(() => Int, { description: 'The item the copy goes to (the same item or another)' })
  toItemId!: number;

  @Field(() => Int, { nullable: true, description: 'Absent or null: the root of the target item' })
  catalogId?: number | null;

  @Field(() => String, { nullable: true, description: "Absent: the source page's title" })
  title?: string | null;
}

@InputType({ description: 'New sort order of one page' })
export class PageOrderInput {
  @Field(() => Int, { description: 'The page' })
  pageId!: number;

  @Field(() => Int, { description: "New sort order, ascending (ShowDoc's `s_number`)" })
  sNumber!: number;
}
