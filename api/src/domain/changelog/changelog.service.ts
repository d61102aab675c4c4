import type { EntityManager } from '@mikro-orm/core';
import {
  Catalog,
  ItemChangeLog,
  nativeSql,
  Page,
  type ChangeAction,
  type ChangeObject,
  type Item,
  type User,
} from '../../../../db/src';
import { CatalogTree } from '../catalogs/catalog-tree';
import { pageVisibleInScope } from '../policy/scope';
import type { ItemRights, PolicyService } from '../policy/policy.service';
import type { Viewer } from '../viewer';
import { enqueueItemChange } from '../webhooks/outbox';

/** The newest entries kept per item (spec 000 §9). */
export const CHANGE_LOG_KEEP = 300;

/**
 * An item's change log is trimmed on one entry in this many that a process appends to it, down to
 * `CHANGE_LOG_KEEP`: the trim is two statements (the cutoff read walks 300 index entries), on every page
 * save (issue #14). Readers see the newest `CHANGE_LOG_KEEP`, so what they see is what a trim on every
 * entry would leave; an item holds at most `CHANGE_LOG_TRIM_EVERY - 1` more per process that wrote to it
 * since its last trim.
 */
export const CHANGE_LOG_TRIM_EVERY = 16;

/** Entries appended per item since this process last trimmed it, per database (its ORM's config). */
const appendsSinceTrim = new WeakMap<object, Map<number, number>>();
/** Items counted per database; past it the counts start again (each item then trims within 16 more). */
const COUNTED_ITEMS_MAX = 10_000;

/** Counts an entry of `itemId`; true when this one trims (`CHANGE_LOG_TRIM_EVERY`). */
function changeLogTrimDue(em: EntityManager, itemId: number): boolean {
  let counts = appendsSinceTrim.get(em.config);
  if (!counts) appendsSinceTrim.set(em.config, (counts = new Map()));
  const count = (counts.get(itemId) ?? 0) + 1;
  if (count >= CHANGE_LOG_TRIM_EVERY) {
    counts.delete(itemId);
    return true;
  }
  if (counts.size >= COUNTED_ITEMS_MAX && !counts.has(itemId)) counts.clear();
  counts.set(itemId, count);
  return false;
}

export interface ChangeEntry {
  action: (typeof ChangeAction)[number];
  objectType: (typeof ChangeObject)[number];
  objectId: number;
  objectName: string;
  remark?: string;
}

export interface ChangeLogPage {
  /** Entries the viewer may see, all pages together. */
  total: number;
  /** Newest first, with their users loaded (null: an open-API write, or a user since deleted). */
  entries: ItemChangeLog[];
}

/** Change-log entries written through the open API carry this remark (they have no user). */
export const OPEN_API_REMARK = 'API';

/** Who made a change, as the log shows it: a user, 'API' for the open API, '' for a deleted user. */
export function operatorOf(entry: ItemChangeLog): { id: number | null; username: string; name: string } {
  if (entry.user) return { id: entry.user.id, username: entry.user.username, name: entry.user.name ?? '' };
  return { id: null, username: entry.remark === OPEN_API_REMARK ? OPEN_API_REMARK : '', name: '' };
}

