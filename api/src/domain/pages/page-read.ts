import type { EntityManager } from '@mikro-orm/core';
import { BaseSqlitePlatform } from '@mikro-orm/knex';
import { leanDate, leanReader, MAX_CATALOG_LEVEL } from '../../../../db/src';
import type { CatalogStep } from '../catalogs/catalog-tree';
import { itemRow } from '../items/item-rows';

/**
 * A page as a reader gets it, read as plain data: the fields of the `Page` entity, relations by id only
 * (so a `Page` entity is one too, and the doors shape both alike).
 */
export interface PageRecord {
  id: number;
  item: { id: number };
  catalog: { id: number } | null;
  author: { id: number } | null;
  authorName: string;
  title: string;
  content: string;
  version: number;
  sNumber: number;
  isDraft: boolean;
  comments: string;
  extInfo: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** The page's item as the policy and the doors read it. */
export interface PageItem {
  id: number;
  type: number;
  owner: { id: number };
  password: string;
  passwordVersion: number;
  isArchived: boolean;
  deletedAt: Date | null;
}

/** A live page with its item, its attachment count and its share link, from one query. */
export interface PageRead {
  page: PageRecord;
  item: PageItem;
  attachmentCount: number;
  /** The page's share link, live or expired; null for none. */
  link: { uniqueKey: string; expiresAt: Date | null } | null;
  /**
   * The page's live catalogs from the top level down (`loadCatalogSteps`): empty at the item's root, null
   * when the chain is broken (a catalog missing, deleted or in another item).
   */
  path: CatalogStep[] | null;
}

/**
 * A page's columns as the driver returns them (SQLite gives booleans as 0/1 and datetimes as epoch ms,
 * MySQL datetimes as UTC text): what every lean page read selects.
 */
export interface PageColumns {
  id: number;
  item_id: number;
  catalog_id: number | null;
  author_id: number | null;
  author_name: string;
  title: string;
  content: string;
  version: number;
  s_number: number;
  is_draft: number | boolean;
  comments: string;
  ext_info: string;
  created_at: unknown;
  updated_at: unknown;
  /** Absent where the read only takes live pages. */
  deleted_at?: unknown;
}

const idRef = (value: number | null) => (value === null ? null : { id: Number(value) });

/** A lean page row as the plain page the doors shape (like the entity). */
export function pageRecordOf(row: PageColumns): PageRecord {
  return {
    id: Number(row.id),
    item: { id: Number(row.item_id) },
    catalog: idRef(row.catalog_id),
    author: idRef(row.author_id),
    authorName: row.author_name,
    title: row.title,
    content: row.content,
    version: Number(row.version),
    sNumber: Number(row.s_number),
    isDraft: Boolean(Number(row.is_draft)),
    comments: row.comments,
    extInfo: row.ext_info,
    createdAt: leanDate(row.created_at),
    updatedAt: leanDate(row.updated_at),
    deletedAt: row.deleted_at === null || row.deleted_at === undefined ? null : leanDate(row.deleted_at),
  };
}

interface Row extends PageColumns {
  item_type: number;
  owner_id: number;
  /** SQLite only: on MariaDB the row may be kept in Redis, where a visit password must not go. */
  password?: string;
  password_version: number;
  is_archived: number | boolean;
  item_deleted_at: Date | number | null;
  attachment_count: number | string;
  unique_key: string | null;
  expires_at: Date | number | null;
  /** `[[id, name, parent_id], …]` of the chain as JSON text (MySQL's JSON type: parsed); null or `[]` for none. */
  steps: string | Array<[number, string, number | null]> | null;
}

const jsonSteps = (sqlite: boolean) =>
  sqlite
    ? 'json_group_array(json_array(c.id, c.name, c.parent_id))'
    : 'json_arrayagg(json_array(c.id, c.name, c.parent_id))';

/** The chain of the page's catalog goes with the page (one round trip on MariaDB; issue #14). */
const pageReadSql = (sqlite: boolean) => `with recursive chain (id, parent_id, item_id, depth) as (
    select c.id, c.parent_id, c.item_id, 0 from page p join catalog c on c.id = p.catalog_id and c.item_id = p.item_id
      where p.id = ? and c.deleted_at is null
    union all
    select c.id, c.parent_id, c.item_id, chain.depth + 1 from chain
      join catalog c on c.id = chain.parent_id and c.item_id = chain.item_id
      where c.deleted_at is null and chain.depth < ?
  )
  select p.id, p.item_id, p.catalog_id, p.author_id, p.author_name, p.title, p.content,
    p.version, p.s_number, p.is_draft, p.comments, p.ext_info, p.created_at, p.updated_at,
    i.type as item_type, i.owner_id, ${sqlite ? 'i.password, ' : ''}i.password_version, i.is_archived,
    i.deleted_at as item_deleted_at,
    (select count(*) from attachment_page a where a.page_id = p.id) as attachment_count,
    l.unique_key, l.expires_at,
    (select ${jsonSteps(sqlite)} from chain join catalog c on c.id = chain.id) as steps
  from page p join item i on i.id = p.item_id left join single_page_link l on l.page_id = p.id
  where p.id = ? and p.deleted_at is null`;
const PAGE_READ_SQL = { sqlite: pageReadSql(true), mysql: pageReadSql(false) };
/** As `loadCatalogSteps` bounds its walk. */
const CHAIN_BOUND = MAX_CATALOG_LEVEL * 4;

/**
 * A live (not deleted) page with what its readers are shown beside it, its catalog path too, in one lean query (every page
 * read; issue #14); null when there is none. Nothing is checked here: the policy decides on the result.
 */
export async function readPage(em: EntityManager, pageId: number): Promise<PageRead | null> {
  const sqlite = em.getPlatform() instanceof BaseSqlitePlatform;
  const row = await leanReader(em).getShared<Row>(
    `page:${pageId}`,
    sqlite ? PAGE_READ_SQL.sqlite : PAGE_READ_SQL.mysql,
    [pageId, CHAIN_BOUND + 1, pageId],
  );
  if (!row) return null;
  // MariaDB: the item's visit password from its kept row (the policy's too), never in Redis with the page row.
  const password = row.password ?? (await itemRow(em, { id: Number(row.item_id) }))?.password ?? '';
  return {
    page: pageRecordOf(row),
    item: {
      id: Number(row.item_id),
      type: Number(row.item_type),
      owner: { id: Number(row.owner_id) },
      password,
      passwordVersion: Number(row.password_version),
      isArchived: Boolean(row.is_archived),
      deletedAt: row.item_deleted_at === null ? null : leanDate(row.item_deleted_at),
    },
    attachmentCount: Number(row.attachment_count),
    link:
      row.unique_key === null
        ? null
        : {
            uniqueKey: row.unique_key,
            expiresAt: row.expires_at === null ? null : leanDate(row.expires_at),
          },
    path: row.catalog_id === null ? [] : pathOf(Number(row.catalog_id), row.steps),
  };
}

/** The steps from the top level down to `catalogId`, walked as `loadCatalogSteps` walks them. */
function pathOf(catalogId: number, steps: Row['steps']): CatalogStep[] | null {
  const rows = typeof steps === 'string' ? (JSON.parse(steps) as Exclude<Row['steps'], string>) : steps;
  const byId = new Map((rows ?? []).map(([id, name, parentId]) => [Number(id), { name, parentId }]));
  const path: CatalogStep[] = [];
  let id: number | null = catalogId;
  while (id !== null) {
    const step = byId.get(id);
    if (!step || path.length > CHAIN_BOUND) return null;
    path.unshift({ id, name: step.name });
    id = step.parentId === null ? null : Number(step.parentId);
  }
  return path;
}
