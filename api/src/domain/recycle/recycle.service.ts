import type { EntityManager } from '@mikro-orm/core';
import { Catalog, Page, RecycleEntry, type Item } from '../../../../db/src';
import { loadCatalogPath } from '../catalogs/catalog-tree';
import type { ChangeLogService } from '../changelog/changelog.service';
import { DomainError } from '../errors';
import type { PolicyService } from '../policy/policy.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import { menuChanged } from '../catalogs/menu-cache';

/** Days a deleted page stays recoverable before the scheduled purge removes it (spec 001 §4). */
export const RECYCLE_DAYS = 30;

const RECOVERED_REMARK = '从回收站恢复';

export interface RecoveredPage {
  page: Page;
  /** Catalogs brought back with the page (its catalog and the ones above it deleted with it). */
  restoredCatalogs: Catalog[];
}

/**
 * The item's recycle bin: pages deleted one by one and pages of deleted catalogs, with who deleted them
 * and when. Managers list and recover them (no catalog scope applies to managers).
 */
export class RecycleService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly changeLog: ChangeLogService,
  ) {}

  /** Newest first; only pages still deleted. */
  async list(viewer: Viewer, itemId: number): Promise<RecycleEntry[]> {
    const { item } = await this.policy.requireManage(viewer, itemId);
    return this.em.find(
      RecycleEntry,
      { item, page: { deletedAt: { $ne: null } } },
      { orderBy: { deletedAt: 'desc', id: 'desc' } },
    );
  }

  /**
   * Brings a page back. It returns to its catalog while that catalog lives; a page deleted with its
   * catalog brings that catalog back too (with the deleted catalogs between them), so it reappears where
   * it was; otherwise it goes to the item root (ShowDoc always used the root).
   */
  async recover(viewer: Viewer, itemId: number, pageId: number, now = new Date()): Promise<RecoveredPage> {
    const user = viewer.requireUser();
    if (itemId <= 0 || pageId <= 0) throw new DomainError('BadInput');
    const { item } = await this.policy.requireManage(viewer, itemId);
    const page = await this.em.findOne(Page, { id: pageId, item });
    const entry = await this.em.findOne(RecycleEntry, { item, page: pageId });
    if (!page || !page.deletedAt) throw new DomainError('RecycleEntryNotFound');
    const { target, restore } = await this.placeFor(item, page, entry);

    await inTransaction(this.em, async () => {
      for (const catalog of restore) catalog.deletedAt = null;
      page.deletedAt = null;
      page.catalog = target;
      if (entry) this.em.remove(entry);
      item.lastUpdateAt = now;
      await this.em.flush();
      await menuChanged(this.em, item.id);
      for (const catalog of [...restore].reverse()) {
        await this.changeLog.record(item, user, {
          action: 'create',
          objectType: 'catalog',
          objectId: catalog.id,
          objectName: catalog.name,
          remark: RECOVERED_REMARK,
        });
      }
      await this.changeLog.record(item, user, {
        action: 'create',
        objectType: 'page',
        objectId: page.id,
        objectName: page.title,
        remark: RECOVERED_REMARK,
      });
    });
    return { page, restoredCatalogs: restore };
  }

  /** Where a recovered page goes, and which deleted catalogs come back to hold it (page's catalog first). */
  private async placeFor(
    item: Item,
    page: Page,
    entry: RecycleEntry | null,
  ): Promise<{ target: Catalog | null; restore: Catalog[] }> {
    const root = { target: null, restore: [] };
    if (!page.catalog) return root;
    const live = await loadCatalogPath(this.em, item.id, page.catalog.id);
    if (live) return { target: live[live.length - 1]!, restore: [] };
    const deletedWith = entry?.deletedWithCatalogId;
    if (!deletedWith) return root;

    const catalogs = new Map((await this.em.find(Catalog, { item })).map((c) => [c.id, c]));
    const chain: Catalog[] = [];
    let current = catalogs.get(page.catalog.id);
    let reachedDeletedWith = false;
    // Up from the page's catalog through the deleted ones, at most to the catalog deleted with the page
    // (a part of the chain may already be back, brought by the recovery of a sibling page).
    while (current?.deletedAt && !reachedDeletedWith && chain.length <= catalogs.size) {
      chain.push(current);
      reachedDeletedWith = current.id === deletedWith;
      current = current.parent ? catalogs.get(current.parent.id) : undefined;
    }
    // `current` is what the chain hangs from again: a live catalog, or the top level (undefined).
    if (!chain.length || (current ? current.deletedAt !== null : !reachedDeletedWith)) return root;
    if (current && !(await loadCatalogPath(this.em, item.id, current.id))) return root;
    return { target: chain[0]!, restore: chain };
  }
}
