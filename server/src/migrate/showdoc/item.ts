import type { SqlEntityManager } from '@mikro-orm/knex';
import {
  Catalog,
  deferPageIndexing,
  indexNewPages,
  ImportMap,
  Item,
  ItemApiKey,
  MAX_CATALOG_LEVEL,
  Page,
  PageHistory,
  RecycleEntry,
  SinglePageLink,
} from '../../../../db/src';
import { IdAllocator, type ImportContext } from './context';
import { pageText, rewriteFileLinks, unixDate } from './decode';
import { importChangeLog } from './change-log';
import { importMembers, importPerUser } from './item-access';
import { count, note } from './report';
import { userRef } from './people';

export interface ItemRow {
  item_id: number;
  item_name: string;
  item_description: string | null;
  uid: number;
  password: string | null;
  addtime: number;
  last_update_time: number;
  item_domain: string | null;
  item_type: number;
  is_archived: number;
  is_del: number;
  allow_comment: number;
  allow_feedback: number;
}

interface CatalogRow {
  cat_id: number;
  cat_name: string;
  s_number: number;
  addtime: number;
  parent_cat_id: number;
}

interface PageRow {
  page_id: number;
  author_uid: number;
  author_username: string | null;
  cat_id: number | null;
  page_title: string;
  page_content: string | null;
  s_number: number;
  addtime: number;
  page_comments: string | null;
  is_del: number;
  page_addtime: number;
  ext_info: string | null;
  is_draft: number;
}

/** Pages written (and released from the unit of work) at a time. */
const PAGE_CHUNK = 200;

/** Quire's item types (1 regular, 2 single page, 3 RunApi, 4 spreadsheet); ShowDoc's 5 and 6 have no home. */
const SUPPORTED_TYPES = new Set([0, 1, 2, 3, 4]);

/** Text of a page or history row: unescaped, decoded, with attachment links pointing at Quire. */
function contentOf(ctx: ImportContext, stored: string | null): string {
  return rewriteFileLinks(
    pageText(stored),
    (relative) => ctx.files.signByPath.get(relative),
    (sign) => ctx.files.signs.has(sign),
  );
}

/** One ShowDoc item with everything that hangs off it; the caller runs it in one transaction. */
export async function importItem(
  em: SqlEntityManager,
  ctx: ImportContext,
  row: ItemRow,
  ids: IdAllocator,
): Promise<void> {
  const sourceId = Number(row.item_id);
  // The item's pages are indexed for search in bulk once written (importPages), not one by one.
  deferPageIndexing(em);
  const owner = userRef(em, ctx, row.uid);
  const skip = (reason: string) => {
    ctx.maps.record(em, 'item', sourceId, 0);
    count(ctx.report, 'items', 'skipped');
    note(ctx.report, 'item', sourceId, reason);
  };
  if (!SUPPORTED_TYPES.has(Number(row.item_type)))
    return skip(`item type ${row.item_type} is not supported by Quire`);
  if (!owner) return skip('its owner was not imported');

  const [free] = [await ids.free(em, 'item', [sourceId])];
  const itemId = free.has(sourceId) ? sourceId : await ids.fresh(em, 'item', new Set([sourceId]));
  if (itemId !== sourceId) ctx.report.remapped.push({ kind: 'item', from: sourceId, to: itemId });
  let domain = (row.item_domain ?? '').trim() || null;
  if (domain && (await em.count(Item, { domain }))) {
    note(ctx.report, 'item', sourceId, `personal domain "${domain}" is taken in Quire: left out`);
    domain = null;
  }
  const lastUpdate = unixDate(row.last_update_time) ?? unixDate(row.addtime) ?? new Date();
  const item = em.create(Item, {
    id: itemId,
    name: String(row.item_name ?? '').slice(0, 200),
    description: String(row.item_description ?? ''),
    owner,
    password: String(row.password ?? '').slice(0, 100),
    domain,
    type: Number(row.item_type),
    isArchived: Number(row.is_archived) === 1,
    // ShowDoc keeps no deletion time: the last update is the closest (the purge counts 30 days from it).
    deletedAt: Number(row.is_del) === 1 ? lastUpdate : null,
    allowComment: Number(row.allow_comment) === 1,
    allowFeedback: Number(row.allow_feedback) === 1,
    createdAt: unixDate(row.addtime) ?? new Date(),
    lastUpdateAt: lastUpdate,
  });
  em.persist(item);
  ctx.maps.record(em, 'item', sourceId, itemId);
  count(ctx.report, 'items', 'imported');

  const catalogs = await importCatalogs(em, ctx, sourceId, item, ids);
  const pages = await importPages(em, ctx, sourceId, item, catalogs, ids);
  await em.flush();
  importShareLinksAndKeys(em, ctx, sourceId, item, pages);
  importMembers(em, ctx, sourceId, item, catalogs);
  importPerUser(em, ctx, sourceId, item, pages);
  await importChangeLog(em, ctx, sourceId, item, pages, catalogs);
}