export class ChangeLogService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
  ) {}

  /**
   * One page of an item's change log, newest first, for its editors. A catalog-scoped editor sees no
   * entry about pages or catalogs outside the scope (ShowDoc showed every title to them), and only the
   * item's managers see entries about other people's drafts (ShowDoc showed their titles to every editor).
   */
  async list(
    viewer: Viewer,
    itemId: number,
    range: { offset: number; limit: number },
  ): Promise<ChangeLogPage> {
    const { item, rights } = await this.policy.requireEdit(viewer, itemId);
    let entries = await this.em.find(
      ItemChangeLog,
      { item },
      // The newest CHANGE_LOG_KEEP: an item may hold a few more until its next trim.
      { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: CHANGE_LOG_KEEP },
    );
    if (rights.catalogScope !== null || !rights.managesWhenActive) {
      entries = await this.visibleTo(viewer, item, rights, entries);
    }
    return {
      total: entries.length,
      entries: entries.slice(range.offset, range.offset + range.limit),
    };
  }

  private async visibleTo(
    viewer: Viewer,
    item: Item,
    rights: ItemRights,
    entries: ItemChangeLog[],
  ): Promise<ItemChangeLog[]> {
    // Deleted catalogs count too: an entry about a deleted catalog of the scope stays visible.
    const tree = new CatalogTree(await this.em.find(Catalog, { item }));
    const pageIds = entries.filter((e) => e.objectType === 'page').map((e) => e.objectId);
    const pages = pageIds.length
      ? await this.em.find(
          Page,
          { id: { $in: pageIds }, item },
          { fields: ['id', 'catalog', 'isDraft', 'author'], disableIdentityMap: true },
        )
      : [];
    // -1: a catalog chain that no longer reaches the top level is in no scope.
    const pageTop = new Map(pages.map((p) => [p.id, p.catalog ? (tree.topOf(p.catalog.id) ?? -1) : null]));
    const othersDrafts = new Set(
      pages.filter((p) => p.isDraft && (!p.author || p.author.id !== viewer.userId)).map((p) => p.id),
    );
    return entries.filter((entry) => {
      switch (entry.objectType) {
        case 'page': {
          if (othersDrafts.has(entry.objectId) && !rights.managesWhenActive) return false;
          const top = pageTop.get(entry.objectId);
          // A page removed for good is no longer known to be in the scope (unscoped editors still see it).
          if (rights.catalogScope === null) return true;
          return top !== undefined && pageVisibleInScope(rights, top);
        }
        case 'catalog': {
          if (rights.catalogScope === null) return true;
          const top = tree.topOf(entry.objectId);
          return top !== null && pageVisibleInScope(rights, top);
        }
        case 'tree':
          return rights.catalogScope === null;
        default:
          return true;
      }
    });
  }

  /** Records who changed what; call inside the write's transaction (it flushes with it). */
  async record(item: Item, user: User | null, entry: ChangeEntry): Promise<void> {
    await this.em.flush();
    await this.append(item, user, entry);
  }

  /**
   * `record` without flushing the unit of work: plain statements, for writes that make their own changes
   * with native statements (a page save), so it can run again when its transaction is retried.
   */
  async append(
    item: Pick<Item, 'id' | 'name'> & { enabledWebhooks?: number },
    user: User | null,
    entry: ChangeEntry,
  ): Promise<void> {
    const sql = nativeSql(this.em);
    await sql.run(
      `insert into item_change_log (created_at, item_id, user_id, action_type, object_type, object_id, ` +
        `object_name, remark) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        new Date(),
        item.id,
        user?.id ?? null,
        entry.action,
        entry.objectType,
        entry.objectId,
        entry.objectName.slice(0, 255),
        (entry.remark ?? '').slice(0, 255),
      ],
    );
    if (changeLogTrimDue(this.em, item.id)) {
      // The cutoff first, by a plain (non-locking) read; the DELETE only once the item has passed the
      // bound. A DELETE on every save locked the item's whole index range, so concurrent saves of one
      // item's pages (each holding its own new entry) deadlocked on it on MariaDB.
      const cutoff = await sql.get<{ id: number }>(
        `select id from item_change_log where item_id = ? order by id desc limit 1 offset ${CHANGE_LOG_KEEP}`,
        [item.id],
      );
      if (cutoff) {
        await sql.run('delete from item_change_log where item_id = ? and id <= ?', [item.id, cutoff.id]);
      }
    }
    // Item hooks hear of the same changes, queued in the same transaction (the outbox).
    await enqueueItemChange(this.em, item, user, entry);
  }
}
