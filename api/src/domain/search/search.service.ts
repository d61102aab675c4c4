import type { EntityManager } from '@mikro-orm/core';
import {
  gramLookup,
  leanReader,
  MAX_CATALOG_LEVEL,
  Page,
  plainTextSql,
  reindexItem,
  reindexPages,
  searchDialectOf,
  searchIndexCaughtUp,
  type LeanReader,
  type SearchDialect,
} from '../../../../db/src';
import { DomainError } from '../errors';
import type { CatalogStep } from '../catalogs/catalog-tree';
import { relatedItemRows, type LeanItem } from '../items/item-rows';
import { pageRecordOf, type PageColumns, type PageRecord } from '../pages/page-read';
import type { ItemRights, PolicyService } from '../policy/policy.service';
import { Viewer } from '../viewer';
import { itemVersions, searchCacheOf } from './search-cache';
import { findRanges, highlightedSnippet, snippetText, type TextRange } from './snippet';

/** Longer keywords are refused: nobody types them, and each costs a LIKE pattern of that size. */
export const MAX_KEYWORD_LENGTH = 200;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** `own`: the viewer's own drafts are found (item/info's menu); `none`: no drafts (REST item/search). */
export type DraftRule = 'own' | 'none';

/** An item with the viewer's rights on it, as `PolicyService.requireVisitRow` gave them in this request. */
export interface VisitedItem {
  item: LeanItem;
  rights: ItemRights;
}

/**
 * A page as search finds it: plain data from one lean read (no entity to hydrate per hit), with the
 * fields of the Page entity the doors show, relations as their ids.
 */
export interface FoundPage extends PageRecord {
  searchText: string | null;
  /** Read only for snippets (undefined otherwise); null while the page's plain text is not written. */
  plainText?: string | null;
}

export interface SearchHit {
  page: FoundPage;
  item: LeanItem;
  /** Catalogs from the top level down to the page's catalog; empty for a root page. */
  catalogPath: CatalogStep[];
  /** Raw text around the first match in the content (ShowDoc's window), '...' where it was cut. */
  snippet: string;
  highlights: TextRange[];
  titleHighlights: TextRange[];
  cursor: string;
}

export interface SearchResult {
  hits: SearchHit[];
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
  /**
   * Names this result for as long as the search cache keeps it: the same key is the same result, but for
   * the items' own fields (read per request). Null when nothing is kept (inside a transaction, a page
   * without its plain text yet, a count made apart).
   */
  resultKey: string | null;
}

export interface SearchOptions {
  itemId?: number | null;
  first?: number | null;
  after?: string | null;
}

/** Where a viewer may search: an item, limited to some top-level catalogs for a scoped member. */
interface Reach {
  itemId: number;
  catalogScope: number[] | null;
}

interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * Full-text search over page titles and contents (db/src/search/page-search-index.ts has the index of
 * each database). Permissions are part of the one SQL query: the items the viewer may read, the catalog
 * scope of a scoped member (root pages excluded then), no deleted pages, no pages under a deleted
 * catalog, no drafts of others. Pages are loaded only for the hits.
 */
