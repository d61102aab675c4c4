// ShowDoc's row shapes of catalogs and pages (compat-api §0.9, compat-notes §4): content is stored as
// written and HTML-escaped only on its way out.
import type { CatalogNode, MenuCatalog, MenuPage } from '../../../api/src/domain';
import type { Catalog, Page } from '../../../db/src';
import { escapeHtml, localTime, RawJson, s, ts, type Wire } from '../wire';

export type Row = { [key: string]: Wire };

/** ShowDoc counts catalog levels from the item root: its top level is 2 where Quire's is 1. */
export const wireLevel = (level: number): string => s(level + 1);

/** CatalogRow: `cat_id, cat_name, item_id, s_number, addtime, parent_cat_id, level`, all strings. */
export function catalogRow(
  catalog: Pick<Catalog, 'id' | 'name' | 'sNumber' | 'createdAt'> & {
    item: { id: number };
    parent: { id: number } | null;
  },
  level: number,
  options: { time?: 'ts' | 'local'; name?: string } = {},
): Row {
  return {
    cat_id: s(catalog.id),
    cat_name: options.name ?? catalog.name,
    item_id: s(catalog.item.id),
    s_number: s(catalog.sNumber),
    addtime: options.time === 'local' ? localTime(catalog.createdAt) : ts(catalog.createdAt),
    parent_cat_id: s(catalog.parent?.id ?? 0),
    level: wireLevel(level),
  };
}

/** `catListGroup`'s nodes: CatalogRow (local time) with `sub`, recursively. */
export function catalogGroupRow(node: CatalogNode): Row {
  return {
    ...catalogRow(node.catalog, node.level, { time: 'local' }),
    sub: node.children.map(catalogGroupRow),
  };
}

/**
 * Rows of menu objects, kept as long as the objects: the domain's menu cache hands out the same objects
 * until the menu changes, so a large menu is shaped once, not per request (issue #14). Never mutate a row.
 */
const menuRows = new WeakMap<object, Row>();
function memo<T extends object>(of: T, shape: (of: T) => Row): Row {
  let row = menuRows.get(of);
  if (!row) {
    row = shape(of);
    menuRows.set(of, row);
  }
  return row;
}

/** MenuPage: `page_id, author_uid, cat_id, page_title, addtime, ext_info, is_draft`. */
export function menuPageRow(page: MenuPage): Row {
  return memo(page, shapeMenuPage);
}

function shapeMenuPage(page: MenuPage): Row {
  return {
    page_id: s(page.id),
    author_uid: s(page.authorId ?? 0),
    cat_id: s(page.catalogId ?? 0),
    page_title: page.title,
    addtime: ts(page.updatedAt),
    ext_info: page.extInfo,
    is_draft: s(page.isDraft),
  };
}

/** A menu catalog: CatalogRow (unix time) with its `pages` and child `catalogs`. */
export function menuCatalogRow(node: MenuCatalog): Row {
  return memo(node, shapeMenuCatalog);
}

function shapeMenuCatalog(node: MenuCatalog): Row {
  return {
    ...catalogRow(node.catalog, node.level),
    pages: node.pages.map(menuPageRow),
    catalogs: node.catalogs.map(menuCatalogRow),
  };
}

/**
 * JSON text of menu objects, kept as long as the objects (see `memo`): the domain hands out the stored
 * menu's own objects, or copies it keeps per menu version, to every viewer who sees them the same, so
 * a 2,000-page menu is serialised once per version, not once per request (issue #14).
 */
const menuTexts = new WeakMap<object, string>();
function memoText<T extends object>(of: T, text: (of: T) => string): string {
  let json = menuTexts.get(of);
  if (json === undefined) {
    json = text(of);
    menuTexts.set(of, json);
  }
  return json;
}

const pageText = (page: MenuPage) => memoText(page, (p) => JSON.stringify(menuPageRow(p)));

/**
 * menuCatalogRow's JSON made of its parts' kept texts: a new version of a menu keeps the objects of what
 * did not change (menu.ts), so after a save only the saved page and the catalogs above it are serialised.
 */
const catalogText = (node: MenuCatalog): string =>
  memoText(node, (n) => {
    const head = JSON.stringify(catalogRow(n.catalog, n.level));
    const pages = n.pages.map(pageText).join(',');
    return `${head.slice(0, -1)},"pages":[${pages}],"catalogs":[${n.catalogs.map(catalogText).join(',')}]}`;
  });

/** Menu texts by their lists' identity: (root pages, top catalogs) as the domain keeps them. */
const menuJsonByLists = new WeakMap<object, WeakMap<object, RawJson>>();

/**
 * `item/info`'s `menu` (`{pages, catalogs}` of menu rows) as JSON text made of the parts' kept texts; the
 * whole text (and its bytes) kept too when both lists are ones the domain keeps (most readers).
 */
export function menuJson(menu: { pages: MenuPage[]; catalogs: MenuCatalog[] }): RawJson {
  let byCatalogs = menuJsonByLists.get(menu.pages);
  let raw = byCatalogs?.get(menu.catalogs);
  if (!raw) {
    const pages = memoText(menu.pages, (list) => `[${list.map(pageText).join(',')}]`);
    raw = new RawJson(`{"pages":${pages},"catalogs":[${menu.catalogs.map(catalogText).join(',')}]}`);
    if (!byCatalogs) menuJsonByLists.set(menu.pages, (byCatalogs = new WeakMap()));
    byCatalogs.set(menu.catalogs, raw);
  }
  return raw;
}

const searchMenuTexts = new WeakMap<object, RawJson>();

/**
 * `item/info`'s `menu` in search mode (`{pages, catalogs: []}` of full PageRows) as JSON text, kept as long
 * as the list: the domain's search cache hands the same list to every viewer who gets that result, so
 * the escaping and serialising of the found contents is done once per result, not per request.
 */
export function searchMenuJson(pages: readonly PageRowSource[]): RawJson {
  let raw = searchMenuTexts.get(pages);
  if (!raw) {
    raw = new RawJson(`{"pages":${JSON.stringify(pages.map((page) => pageRow(page)))},"catalogs":[]}`);
    searchMenuTexts.set(pages, raw);
  }
  return raw;
}

/** What a PageRow shows of a page: a Page entity, or a page search found (plain data). */
export type PageRowSource = Pick<
  Page,
  | 'id'
  | 'authorName'
  | 'title'
  | 'content'
  | 'sNumber'
  | 'updatedAt'
  | 'comments'
  | 'deletedAt'
  | 'createdAt'
  | 'extInfo'
  | 'isDraft'
> & { item: { id: number }; catalog: { id: number } | null; author: { id: number } | null };

/**
 * PageRow (compat-api §0.9) with ShowDoc's HTML-escaped content. `addtime` is the last save,
 * `page_addtime` the creation; both unix seconds unless `time` is 'local'.
 */
export function pageRow(page: PageRowSource, time: 'ts' | 'local' = 'ts'): Row {
  const format = time === 'local' ? localTime : ts;
  return {
    page_id: s(page.id),
    author_uid: s(page.author?.id ?? 0),
    author_username: page.authorName,
    item_id: s(page.item.id),
    cat_id: s(page.catalog?.id ?? 0),
    page_title: page.title,
    page_content: escapeHtml(page.content),
    s_number: s(page.sNumber),
    addtime: format(page.updatedAt),
    page_comments: page.comments,
    is_del: s(page.deletedAt !== null),
    page_addtime: format(page.createdAt),
    ext_info: page.extInfo,
    is_draft: s(page.isDraft),
  };
}
