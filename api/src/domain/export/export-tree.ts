import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Catalog, ItemType, Page, type Item } from '../../../../db/src';
import { bySNumber, CatalogTree } from '../catalogs/catalog-tree';
import { DomainError } from '../errors';
import { PolicyService, type ItemRights } from '../policy/policy.service';
import type { Viewer } from '../viewer';
import { parseSheets, sheetsToMarkdown } from '../sheets/sheet-format';

/** What one export covers (spec 001 §9): the whole item, one catalog subtree, or one page. */
export interface ExportScope {
  itemId: number;
  /** >0: that catalog and everything below it. */
  catalogId?: number;
  /** >0: that page alone (wins over `catalogId`, as ShowDoc's `export/word`). */
  pageId?: number;
}

/** A page as the export tree lists it; its markdown is loaded in batches while the export is written. */
export interface ExportPage {
  id: number;
  title: string;
  catalogId: number | null;
  sNumber: number;
  comments: string;
}

export interface ExportCatalog {
  id: number;
  name: string;
  parentId: number | null;
  /** 1 = top level (ShowDoc's level 2: its level 1 is the item). */
  level: number;
  sNumber: number;
  pages: ExportPage[];
  catalogs: ExportCatalog[];
}

/** The part of an item one export writes, in display order. */
export interface ExportTree {
  item: Item;
  rights: ItemRights;
  /** Root pages (none for catalog-scoped members, or for a catalog/page scope). */
  pages: ExportPage[];
  catalogs: ExportCatalog[];
}

/** Every page of a tree in display order: root pages first, then each catalog's pages before its children. */
export function pagesInOrder(tree: { pages: ExportPage[]; catalogs: ExportCatalog[] }): ExportPage[] {
  const out = [...tree.pages];
  const visit = (catalogs: ExportCatalog[]) => {
    for (const c of catalogs) {
      out.push(...c.pages);
      visit(c.catalogs);
    }
  };
  visit(tree.catalogs);
  return out;
}

interface TreePageRow {
  id: number;
  title: string;
  catalog: number | null;
  sNumber: number;
  comments: string;
  isDraft: boolean | number;
  author: number | null;
}

/**
 * Who may export, and what (compat-api §16.2, compat-data §Permissions): editors of the item (an archived
 * item too: exporting writes nothing), catalog-scoped members only their top-level catalogs and no root
 * pages, a single page or catalog outside the scope is refused with 10302. Drafts are listed only to their
 * author, as the menu shows them (ShowDoc exported everyone's drafts to every editor).
 */
export async function loadExportTree(
  em: EntityManager,
  policy: PolicyService,
  viewer: Viewer,
  scope: ExportScope,
  deniedCode: 'ExportDenied' | 'ExportHtmlDenied' = 'ExportDenied',
): Promise<ExportTree> {
  const exportDenied = () => new DomainError(deniedCode);
  viewer.requireUserId();
  const item = await policy.findItem(scope.itemId);
  if (!item || item.deletedAt) throw new DomainError('ItemNotFound');
  const rights = await policy.rights(viewer, item);
  if (!rights.editsWhenActive) throw exportDenied();

  const catalogs = new CatalogTree(await em.find(Catalog, { item, deletedAt: null }));
  const me = viewer.userId ?? -1;
  // Mapped rows, not entities: hydrating a 2,000-page item's Page entities held the event loop ~100 ms at
  // the start of every export (the bench's export probe; #19 wants < 50 ms at a time).
  const rows = await (em as SqlEntityManager)
    .createQueryBuilder(Page)
    .select(['id', 'title', 'catalog', 'sNumber', 'comments', 'isDraft', 'author'])
    .where({ item: item.id, deletedAt: null })
    .orderBy({ sNumber: 'asc', id: 'asc' })
    .execute<TreePageRow[]>('all', true);
  const pagesOf = new Map<number | null, ExportPage[]>();
  for (const row of rows) {
    if (row.isDraft && (row.author ?? null) !== me) continue;
    const catalogId = row.catalog ?? null;
    // Pages of a deleted or unreachable catalog are in the recycle bin, not in the item.
    if (catalogId !== null && !catalogs.has(catalogId)) continue;
    const page: ExportPage = {
      id: row.id,
      title: row.title,
      catalogId,
      sNumber: row.sNumber,
      comments: row.comments,
    };
    const list = pagesOf.get(catalogId);
    if (list) list.push(page);
    else pagesOf.set(catalogId, [page]);
  }
  for (const list of pagesOf.values()) list.sort(bySNumber);

  const build = (catalog: Catalog, level: number): ExportCatalog => ({
    id: catalog.id,
    name: catalog.name,
    parentId: catalog.parent?.id ?? null,
    level,
    sNumber: catalog.sNumber,
    pages: pagesOf.get(catalog.id) ?? [],
    catalogs: catalogs.children(catalog.id).map((child) => build(child, level + 1)),
  });
  const inScope = (topId: number | null) => PolicyService.inScope(rights, topId);

  if (scope.pageId && scope.pageId > 0) {
    const page = rows.find((r) => r.id === scope.pageId);
    const listed = page ? (pagesOf.get(page.catalog ?? null) ?? []).find((p) => p.id === page.id) : null;
    if (!page || !listed) throw new DomainError('PageNotFound');
    if (!inScope(catalogs.topOf(listed.catalogId))) throw exportDenied();
    return { item, rights, pages: [listed], catalogs: [] };
  }
  if (scope.catalogId && scope.catalogId > 0) {
    const catalog = catalogs.get(scope.catalogId);
    if (!catalog) throw new DomainError('CatalogNotFound');
    if (!inScope(catalogs.topOf(catalog.id))) throw exportDenied();
    return { item, rights, pages: [], catalogs: [build(catalog, 1)] };
  }
  return {
    item,
    rights,
    pages: inScope(null) ? (pagesOf.get(null) ?? []) : [],
    catalogs: catalogs
      .children(null)
      .filter((c) => inScope(c.id))
      .map((c) => build(c, 1)),
  };
}

/**
 * What a reader of an exported document sees of a page: a spreadsheet item's page (ShowDoc's sheet JSON) as
 * one markdown table per sheet (issue #20), anything else as written. Re-importable data (info.json) keeps
 * the JSON itself.
 */
export function readableMarkdown(content: string, itemType: number): string {
  if (itemType !== ItemType.Spreadsheet) return content;
  try {
    return sheetsToMarkdown(parseSheets(content));
  } catch {
    return content; // not a sheet after all: shown as written
  }
}

/** Loads the markdown of pages in batches, so a big export never holds every page at once. */
export async function* pageContents(
  em: EntityManager,
  pages: ExportPage[],
  batchSize = 50,
): AsyncGenerator<{ page: ExportPage; content: string }> {
  for (let i = 0; i < pages.length; i += batchSize) {
    const batch = pages.slice(i, i + batchSize);
    const rows = await em.find(
      Page,
      { id: { $in: batch.map((p) => p.id) } },
      { fields: ['id', 'content'], disableIdentityMap: true },
    );
    const byId = new Map(rows.map((r) => [r.id, r.content]));
    for (const page of batch) yield { page, content: byId.get(page.id) ?? '' };
    // Give other requests the loop between batches (big exports must not block for long).
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