/** ShowDoc level 2, 3, 4 catalogs become Quire levels 1 to 3; deeper ones fold into their level-3 ancestor. */
async function importCatalogs(
  em: SqlEntityManager,
  ctx: ImportContext,
  sourceItem: number,
  item: Item,
  ids: IdAllocator,
): Promise<Map<number, Catalog>> {
  const rows = ctx.source.all<CatalogRow>(
    'select * from catalog where item_id = ? order by cat_id',
    sourceItem,
  );
  const byId = new Map(rows.map((r) => [Number(r.cat_id), r]));
  const free = await ids.free(em, 'catalog', [...byId.keys()]);
  const made = new Map<number, Catalog>();
  const make = async (catId: number, trail: Set<number>): Promise<Catalog | null> => {
    const done = made.get(catId);
    if (done) return done;
    const r = byId.get(catId);
    if (!r || trail.has(catId)) return null;
    trail.add(catId);
    let parent = Number(r.parent_cat_id) > 0 ? await make(Number(r.parent_cat_id), trail) : null;
    if (Number(r.parent_cat_id) > 0 && !parent)
      note(ctx.report, 'catalog', catId, 'its parent is missing: imported at the top level');
    if (parent && parent.level >= MAX_CATALOG_LEVEL) {
      // Quire nests three levels: the deeper catalog's pages go to its third-level ancestor.
      note(
        ctx.report,
        'catalog',
        catId,
        `deeper than ${MAX_CATALOG_LEVEL} levels: its pages moved to "${parent.name}"`,
      );
      made.set(catId, parent);
      ctx.maps.record(em, 'catalog', catId, parent.id);
      count(ctx.report, 'catalogs', 'skipped');
      return parent;
    }
    const id = free.has(catId) ? catId : await ids.fresh(em, 'catalog', new Set(byId.keys()));
    if (id !== catId) ctx.report.remapped.push({ kind: 'catalog', from: catId, to: id });
    const catalog = em.create(Catalog, {
      id,
      item,
      parent,
      name: String(r.cat_name ?? '').slice(0, 200),
      sNumber: Number(r.s_number ?? 99),
      level: parent ? parent.level + 1 : 1,
      createdAt: unixDate(r.addtime) ?? new Date(),
    });
    em.persist(catalog);
    made.set(catId, catalog);
    ctx.maps.record(em, 'catalog', catId, id);
    count(ctx.report, 'catalogs', 'imported');
    parent = null;
    return catalog;
  };
  for (const catId of byId.keys()) await make(catId, new Set());
  return made;
}

