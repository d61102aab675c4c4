import type { EntityData } from '@mikro-orm/core';
import {
  leanDate,
  plainTextInline,
  type Catalog,
  type NativeSql,
  type Page,
  type User,
} from '../../../../db/src';
import type { PageRecord } from './page-read';

/** The `page` row a save locks, as the driver returns it (datetimes and booleans raw). */
export interface PageRow {
  id: number;
  created_at: Date | number;
  item_id: number;
  catalog_id: number | null;
  title: string;
  content: string;
  s_number: number;
  author_id: number | null;
  author_name: string;
  comments: string;
  ext_info: string;
  is_draft: boolean | number;
  deleted_at: Date | number | null;
  version: number;
  has_search_text: number;
}

/** What a save's checks read of the locked page. */
export interface LockedPage {
  itemId: number;
  catalogId: number | null;
  isDraft: boolean;
  authorId: number | null;
}

/** Reads a page row and locks it for the rest of the transaction (MySQL; SQLite has one writer). */
export function lockPage(sql: NativeSql, pageId: number): Promise<PageRow | undefined> {
  return sql.get<PageRow>(
    `select id, created_at, item_id, catalog_id, title, content, s_number, author_id, author_name, ` +
      `comments, ext_info, is_draft, deleted_at, version, ` +
      `case when search_text is null then 0 else 1 end as has_search_text ` +
      `from page where id = ?${sql.dialect === 'mysql' ? ' for update' : ''}`,
    [pageId],
  );
}

export function lockedPage(row: PageRow): LockedPage {
  return {
    itemId: row.item_id,
    catalogId: row.catalog_id,
    isDraft: Boolean(row.is_draft),
    authorId: row.author_id,
  };
}

/** The fields a save writes; absent ones keep their stored value. */
export interface PageWrite {
  title: string;
  content: string;
  /** A spreadsheet page's cell text, null for other pages. */
  searchText: string | null;
  /**
   * Whether the row holds the plain text (`plainTextInSearchIndex` false: MySQL); the embedded database's
   * index thread keeps it in the index file, and the save neither reads nor writes it.
   */
  plainTextInRow: boolean;
  comments: string;
  catalogId?: number | null;
  sNumber?: number;
  isDraft?: boolean;
  extInfo?: string;
  authorId: number | null;
  authorName: string;
  updatedAt: Date;
  version: number;
}

/** The row as a save leaves it, with its fields named as the entity names them. */
export interface SavedPage {
  id: number;
  createdAt: Date;
  itemId: number;
  catalogId: number | null;
  title: string;
  content: string;
  sNumber: number;
  authorName: string;
  comments: string;
  extInfo: string;
  isDraft: boolean;
  updatedAt: Date;
  version: number;
}

/**
 * The SET list of a save's UPDATE. Title, content and cell text are written only when they change:
 * naming them fires SQLite's full-text trigger (the old text's trigrams out, the new one's in), the most
 * expensive part of a save. On MySQL new content brings its plain text in the same UPDATE (issue #22's
 * snippets; reading it costs ~0.1 ms a page, less than the statement a background writer would need).
 */
export function pageChanges(
  stored: PageRow,
  write: PageWrite,
): {
  columns: string[];
  values: unknown[];
  textChanged: boolean;
  /** A long page's new content: its plain text is written after the commit (plain-text.worker.ts). */
  plainTextLater: boolean;
  row: SavedPage;
} {
  const columns: string[] = [];
  const values: unknown[] = [];
  const set = (column: string, value: unknown) => {
    columns.push(`${column} = ?`);
    values.push(value);
  };
  const titleChanged = write.title !== stored.title;
  const contentChanged = write.content !== stored.content;
  let plainTextLater = false;
  if (titleChanged) set('title', write.title);
  if (contentChanged) set('content', write.content);
  if (contentChanged && write.plainTextInRow) {
    const plain = plainTextInline(write.content, write.searchText);
    if (plain === null) columns.push('plain_text = null');
    else set('plain_text', plain);
    plainTextLater = plain === null;
  }
  const hadSearchText = Number(stored.has_search_text) === 1;
  if (write.searchText === null ? hadSearchText : contentChanged || !hadSearchText) {
    set('search_text', write.searchText);
  }
  set('comments', write.comments);
  if (write.catalogId !== undefined) set('catalog_id', write.catalogId);
  if (write.sNumber !== undefined) set('s_number', write.sNumber);
  if (write.isDraft !== undefined) set('is_draft', write.isDraft);
  if (write.extInfo !== undefined) set('ext_info', write.extInfo);
  set('author_id', write.authorId);
  set('author_name', write.authorName);
  set('updated_at', write.updatedAt);
  set('version', write.version);
  const row: SavedPage = {
    id: stored.id,
    createdAt: leanDate(stored.created_at),
    itemId: stored.item_id,
    catalogId: write.catalogId === undefined ? stored.catalog_id : write.catalogId,
    title: write.title,
    content: write.content,
    sNumber: write.sNumber ?? stored.s_number,
    authorName: write.authorName,
    comments: write.comments,
    extInfo: write.extInfo ?? stored.ext_info,
    isDraft: write.isDraft ?? Boolean(stored.is_draft),
    updatedAt: write.updatedAt,
    version: write.version,
  };
  return { columns, values, textChanged: titleChanged || contentChanged, plainTextLater, row };
}

/** The saved row as entity data (relations by the entities the save had, or by id). */
export function pageData(
  row: SavedPage,
  catalog: Catalog | null | undefined,
  author: User | null,
): EntityData<Page> {
  const { itemId, catalogId, ...fields } = row;
  return {
    ...fields,
    item: itemId,
    catalog: catalog !== undefined ? catalog : catalogId,
    author,
    deletedAt: null,
  };
}

/** The saved row as the plain page the doors shape (`PageRecord`, as a lean read gives it). */
export function pageRecordOfSaved(row: SavedPage, author: Pick<User, 'id'> | null): PageRecord {
  return {
    id: row.id,
    item: { id: row.itemId },
    catalog: row.catalogId === null ? null : { id: row.catalogId },
    author: author ? { id: author.id } : null,
    authorName: row.authorName,
    title: row.title,
    content: row.content,
    version: row.version,
    sNumber: row.sNumber,
    isDraft: row.isDraft,
    comments: row.comments,
    extInfo: row.extInfo,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: null,
  };
}