export class SearchService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
  ) {}

  /**
   * The pages of one item matching `keyword`, ordered like the menu (s_number, id): item/info's keyword
   * mode and REST item/search. Visit rights as item/info (10303 on a locked item).
   */
  async searchItem(
    viewer: Viewer,
    target: number | string | VisitedItem,
    keyword: string,
    options: { drafts?: DraftRule; plainText?: boolean } = {},
  ): Promise<{ item: LeanItem; rights: ItemRights; pages: FoundPage[] }> {
    const needle = normalizeKeyword(keyword);
    // A plain row: the item screen's keyword mode and item/search show only its id and name (issue #14).
    // The item screen has asked the policy already: on MariaDB a second ask was a statement of its own.
    const { item, rights } =
      typeof target === 'object' ? target : await this.policy.requireVisitRow(viewer, target);
    const reach = [{ itemId: item.id, catalogScope: rights.catalogScope }];
    const drafts = options.drafts ?? 'own';
    const plainText = options.plainText ?? false;
    const { value: pages } = await this.cached(
      viewer,
      reach,
      ['item', needle, drafts, plainText],
      async () => {
        const { ids } = await this.matchingPageIds(viewer, needle, reach, { drafts, order: 'menu' });
        return this.loadInOrder(ids, plainText);
      },
      (found) => found,
    );
    return { item, rights, pages };
  }

  /**
   * Search across the items the viewer reads as owner or member (item or team), or within one item the
   * viewer may visit. Site admins search their own items, as their item list shows them. Title matches
   * first, then the most recently updated.
   */
  async search(viewer: Viewer, query: string, options: SearchOptions = {}): Promise<SearchResult> {
    const needle = normalizeKeyword(query);
    const first = options.first ?? DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
      throw new DomainError('BadInput', {
        en: `first must be between 1 and ${MAX_PAGE_SIZE}`,
        zh: `每页数量须在 1 到 ${MAX_PAGE_SIZE} 之间`,
      });
    }
    const offset = options.after ? decodeCursor(options.after) + 1 : 0;

    let reach: Reach[];
    const items = new Map<number, LeanItem>();
    if (options.itemId !== undefined && options.itemId !== null) {
      // A plain row, as the item list's: no entity for a read (issue #14).
      const { item, rights } = await this.policy.requireVisitRow(viewer, options.itemId);
      items.set(item.id, item);
      reach = [{ itemId: item.id, catalogScope: rights.catalogScope }];
    } else {
      // Site admins too: their own items, as their item list shows them.
      const related = viewer.userId !== undefined ? await relatedItemRows(this.em, viewer.userId, false) : [];
      for (const item of related) items.set(item.id, item);
      const rights = await this.policy.rightsMany(viewer, [...items.values()]);
      reach = [...items.values()]
        .filter((item) => rights.get(item.id)?.visit)
        .map((item) => ({ itemId: item.id, catalogScope: rights.get(item.id)?.catalogScope ?? null }));
    }

    const cached = await this.cached(
      viewer,
      reach,
      ['all', needle, first, offset],
      async () => {
        const { ids, total } = await this.matchingPageIds(viewer, needle, reach, {
          drafts: 'own',
          order: 'relevance',
          limit: first + 1,
          offset,
        });
        const pages = await this.loadInOrder(ids.slice(0, first), true);
        const paths = await this.catalogPaths(pages);
        return { pages, paths, total, hasNextPage: ids.length > first };
      },
      (found) => found.pages,
    );
    const { pages, paths, total, hasNextPage } = cached.value;
    const shaped = shapedHits(pages, paths, needle);
    const hits = shaped.flatMap((hit, index): SearchHit[] => {
      // Always there: pages are searched in the reached items only.
      const item = items.get(hit.page.item.id);
      if (!item) return [];
      // A literal of known shape (a spread of the shaped hit cost a tenth of a kept search's time).
      const { page, catalogPath, snippet, highlights, titleHighlights } = hit;
      return [
        {
          page,
          item,
          catalogPath,
          snippet,
          highlights,
          titleHighlights,
          cursor: encodeCursor(offset + index),
        },
      ];
    });
    return {
      hits,
      totalCount: total ?? (offset > 0 ? await this.countMatches(viewer, needle, reach) : 0),
      hasNextPage,
      endCursor: hits.at(-1)?.cursor ?? null,
      // A count made apart (past the last result) is not part of the kept value.
      resultKey: cached.key !== null && (total !== null || offset === 0) ? cached.key : null,
    };
  }

  /**
   * Which of `itemIds` hold a live, published page whose title or content matches `keyword`, through the
   * same index and rules as every search (the public square's content search; callers pass public items).
   */
  async itemsMatching(itemIds: number[], keyword: string): Promise<Set<number>> {
    const needle = normalizeKeyword(keyword);
    const reach = itemIds.map((itemId) => ({ itemId, catalogScope: null }));
    const { ids } = await this.matchingPageIds(Viewer.anonymous(), needle, reach, {
      drafts: 'none',
      order: 'menu',
    });
    if (ids.length === 0) return new Set();
    const pages = await this.em.find(Page, { id: { $in: ids } }, { fields: ['item'] });
    return new Set(pages.map((page) => page.item.id));
  }

  /** For bulk page writes done with native queries (MySQL; SQLite's triggers need nothing). */
  reindexItem(itemId: number): Promise<void> {
    return reindexItem(this.em, itemId);
  }

  reindexPages(pageIds: Iterable<number>): Promise<void> {
    return reindexPages(this.em, pageIds);
  }

  /**
   * `build`'s result from the search cache, under the versions of the reached items, the viewer's part
   * of the rules (whose drafts, which catalog scope) and `key`. Not inside a transaction (its own writes
   * are not in the versions yet), and a result holding a page without its plain text is not kept (the
   * text is written after the save, without a new version, and changes the snippet). `key` is the cache's
   * key when the cache keeps the result, null when it was served once.
   */
  private async cached<T>(
    viewer: Viewer,
    reach: Reach[],
    key: Array<string | number | boolean>,
    build: () => Promise<T>,
    pagesOf: (value: T) => FoundPage[],
  ): Promise<{ value: T; key: string | null }> {
    const uncached = async () => ({ value: await build(), key: null });
    if (this.em.isInTransaction()) return uncached();
    const versions = await itemVersions(
      this.em,
      reach.map((r) => r.itemId),
    );
    if (versions === null) return uncached();
    const scopes = reach.map((r) => `${r.itemId}:${r.catalogScope?.join('.') ?? '*'}`).join(',');
    const fullKey = JSON.stringify([versions, viewer.userId ?? 0, scopes, ...key]);
    const { value, kept } = await searchCacheOf(this.em).get(fullKey, build, (found) => {
      const pages = pagesOf(found);
      return pages.some((page) => page.plainText === null && page.searchText === null) ? null : pages.length;
    });
    return { value, key: kept ? fullKey : null };
  }

  private async countMatches(viewer: Viewer, needle: string, reach: Reach[]): Promise<number> {
    const { ids } = await this.matchingPageIds(viewer, needle, reach, { drafts: 'own', order: 'menu' });
    return ids.length;
  }

  /**
   * The one query: live catalogs of the searched items (a recursive walk from the top level that stops
   * at deleted catalogs), the index lookup of the dialect, and every permission rule as SQL conditions.
   */
  private async matchingPageIds(
    viewer: Viewer,
    needle: string,
    reach: Reach[],
    options: { drafts: DraftRule; order: 'menu' | 'relevance'; limit?: number; offset?: number },
  ): Promise<{ ids: number[]; total: number | null }> {
    if (reach.length === 0) return { ids: [], total: 0 };
    const dialect = searchDialectOf(this.em);
    const itemIds = reach.map((r) => r.itemId);
    const itemList = itemIds.map(() => '?').join(', ');
    const parts: SqlPart[] = [];
    const add = (sql: string, ...params: unknown[]) => parts.push({ sql, params });

    add(
      `with recursive live_catalog (id, top_id) as (
        select c.id, c.id from catalog c where c.item_id in (${itemList}) and c.parent_id is null and c.deleted_at is null
        union all
        select c.id, t.top_id from catalog c join live_catalog t on c.parent_id = t.id where c.deleted_at is null
      )`,
      ...itemIds,
    );
    const paged = options.limit !== undefined;
    const pattern = `%${escapeLike(dialect === 'mysql' ? foldForSql(needle) : needle)}%`;
    const reader = leanReader(this.em);
    const indexed = dialect === 'sqlite' && (await searchIndexCaughtUp(this.em));
    const match = await matchCondition(reader, dialect, indexed, needle, pattern, itemIds);
    // MySQL: straight_join reads the (small) candidate set first and pages by primary key; left alone,
    // MariaDB scans every page of the items and runs the LIKE on each before looking at the candidates.
    add(`select ${match.from ? 'straight_join ' : ''}p.id${paged ? ', count(*) over () as total' : ''}`);
    if (match.from)
      parts.push({
        sql: `from ${match.from.sql} join page p on p.id = cand.page_id`,
        params: match.from.params,
      });
    else add('from page p');
    add('left join live_catalog lc on lc.id = p.catalog_id');
    add(`where p.item_id in (${itemList}) and p.deleted_at is null`, ...itemIds);
    add('and (p.catalog_id is null or lc.id is not null)');
    const viewerId = viewer.userId;
    if (options.drafts === 'own' && viewerId) add('and (p.is_draft = 0 or p.author_id = ?)', viewerId);
    else add('and p.is_draft = 0');

    const unscoped = reach.filter((r) => r.catalogScope === null).map((r) => r.itemId);
    const scoped = reach.filter((r) => r.catalogScope !== null && r.catalogScope.length > 0);
    const allowed: SqlPart[] = [];
    if (unscoped.length)
      allowed.push({ sql: `p.item_id in (${unscoped.map(() => '?').join(', ')})`, params: unscoped });
    for (const r of scoped) {
      const scope = r.catalogScope!;
      allowed.push({
        sql: `(p.item_id = ? and lc.top_id in (${scope.map(() => '?').join(', ')}))`,
        params: [r.itemId, ...scope],
      });
    }
    if (allowed.length === 0) return { ids: [], total: 0 };
    add(`and (${allowed.map((a) => a.sql).join(' or ')})`, ...allowed.flatMap((a) => a.params));

    parts.push(match.where);

    if (options.order === 'menu') {
      add('order by p.s_number, p.id');
    } else {
      const titleHit =
        dialect === 'mysql'
          ? `lower(p.title) collate utf8mb4_bin like lower(?)`
          : `p.title like ? escape '\\'`;
      add(`order by case when ${titleHit} then 0 else 1 end, p.updated_at desc, p.id desc`, pattern);
    }
    // Integers checked by the callers: inlined, as MySQL wants LIMIT numbers rather than strings.
    if (paged) add(`limit ${Math.trunc(options.limit!)} offset ${Math.trunc(options.offset ?? 0)}`);

    const rows = await reader.all<{ id: number | string; total?: number | string }>(
      parts.map((p) => p.sql).join('\n'),
      parts.flatMap((p) => p.params),
    );
    const total = paged ? (rows.length ? Number(rows[0]!.total) : null) : rows.length;
    return { ids: rows.map((r) => Number(r.id)), total };
  }

  /** The pages of `ids` in that order; `plainText`: with the text snippets are cut from (a lazy column). */
  private async loadInOrder(ids: number[], plainText = false): Promise<FoundPage[]> {
    if (ids.length === 0) return [];
    const text = plainText ? plainTextSql(this.em) : null;
    const rows = await leanReader(this.em).all<PageRow>(
      `select ${PAGE_COLUMNS}${text ? `, ${text.column}` : ''} from page ${text?.join ?? ''} ` +
        `where page.id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [foundPage(row, plainText)] : [];
    });
  }

  /** The catalogs from the top level down to each page's catalog, in one query up the tree. */
  private async catalogPaths(pages: FoundPage[]): Promise<Map<number, CatalogStep[]>> {
    const starts = [...new Set(pages.flatMap((p) => (p.catalog ? [p.catalog.id] : [])))];
    const paths = new Map<number, CatalogStep[]>();
    if (starts.length === 0) return paths;
    const rows = await leanReader(this.em).all<{ start_id: number; name: string; id: number }>(
      `with recursive up (start_id, id, parent_id, name, depth) as (
         select id, id, parent_id, name, 0 from catalog where id in (${starts.map(() => '?').join(', ')})
         union all
         select up.start_id, c.id, c.parent_id, c.name, up.depth + 1 from catalog c join up on c.id = up.parent_id
         where up.depth < ?
       )
       select start_id, id, name from up order by start_id, depth desc`,
      [...starts, MAX_CATALOG_LEVEL * 4],
    );
    for (const row of rows) {
      const path = paths.get(Number(row.start_id)) ?? [];
      path.push({ id: Number(row.id), name: row.name });
      paths.set(Number(row.start_id), path);
    }
    return paths;
  }
}

type ShapedHit = Omit<SearchHit, 'item' | 'cursor'>;

/** Snippets and highlights of a result's pages, kept with the result while the search cache keeps it. */
const shapedByResult = new WeakMap<FoundPage[], ShapedHit[]>();

function shapedHits(pages: FoundPage[], paths: Map<number, CatalogStep[]>, needle: string): ShapedHit[] {
  let shaped = shapedByResult.get(pages);
  if (!shaped) {
    shaped = pages.map((page) => {
      const snippet = highlightedSnippet(snippetText(page, needle), needle);
      return {
        page,
        catalogPath: page.catalog ? (paths.get(page.catalog.id) ?? []) : [],
        snippet: snippet.text,
        highlights: snippet.highlights,
        titleHighlights: findRanges(page.title, needle),
      };
    });
    // One result array is one needle (the cache's key holds it).
    shapedByResult.set(pages, shaped);
  }
  return shaped;
}

/** The columns of `page` a FoundPage holds (the plain text is asked for apart: it is long and lazy). */
const PAGE_COLUMNS =
  'id, item_id, catalog_id, author_id, title, content, s_number, author_name, comments, ext_info, is_draft, deleted_at, created_at, updated_at, version, search_text';

interface PageRow extends PageColumns {
  search_text: string | null;
  plain_text?: string | null;
}

function foundPage(row: PageRow, plainText: boolean): FoundPage {
  return {
    ...pageRecordOf(row),
    searchText: row.search_text,
    ...(plainText && { plainText: row.plain_text ?? null }),
  };
}

/**
 * The dialect's index lookup plus the exact check. SQLite: FTS5 MATCH of the quoted phrase (a trigram
 * phrase is a substring match) for 3+ characters; 1 or 2 characters (frequent in Chinese) through the
 * trigrams that start with them (shortWordTrigrams), then LIKE (ASCII case-insensitive) on those pages,
 * or on every page of the items when the index cannot narrow them down. MySQL: postings of every trigram
 * (or the 1-2 character prefix range), intersected per page, and the pages still queued for the gram
 * indexer, then the exact substring of the lower-cased title or content, compared binary so that accents
 * and widths are not folded.
 */
async function matchCondition(
  reader: LeanReader,
  dialect: SearchDialect,
  /** SQLite: the index holds every committed change (its thread caught up); without it, LIKE alone. */
  indexed: boolean,
  needle: string,
  pattern: string,
  itemIds: number[],
): Promise<{ from?: SqlPart; where: SqlPart }> {
  if (dialect === 'sqlite') {
    const like = {
      sql: `(p.title like ? escape '\\' or coalesce(p.search_text, p.content) like ? escape '\\')`,
      params: [pattern, pattern],
    };
    if (!indexed) return { where: { sql: `and ${like.sql}`, params: like.params } };
    if (Array.from(needle).length >= 3) {
      return {
        where: {
          sql: 'and p.id in (select rowid from search.page_fts where page_fts match ?)',
          params: [ftsPhrase(needle)],
        },
      };
    }
    const trigrams = await shortWordTrigrams(reader, needle);
    if (trigrams === null) return { where: { sql: `and ${like.sql}`, params: like.params } };
    if (trigrams.length === 0) return { where: { sql: 'and 0', params: [] } };
    return {
      where: {
        sql: `and p.id in (select rowid from search.page_fts where page_fts match ?) and ${like.sql}`,
        params: [trigrams.map(ftsPhrase).join(' OR '), ...like.params],
      },
    };
  }
  const lookup = gramLookup(needle);
  const items = itemIds.map(() => '?').join(', ');
  // Grams are integers computed by gramLookup: inlined.
  const postings =
    lookup.kind === 'all'
      ? `select g.page_id from page_search_gram g where g.item in (${items}) and g.gram in (${lookup.grams.join(', ')}) group by g.page_id having count(*) = ${lookup.grams.length}`
      : `select distinct g.page_id from page_search_gram g where g.item in (${items}) and g.gram between ${lookup.from} and ${lookup.to}`;
  // Pages saved since the gram indexer last ran (page-search-index.ts) are candidates too: the check below
  // reads their stored text, so a committed save is found before its postings are written.
  const queued = `select q.page_id from page_search_queue q join page qp on qp.id = q.page_id where qp.item_id in (${items})`;
  // MySQL's LIKE escapes with a backslash by default (a '\\' literal would need NO_BACKSLASH_ESCAPES off).
  return {
    from: { sql: `(${postings} union ${queued}) cand`, params: [...itemIds, ...itemIds] },
    where: {
      sql: 'and (lower(p.title) collate utf8mb4_bin like lower(?) or lower(coalesce(p.search_text, p.content)) collate utf8mb4_bin like lower(?))',
      params: [pattern, pattern],
    },
  };
}

/** A word as an FTS5 phrase (a trigram phrase matches as a substring). */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Past this many trigrams, or pages holding them, a short word is common: the LIKE scan costs no more. */
const SHORT_WORD_MAX_TRIGRAMS = 100;
const SHORT_WORD_MAX_PAGES = 1_000;
const LAST_CODE_POINT = '\u{10FFFF}';

/**
 * The trigrams of the SQLite index that start with a 1- or 2-character word (every character of an
 * indexed text starts one: the index's texts end with two line feeds), as the trigram tokenizer folds
 * them; null when the index does not help: a word of letters with a case beyond ASCII (the tokenizer's
 * folding and LIKE's differ there) or a common word.
 */
async function shortWordTrigrams(reader: LeanReader, needle: string): Promise<string[] | null> {
  const chars = Array.from(needle);
  if (!chars.every((ch) => ch.charCodeAt(0) < 0x80 || ch.toLowerCase() === ch.toUpperCase())) return null;
  const folded = needle.toLowerCase();
  const rows = await reader.all<{ term: string; doc: number }>(
    `select term, doc from search.page_fts_terms where term >= ? and term <= ? limit ${SHORT_WORD_MAX_TRIGRAMS + 1}`,
    [folded, folded + LAST_CODE_POINT.repeat(3 - chars.length)],
  );
  const pages = rows.reduce((sum, row) => sum + Number(row.doc), 0);
  if (rows.length > SHORT_WORD_MAX_TRIGRAMS || pages > SHORT_WORD_MAX_PAGES) return null;
  return rows.map((row) => row.term);
}

/** The keyword as searched: trimmed (ShowDoc trims), not empty, not absurdly long. */
export function normalizeKeyword(keyword: string): string {
  const needle = keyword.trim();
  if (!needle)
    throw new DomainError('BadInput', { en: 'Type something to search for', zh: '请输入搜索关键词' });
  if (Array.from(needle).length > MAX_KEYWORD_LENGTH) {
    throw new DomainError('BadInput', {
      en: `Search for at most ${MAX_KEYWORD_LENGTH} characters`,
      zh: `搜索关键词最多 ${MAX_KEYWORD_LENGTH} 个字符`,
    });
  }
  return needle;
}

function foldForSql(text: string): string {
  return text.toLowerCase();
}

/** LIKE treats % and _ as wildcards: escape them (and the escape character) to search them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Cursors of the first offsets, made once. */
const cursors: string[] = [];

function encodeCursor(offset: number): string {
  if (offset < 1_000) return (cursors[offset] ??= Buffer.from(`search:${offset}`).toString('base64url'));
  return Buffer.from(`search:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^search:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new DomainError('BadInput', { en: 'The cursor is not valid', zh: '分页游标无效' });
  return Number(match[1]);
}