async function importPages(
  em: SqlEntityManager,
  ctx: ImportContext,
  sourceItem: number,
  item: Item,
  catalogs: Map<number, Catalog>,
  ids: IdAllocator,
): Promise<Map<number, Page>> {
  const pageIds = ctx.source
    .all<{ page_id: number }>('select page_id from page where item_id = ? order by page_id', sourceItem)
    .map((r) => Number(r.page_id));
  const free = await ids.free(em, 'page', pageIds);
  const wanted = new Set(pageIds);
  const deletedAt = new Map(
    ctx.source
      .all<{ page_id: number; del_time: number }>(
        ctx.source.hasTable('recycle')
          ? 'select page_id, max(del_time) as del_time from recycle where item_id = ? group by page_id'
          : 'select 0 as page_id, 0 as del_time where ? = 0',
        sourceItem,
      )
      .map((r) => [Number(r.page_id), unixDate(r.del_time)]),
  );
  // A page's version counts its history rows (importHistory numbers them 1..n): known before it is written.
  const versions = new Map(
    ctx.source
      .all<{ page_id: number; n: number }>(
        'select page_id, count(*) as n from page_history where item_id = ? group by page_id',
        sourceItem,
      )
      .map((r) => [Number(r.page_id), Number(r.n) + 1]),
  );
  // Pages are written PAGE_CHUNK at a time, indexed for search, and then leave the identity map: the item's
  // rows after them refer to the pages by reference. Memory stays flat however large the item (#23: the
  // whole 2,000-page item held in the unit of work made V8 grow its heap to ~4x that, 530 MB on MariaDB).
  const pages = new Map<number, Page>();
  const deleted = new Map<number, Date>();
  const written = new Map<number, number>();
  let chunk: Page[] = [];
  const writeChunk = async () => {
    await em.flush();
    await indexNewPages(
      em,
      chunk.map((p) => ({ id: p.id, itemId: item.id, title: p.title, content: p.searchText ?? p.content })),
    );
    const uow = em.getUnitOfWork();
    for (const page of chunk) uow.unsetIdentity(page);
    for (const entity of uow.getIdentityMap().values())
      if (entity instanceof ImportMap) uow.unsetIdentity(entity);
    chunk = [];
  };
  for (const r of ctx.source.iterate<PageRow>(
    'select * from page where item_id = ? order by page_id',
    sourceItem,
  )) {
    const pageId = Number(r.page_id);
    const id = free.has(pageId) ? pageId : await ids.fresh(em, 'page', wanted);
    if (id !== pageId) ctx.report.remapped.push({ kind: 'page', from: pageId, to: id });
    const byApi = Number(r.author_uid) === 0;
    const savedAt = unixDate(r.addtime) ?? new Date();
    const page = em.create(Page, {
      id,
      item,
      catalog: catalogs.get(Number(r.cat_id ?? 0)) ?? null,
      // page/save stores titles raw, the open API stores them escaped.
      title: (byApi ? pageText(r.page_title) : String(r.page_title ?? '')).slice(0, 255),
      content: contentOf(ctx, r.page_content),
      sNumber: Number(r.s_number ?? 99),
      author: userRef(em, ctx, r.author_uid),
      authorName: String(r.author_username ?? '').slice(0, 64),
      comments: String(r.page_comments ?? '').slice(0, 255),
      extInfo: String(r.ext_info ?? ''),
      isDraft: Number(r.is_draft) === 1,
      deletedAt: Number(r.is_del) === 1 ? (deletedAt.get(pageId) ?? savedAt) : null,
      updatedAt: savedAt,
      createdAt: unixDate(r.page_addtime) ?? savedAt,
      version: versions.get(pageId) ?? 1,
    });
    em.persist(page);
    chunk.push(page);
    written.set(pageId, id);
    if (page.deletedAt) deleted.set(pageId, page.deletedAt);
    ctx.maps.record(em, 'page', pageId, id);
    count(ctx.report, 'pages', 'imported');
    if (chunk.length >= PAGE_CHUNK) await writeChunk();
  }
  await writeChunk();
  for (const [pageId, id] of written) pages.set(pageId, em.getReference(Page, id));
  importHistory(em, ctx, sourceItem, item, pages, catalogs);
  importRecycle(em, ctx, sourceItem, item, pages, deleted);
  return pages;
}

