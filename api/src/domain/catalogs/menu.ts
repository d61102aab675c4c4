import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/core';
import { leanReader } from '../../../../db/src';
import { PolicyService, type ItemRights } from '../policy/policy.service';
import { pageVisibleInScope } from '../policy/scope';
import type { Viewer } from '../viewer';
import { bySNumber, CatalogTree } from './catalog-tree';
import { menuCacheOf, menuVersion } from './menu-cache';

/** A page as the menu shows it: no content. */
export interface MenuPage {
  id: number;
  itemId: number;
  catalogId: number | null;
  title: string;
  sNumber: number;
  isDraft: boolean;
  authorId: number | null;
  authorName: string;
  updatedAt: Date;
  extInfo: string;
}

/** A catalog as the menu shows it: plain data (the menu cache outlives every EntityManager). */
export interface MenuCatalogInfo {
  id: number;
  name: string;
  sNumber: number;
  createdAt: Date;
  item: { id: number };
  parent: { id: number } | null;
}

export interface MenuCatalog {
  catalog: MenuCatalogInfo;
  level: number;
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

export interface Menu {
  pages: MenuPage[];
  catalogs: MenuCatalog[];
  /** The catalogs to open to show `defaultPageId`, top first; empty when it is unknown or at the root. */
  defaultCatalogPath: number[];
}

/**
 * An item's whole menu as stored, before the policy filters it for a viewer: every live page (drafts
 * included) in its catalog. Shared by every request of one version: never change it.
 */
export interface StoredMenu {
  tree: CatalogTree<MenuCatalogInfo>;
  rootPages: MenuPage[];
  catalogs: MenuCatalog[];
  pageById: Map<number, MenuPage>;
  nodeById: Map<number, MenuCatalog>;
  /** Authors of drafts among the root pages, and in each catalog's subtree (absent: none; null: a draft
   * without author, shown to nobody). */
  rootDrafts: Set<number | null>;
  subtreeDrafts: Map<MenuCatalog, Set<number | null>>;
  /** Catalogs without their drafts, made at the first reader who must not see them (menuFor). */
  published: Map<MenuCatalog, MenuCatalog>;
  publishedRootPages?: MenuPage[];
  publishedCatalogs?: MenuCatalog[];
}

/** A page row as the database returns it (SQLite: 0/1 booleans, epoch-millisecond datetimes). */
interface MenuPageRow {
  id: number;
  title: string;
  catalog_id: number | null;
  s_number: number;
  is_draft: boolean | number;
  author_id: number | null;
  author_name: string;
  updated_at: Date | number;
  ext_info: string;
}

interface MenuCatalogRow {
  id: number;
  name: string;
  s_number: number;
  created_at: Date | number;
  parent_id: number | null;
}

/** The stored menu of an item: from this node's cache when its version is current, else built (two queries). */
export async function storedMenu(em: EntityManager, itemId: number): Promise<StoredMenu> {
  const version = await menuVersion(em, itemId);
  return menuCacheOf<StoredMenu>(em, weighMenu).get(itemId, version, (previous) =>
    buildStoredMenu(em, itemId, previous),
  );
}

/** A menu's weight in the cache's bound: its pages (at least 1, for an empty item). */
const weighMenu = (menu: StoredMenu): number => Math.max(1, menu.pageById.size);

/**
 * What `viewer` sees of a stored menu: other people's drafts left out; a catalog-scoped member gets the
 * top-level catalogs of the scope and no root pages (issue #15). The answer shares the stored menu's
 * objects wherever the viewer sees a part as stored, and otherwise a copy without any draft kept once per
 * stored menu (`published`), so callers can cache what they derive from these objects (compat-rest's
 * serialised rows): only a viewer with drafts of their own next to other people's gets fresh objects.
 */
export function menuFor(stored: StoredMenu, viewer: Viewer, rights: ItemRights, defaultPageId = 0): Menu {
  const me = viewer.userId ?? null;
  const shown = (p: MenuPage) => !p.isDraft || (p.authorId !== null && p.authorId === me);
  /** Whether the drafts of `authors` (a part's) hide nothing from me, and whether any are mine. */
  const seen = (authors: ReadonlySet<number | null>) => ({
    all: authors.size === 0 || (me !== null && authors.size === 1 && authors.has(me)),
    mine: me !== null && authors.has(me),
  });
  const prune = (node: MenuCatalog): MenuCatalog => {
    const drafts = seen(stored.subtreeDrafts.get(node) ?? NO_AUTHORS);
    if (drafts.all) return node;
    if (!drafts.mine) return publishedCatalog(stored, node);
    return { ...node, pages: node.pages.filter(shown), catalogs: node.catalogs.map(prune) };
  };
  const tops = stored.catalogs.filter((c) => PolicyService.inScope(rights, c.catalog.id));
  let rootPages: MenuPage[] = [];
  if (pageVisibleInScope(rights, null)) {
    const drafts = seen(stored.rootDrafts);
    rootPages = drafts.all
      ? stored.rootPages
      : drafts.mine
        ? stored.rootPages.filter(shown)
        : (stored.publishedRootPages ??= stored.rootPages.filter((p) => !p.isDraft));
  }

  const defaultPage = defaultPageId > 0 ? stored.pageById.get(defaultPageId) : undefined;
  const defaultPath =
    defaultPage?.catalogId &&
    shown(defaultPage) &&
    pageVisibleInScope(rights, stored.tree.topOf(defaultPage.catalogId))
      ? stored.tree.path(defaultPage.catalogId).map((c) => c.id)
      : [];
  let catalogs = tops.map(prune);
  // The whole list as stored, or as published, is one kept array too: callers may cache by its identity.
  if (catalogs.length === stored.catalogs.length) {
    if (catalogs.every((c, i) => c === stored.catalogs[i])) catalogs = stored.catalogs;
    else if (catalogs.every((c, i) => c === publishedCatalog(stored, stored.catalogs[i]!)))
      catalogs = stored.publishedCatalogs ??= catalogs;
  }
  return { pages: rootPages, catalogs, defaultCatalogPath: defaultPath };
}

const NO_AUTHORS: ReadonlySet<number | null> = new Set();

/** `node` without any draft (at any depth), made once per stored menu. */
function publishedCatalog(stored: StoredMenu, node: MenuCatalog): MenuCatalog {
  if (!stored.subtreeDrafts.get(node)?.size) return node;
  let copy = stored.published.get(node);
  if (!copy) {
    copy = {
      ...node,
      pages: node.pages.filter((p) => !p.isDraft),
      catalogs: node.catalogs.map((c) => publishedCatalog(stored, c)),
    };
    stored.published.set(node, copy);
  }
  return copy;
}

/**
 * Reads and builds an item's stored menu. Parts equal to the previous version's (`previous`, the menu this
 * node cached before) are that version's objects, so what the doors derived from them (compat's JSON
 * text) stays in use: after a save only the saved page and the catalogs above it are new (issue #14).
 */
async function buildStoredMenu(
  em: EntityManager,
  itemId: number,
  previous?: StoredMenu,
): Promise<StoredMenu> {
  const catalogRows = await leanReader(em).all<MenuCatalogRow>(
    'select id, name, s_number, created_at, parent_id from catalog where item_id = ? and deleted_at is null',
    [itemId],
  );
  const tree = new CatalogTree<MenuCatalogInfo>(
    catalogRows.map((row) => same(previous?.tree.get(row.id), catalogInfo(row, itemId), sameCatalogInfo)),
  );
  const pages = await menuPages(em, itemId, previous);
  const pagesIn = new Map<number | null, MenuPage[]>();
  // Pages of unknown catalogs find no place in the tree and stay out, as in ShowDoc.
  for (const page of pages) {
    const list = pagesIn.get(page.catalogId);
    if (list) list.push(page);
    else pagesIn.set(page.catalogId, [page]);
  }
  const subtreeDrafts = new Map<MenuCatalog, Set<number | null>>();
  const nodeById = new Map<number, MenuCatalog>();
  const published = new Map<MenuCatalog, MenuCatalog>();
  const draftsOf = (list: MenuPage[], into = new Set<number | null>()) => {
    for (const page of list) if (page.isDraft) into.add(page.authorId);
    return into;
  };
  const build = (catalog: MenuCatalogInfo, level: number): MenuCatalog => {
    const node = same(
      previous?.nodeById.get(catalog.id),
      {
        catalog,
        level,
        pages: pagesIn.get(catalog.id) ?? [],
        catalogs: tree.children(catalog.id).map((c) => build(c, level + 1)),
      },
      sameNode,
    );
    nodeById.set(catalog.id, node);
    const copy = previous?.published.get(node);
    if (copy) published.set(node, copy);
    const drafts = draftsOf(node.pages);
    for (const child of node.catalogs)
      for (const author of subtreeDrafts.get(child) ?? []) drafts.add(author);
    if (drafts.size) subtreeDrafts.set(node, drafts);
    return node;
  };
  const rootPages = same(previous?.rootPages, pagesIn.get(null) ?? [], sameItems);
  return {
    tree,
    rootPages,
    catalogs: same(
      previous?.catalogs,
      tree.children(null).map((c) => build(c, 1)),
      sameItems,
    ),
    pageById: new Map(pages.map((p) => [p.id, p])),
    nodeById,
    rootDrafts: draftsOf(rootPages),
    subtreeDrafts,
    published,
  };
}

/** `kept` when it equals `fresh`, else `fresh`. */
function same<T>(kept: T | undefined, fresh: T, equal: (a: T, b: T) => boolean): T {
  return kept !== undefined && equal(kept, fresh) ? kept : fresh;
}

const sameItems = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const sameNode = (a: MenuCatalog, b: MenuCatalog) =>
  a.catalog === b.catalog &&
  a.level === b.level &&
  sameItems(a.pages, b.pages) &&
  sameItems(a.catalogs, b.catalogs);

const sameCatalogInfo = (a: MenuCatalogInfo, b: MenuCatalogInfo) =>
  a.id === b.id &&
  a.name === b.name &&
  a.sNumber === b.sNumber &&
  a.createdAt.getTime() === b.createdAt.getTime() &&
  a.item.id === b.item.id &&
  (a.parent?.id ?? null) === (b.parent?.id ?? null);

const samePage = (a: MenuPage, b: MenuPage) =>
  a.id === b.id &&
  a.itemId === b.itemId &&
  a.catalogId === b.catalogId &&
  a.title === b.title &&
  a.sNumber === b.sNumber &&
  a.isDraft === b.isDraft &&
  a.authorId === b.authorId &&
  a.authorName === b.authorName &&
  a.updatedAt.getTime() === b.updatedAt.getTime() &&
  a.extInfo === b.extInfo;

const catalogInfo = (row: MenuCatalogRow, itemId: number): MenuCatalogInfo => ({
  id: row.id,
  name: row.name,
  sNumber: row.s_number,
  createdAt: new Date(row.created_at),
  item: { id: itemId },
  parent: row.parent_id ? { id: row.parent_id } : null,
});

/** Page rows read per round trip: the event loop serves other requests between two (issue #14). */
export const MENU_PAGES_PER_READ = 250;

/**
 * The menu's page query: every live page of the item, without content, as plain rows (hydrating 2,000 Page
 * entities was most of a large menu's cost), a few hundred at a time so that a large menu is never one long
 * stretch of the event loop (the embedded database answers synchronously).
 */
async function menuPages(em: EntityManager, itemId: number, previous?: StoredMenu): Promise<MenuPage[]> {
  const pages: MenuPage[] = [];
  for (let after = 0; ;) {
    if (pages.length) await yieldToLoop();
    const rows = await leanReader(em).all<MenuPageRow>(
      'select id, title, catalog_id, s_number, is_draft, author_id, author_name, updated_at, ext_info' +
        ' from page where item_id = ? and deleted_at is null and id > ? order by id limit ?',
      [itemId, after, MENU_PAGES_PER_READ],
    );
    for (const row of rows) pages.push(same(previous?.pageById.get(row.id), menuPage(row, itemId), samePage));
    if (rows.length < MENU_PAGES_PER_READ) return pages.sort(bySNumber);
    after = rows[rows.length - 1]!.id;
  }
}

const menuPage = (row: MenuPageRow, itemId: number): MenuPage => ({
  id: row.id,
  itemId,
  catalogId: row.catalog_id ?? null,
  title: row.title,
  sNumber: row.s_number,
  isDraft: Boolean(row.is_draft),
  authorId: row.author_id ?? null,
  authorName: row.author_name,
  updatedAt: new Date(row.updated_at),
  extInfo: row.ext_info,
});
