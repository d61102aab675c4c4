import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Catalog, Page } from '../../../../db/src';
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
  /** Authors of drafts among the root pages, and in each catalog's subtree (absent: none; null: a draft
   * without author, shown to nobody). */
  rootDrafts: Set<number | null>;
  subtreeDrafts: Map<MenuCatalog, Set<number | null>>;
  /** Catalogs without their drafts, made at the first reader who must not see them (menuFor). */
  published: Map<MenuCatalog, MenuCatalog>;
  publishedRootPages?: MenuPage[];
  publishedCatalogs?: MenuCatalog[];
}

/** A menu row as the query builder maps it: relations as their foreign keys. */
interface MenuPageRow {
  id: number;
  title: string;
  catalog: number | null;
  sNumber: number;
  isDraft: boolean | number;
  author: number | null;
  authorName: string;
  updatedAt: Date;
  extInfo: string;
}

interface MenuCatalogRow {
  id: number;
  name: string;
  sNumber: number;
  createdAt: Date;
  parent: number | null;
}

/** The stored menu of an item: from this node's cache when its version is current, else built (two queries). */
export async function storedMenu(em: EntityManager, itemId: number): Promise<StoredMenu> {
  const version = await menuVersion(em, itemId);
  return menuCacheOf<StoredMenu>(em, weighMenu).get(itemId, version, () => buildStoredMenu(em, itemId));
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
  const me = viewer.user?.id ?? null;
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

async function buildStoredMenu(em: EntityManager, itemId: number): Promise<StoredMenu> {
  const catalogRows = await (em as SqlEntityManager)
    .createQueryBuilder(Catalog)
    .select(['id', 'name', 'sNumber', 'createdAt', 'parent'])
    .where({ item: itemId, deletedAt: null })
    .execute<MenuCatalogRow[]>('all', true);
  const tree = new CatalogTree<MenuCatalogInfo>(
    catalogRows.map((c) => ({
      id: c.id,
      name: c.name,
      sNumber: c.sNumber,
      createdAt: c.createdAt,
      item: { id: itemId },
      parent: c.parent ? { id: c.parent } : null,
    })),
  );
  const pages = await menuPages(em, itemId);
  const pagesIn = new Map<number | null, MenuPage[]>();
  // Pages of unknown catalogs find no place in the tree and stay out, as in ShowDoc.
  for (const page of pages) {
    const list = pagesIn.get(page.catalogId);
    if (list) list.push(page);
    else pagesIn.set(page.catalogId, [page]);
  }
  const subtreeDrafts = new Map<MenuCatalog, Set<number | null>>();
  const draftsOf = (list: MenuPage[], into = new Set<number | null>()) => {
    for (const page of list) if (page.isDraft) into.add(page.authorId);
    return into;
  };
  const build = (catalog: MenuCatalogInfo, level: number): MenuCatalog => {
    const node: MenuCatalog = {
      catalog,
      level,
      pages: pagesIn.get(catalog.id) ?? [],
      catalogs: tree.children(catalog.id).map((c) => build(c, level + 1)),
    };
    const drafts = draftsOf(node.pages);
    for (const child of node.catalogs)
      for (const author of subtreeDrafts.get(child) ?? []) drafts.add(author);
    if (drafts.size) subtreeDrafts.set(node, drafts);
    return node;
  };
  const rootPages = pagesIn.get(null) ?? [];
  return {
    tree,
    rootPages,
    catalogs: tree.children(null).map((c) => build(c, 1)),
    pageById: new Map(pages.map((p) => [p.id, p])),
    rootDrafts: draftsOf(rootPages),
    subtreeDrafts,
    published: new Map(),
  };
}

/**
 * The menu's one page query: every live page of the item, without content. Read as mapped rows, not
 * entities: hydrating 2,000 Page entities was most of a large menu's cost (issue #14).
 */
async function menuPages(em: EntityManager, itemId: number): Promise<MenuPage[]> {
  const rows = await (em as SqlEntityManager)
    .createQueryBuilder(Page)
    .select(['id', 'title', 'catalog', 'sNumber', 'isDraft', 'author', 'authorName', 'updatedAt', 'extInfo'])
    .where({ item: itemId, deletedAt: null })
    .orderBy({ sNumber: 'asc', id: 'asc' })
    .execute<MenuPageRow[]>('all', true);
  return rows
    .map((p) => ({
      id: p.id,
      itemId,
      catalogId: p.catalog ?? null,
      title: p.title,
      sNumber: p.sNumber,
      isDraft: Boolean(p.isDraft),
      authorId: p.author ?? null,
      authorName: p.authorName,
      updatedAt: p.updatedAt,
      extInfo: p.extInfo,
    }))
    .sort(bySNumber);
}