function importHistory(
  em: SqlEntityManager,
  ctx: ImportContext,
  sourceItem: number,
  item: Item,
  pages: Map<number, Page>,
  catalogs: Map<number, Catalog>,
): void {
  let current = -1;
  let version = 0;
  for (const h of ctx.source.iterate<PageRow & { page_history_id: number }>(
    'select * from page_history where item_id = ? order by page_id, addtime, page_history_id',
    sourceItem,
  )) {
    if (Number(h.page_id) !== current) {
      current = Number(h.page_id);
      version = 0;
    }
    const page = pages.get(current);
    if (!page) continue;
    version++;
    em.persist(
      em.create(PageHistory, {
        page,
        item,
        catalogId: catalogs.get(Number(h.cat_id ?? 0))?.id ?? null,
        title: String(h.page_title ?? '').slice(0, 255),
        content: contentOf(ctx, h.page_content),
        comments: String(h.page_comments ?? '').slice(0, 255),
        author: userRef(em, ctx, h.author_uid),
        authorName: String(h.author_username ?? '').slice(0, 64),
        version,
        createdAt: unixDate(h.addtime) ?? new Date(),
      }),
    );
    count(ctx.report, 'page history', 'imported');
  }
}

function importRecycle(
  em: SqlEntityManager,
  ctx: ImportContext,
  sourceItem: number,
  item: Item,
  pages: Map<number, Page>,
  deleted: Map<number, Date>,
): void {
  if (!ctx.source.hasTable('recycle')) return;
  const seen = new Set<number>();
  for (const r of ctx.source.all<{
    page_id: number;
    page_title: string;
    del_by_uid: number;
    del_by_username: string;
    del_time: number;
  }>('select * from recycle where item_id = ? order by del_time desc, id desc', sourceItem)) {
    const page = pages.get(Number(r.page_id));
    const pageDeletedAt = deleted.get(Number(r.page_id));
    // One entry per page (ShowDoc upserts); a recycle row of a page that is live again is stale.
    if (!page || !pageDeletedAt || seen.has(Number(r.page_id))) continue;
    seen.add(Number(r.page_id));
    em.persist(
      em.create(RecycleEntry, {
        item,
        page,
        title: String(r.page_title ?? '').slice(0, 255),
        deletedBy: userRef(em, ctx, r.del_by_uid),
        deletedByName: String(r.del_by_username ?? '').slice(0, 64),
        deletedAt: unixDate(r.del_time) ?? pageDeletedAt,
      }),
    );
    count(ctx.report, 'recycle bin', 'imported');
  }
}

function importShareLinksAndKeys(
  em: SqlEntityManager,
  ctx: ImportContext,
  sourceItem: number,
  item: Item,
  pages: Map<number, Page>,
): void {
  if (ctx.source.hasTable('single_page') && pages.size) {
    for (const r of ctx.source.all<{ id: number; unique_key: string; page_id: number; expire_time: number }>(
      'select s.* from single_page s join page p on p.page_id = s.page_id where p.item_id = ? order by s.id',
      sourceItem,
    )) {
      const page = pages.get(Number(r.page_id));
      if (!page) continue;
      em.persist(
        em.create(SinglePageLink, {
          page,
          uniqueKey: String(r.unique_key),
          expiresAt: unixDate(r.expire_time),
        }),
      );
      count(ctx.report, 'share links', 'imported');
    }
  }
  if (ctx.source.hasTable('item_token')) {
    const [key] = ctx.source.all<{
      api_key: string;
      api_token: string;
      addtime: number;
      last_check_time: number;
    }>('select * from item_token where item_id = ? order by id desc limit 1', sourceItem);
    if (key) {
      em.persist(
        em.create(ItemApiKey, {
          item,
          apiKey: String(key.api_key),
          apiToken: String(key.api_token),
          createdAt: unixDate(key.addtime) ?? new Date(),
          lastCheckAt: unixDate(key.last_check_time),
        }),
      );
      count(ctx.report, 'item api keys', 'imported');
    }
  }
}
