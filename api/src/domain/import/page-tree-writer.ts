import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/core';
import {
  Catalog,
  deferPageIndexing,
  indexNewPages,
  Item,
  MAX_CATALOG_LEVEL,
  Page,
  resumePageIndexing,
  type User,
} from '../../../../db/src';
import { menuChanged } from '../catalogs/menu-cache';
import { MAX_TITLE, type ImportCatalog, type ImportPage } from './import-tree';

export interface WriteProgress {
  done: number;
  total: number;
  /** Title of the page just written. */
  current: string;
}

export interface WriteResult {
  pages: number;
  catalogs: number;
  /** Pages that replaced a page of the same title in the same catalog. */
  overwritten: number;
}

/** Pages flushed per round trip: progress is reported, and the event loop gets a turn, after each. */
const BATCH = 100;
const MAX_CATALOG_NAME = 200;

/**
 * Writes an imported tree into `item` (the caller holds the transaction). Catalogs nest three levels at
 * most: deeper ones fold into their third-level ancestor, their path prefixed to the page titles. Only
 * catalogs holding pages are created (as ShowDoc does); a catalog with an empty name is skipped with its
 * pages. In an existing item, catalogs are matched by name under the same parent and a page with the
 * same title in the same catalog is overwritten (no history, like ShowDoc's import).
 */
export async function writePageTree(
  em: EntityManager,
  target: { item: Item; author: User; existing: boolean },
  tree: { pages: ImportPage[]; catalogs: ImportCatalog[] },
  onProgress: (progress: WriteProgress) => void = () => undefined,
): Promise<WriteResult> {
  const { item, author } = target;
  const flat = flatten(tree);
  const total = flat.length;
  const catalogs = new Map<string, Catalog>();
  const existingPages = new Map<string, number>();
  if (target.existing) {
    const live = await em.find(Catalog, { item, deletedAt: null }, { orderBy: { level: 'asc', id: 'asc' } });
    const pathOf = new Map<number, string>();
    for (const catalog of live) {
      const parentPath = catalog.parent ? pathOf.get(catalog.parent.id) : '';
      if (parentPath === undefined) continue;
      const path = key(parentPath, catalog.name);
      pathOf.set(catalog.id, path);
      if (!catalogs.has(path)) catalogs.set(path, catalog);
    }
    const pages = await em.find(
      Page,
      { item, deletedAt: null },
      { fields: ['id', 'title', 'catalog'], orderBy: { id: 'asc' } },
    );
    for (const page of pages) {
      const at = page.catalog ? pathOf.get(page.catalog.id) : '';
      const k = key(at ?? '\0orphan', page.title);
      if (at !== undefined && !existingPages.has(k)) existingPages.set(k, page.id);
    }
  }
  const result: WriteResult = { pages: 0, catalogs: 0, overwritten: 0 };

  const ensureCatalog = (names: Array<{ name: string; sNumber?: number }>): Catalog | null => {
    let parent: Catalog | null = null;
    let path = '';
    names.forEach((step, index) => {
      path = key(path, step.name);
      let catalog = catalogs.get(path);
      if (!catalog) {
        catalog = em.create(Catalog, {
          item,
          parent,
          name: step.name,
          level: index + 1,
          ...(step.sNumber !== undefined ? { sNumber: step.sNumber } : {}),
        });
        em.persist(catalog);
        catalogs.set(path, catalog);
        result.catalogs++;
      }
      parent = catalog;
    });
    return parent;
  };

  // New pages are indexed for search in bulk after each batch (a few large INSERTs on MySQL) instead of
  // one diff query each: a 2,000-operation OpenAPI file writes 2,000 pages. Overwritten pages reindex as usual.
  deferPageIndexing(em);
  let created: Page[] = [];
  try {
    for (let i = 0; i < flat.length; i++) {
      const { path, page } = flat[i];
      const catalog = ensureCatalog(path);
      const catalogPath = path.reduce((p, step) => key(p, step.name), '');
      const existingId = existingPages.get(key(catalogPath, page.title));
      if (existingId !== undefined) {
        const row = await em.findOneOrFail(Page, existingId);
        row.content = page.content;
        row.author = author;
        row.authorName = author.username;
        row.updatedAt = new Date();
        row.version += 1;
        result.overwritten++;
      } else {
        const row = em.create(Page, {
          item,
          catalog,
          title: page.title,
          content: page.content,
          author,
          authorName: author.username,
          ...(page.sNumber !== undefined ? { sNumber: page.sNumber } : {}),
        });
        em.persist(row);
        created.push(row);
        if (target.existing) existingPages.set(key(catalogPath, page.title), -1);
      }
      result.pages++;
      if ((i + 1) % BATCH === 0 || i + 1 === flat.length) {
        await em.flush();
        await indexNewPages(
          em,
          created.map((p) => ({
            id: p.id,
            itemId: item.id,
            title: p.title,
            content: p.searchText ?? p.content,
          })),
        );
        created = [];
        onProgress({ done: i + 1, total, current: page.title });
        await yieldToLoop();
      }
    }
  } finally {
    resumePageIndexing(em);
  }
  item.lastUpdateAt = new Date();
  await em.flush();
  await menuChanged(em, item.id);
  return result;
}

interface FlatPage {
  path: Array<{ name: string; sNumber?: number }>;
  page: ImportPage;
}

/** Depth-first, catalogs folded to three levels, names and titles cleaned. */
function flatten(tree: { pages: ImportPage[]; catalogs: ImportCatalog[] }): FlatPage[] {
  const out: FlatPage[] = [];
  const walk = (
    node: { pages: ImportPage[]; catalogs: ImportCatalog[] },
    path: Array<{ name: string; sNumber?: number }>,
    folded: string[],
  ) => {
    for (const page of node.pages) {
      const title = cleanTitle([...folded, page.title.trim()].join('/'));
      out.push({ path, page: { ...page, title } });
    }
    for (const child of node.catalogs) {
      const name = child.name.replace(/\s+/g, ' ').trim().slice(0, MAX_CATALOG_NAME);
      if (!name) continue;
      if (path.length < MAX_CATALOG_LEVEL) walk(child, [...path, { name, sNumber: child.sNumber }], folded);
      else walk(child, path, [...folded, name]);
    }
  };
  walk(tree, [], []);
  return out;
}

function cleanTitle(title: string): string {
  const clean = title.replace(/[\r\n\t]+/g, ' ').trim();
  return (clean || '未命名').slice(0, MAX_TITLE);
}

function key(parent: string, name: string): string {
  return `${parent}\u0001${name}`;
}
