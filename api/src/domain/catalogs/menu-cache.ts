import crypto from 'node:crypto';
import type { EntityManager, EventSubscriber, FlushEventArgs } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Catalog, ItemMenuVersion, leanReader, nativeSql, Page } from '../../../../db/src';
import { afterCommit } from '../transaction';

/**
 * The versioned menu cache (issue #14). Every write that changes what an item's menu shows (page create,
 * save, delete, move, sort, catalog create/rename/move/delete/copy, recycle recovery, item copy) calls
 * `menuChanged` inside its transaction: the item's `item_menu_version` row gets a fresh random value as
 * the transaction's last statement, so the new version commits with the data or not at all. A reader
 * reads the version first (one primary-key row), then uses the menu cached under it or builds it from
 * the database, which is then at least as new as that version. A write on any node changes the version
 * every node reads, so no node serves a stale menu after the write's commit. The cache holds the menu
 * unfiltered; the policy's filter (scope, other people's drafts) runs on it for every request.
 */

/**
 * How much one process keeps, least recently used going first: menus of at most this many items, and of
 * this many pages in all (a cached page with its shaped rows is about 1 kB: ~20 MB).
 */
export const MENU_CACHE_ITEMS = 200;
export const MENU_CACHE_PAGES = 20_000;

/** 1 .. 2^53-1: a version is never reused, so it cannot revive a menu after a restore or an id reuse. */
const freshVersion = () => crypto.randomInt(1, 2 ** 48) * 32 + crypto.randomInt(0, 32);

/** Records that `itemId`'s menu changes with the current write (at once outside a transaction). */
export async function menuChanged(em: EntityManager, itemId: number): Promise<void> {
  if (em.isInTransaction())
    afterCommit(em).collectBeforeCommit('menuVersion', itemId, (ids) => bump(em, ids));
  else await bump(em, [itemId]);
}

/**
 * The safety net under the explicit calls: every flush that writes a page or a catalog (fixtures, imports,
 * any path that forgets to call `menuChanged`) changes the menu version of their items, at the end of the
 * open transaction, or right after a flush outside one. Native statements pass by it: they call
 * `menuChanged` themselves (page saves).
 */
class MenuVersionSubscriber implements EventSubscriber {
  async afterFlush({ em, uow }: FlushEventArgs): Promise<void> {
    const itemIds = new Set<number>();
    for (const change of uow.getChangeSets()) {
      const entity = change.entity as object;
      if (!(entity instanceof Page || entity instanceof Catalog)) continue;
      itemIds.add(entity.item.id);
      // A page or catalog moved to another item leaves the menu (and search results) of the one it left.
      const before = (change.originalEntity as { item?: unknown } | undefined)?.item;
      if (typeof before === 'number') itemIds.add(before);
    }
    for (const itemId of itemIds) await menuChanged(em, itemId);
  }
}

const subscribed = new WeakSet<object>();

/** Registers the flush safety net once per ORM (request forks share their ORM's event manager). */
export function watchMenuWrites(em: EntityManager): void {
  const events = em.getEventManager();
  if (subscribed.has(events)) return;
  subscribed.add(events);
  events.registerSubscriber(new MenuVersionSubscriber());
}

async function bump(em: EntityManager, itemIds: number[]): Promise<void> {
  // A plain statement: it ends every page save.
  const sql = nativeSql(em);
  const upsert =
    sql.dialect === 'sqlite'
      ? 'on conflict (item_id) do update set version = excluded.version'
      : 'on duplicate key update version = values(version)';
  for (const itemId of itemIds) {
    await sql.run(`insert into item_menu_version (item_id, version) values (?, ?) ${upsert}`, [
      itemId,
      freshVersion(),
    ]);
  }
}

/** The item's menu version; an item without one (older than the cache) gets one now. */
export async function menuVersion(em: EntityManager, itemId: number): Promise<number> {
  // On every menu read: a lean read (no query builder, a kept statement).
  const read = () =>
    leanReader(em).getKept<{ version: number | string }>(
      'select version from item_menu_version where item_id = ?',
      [itemId],
    );
  const row = await read();
  if (row) return Number(row.version);
  await (em as SqlEntityManager)
    .createQueryBuilder(ItemMenuVersion)
    .insert({ itemId, version: freshVersion() })
    .onConflict('itemId')
    .ignore()
    .execute('run');
  return Number((await read())!.version);
}

interface Entry<T> {
  version: number;
  value: Promise<T>;
  /** The value once built. */
  built?: T;
  /** Pages in the menu, once built (0 before). */
  weight: number;
}

/**
 * Menus of one ORM instance (one node), by item id, each with the version it was built for. Concurrent
 * readers of one version share one build; the build of a new version gets the value of the version it
 * replaces (to keep what did not change).
 */
export class MenuCache<T> {
  private readonly entries = new Map<number, Entry<T>>();
  private weight = 0;

  constructor(
    private readonly weigh: (value: T) => number = () => 1,
    private readonly maxItems = MENU_CACHE_ITEMS,
    private readonly maxWeight = MENU_CACHE_PAGES,
  ) {}

  async get(itemId: number, version: number, build: (previous?: T) => Promise<T>): Promise<T> {
    const hit = this.entries.get(itemId);
    if (hit && hit.version === version) {
      // Most recently used last.
      this.entries.delete(itemId);
      this.entries.set(itemId, hit);
      return hit.value;
    }
    if (hit) this.drop(itemId, hit);
    const entry: Entry<T> = { version, value: build(hit?.built), weight: 0 };
    this.entries.set(itemId, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(itemId) !== entry) return;
        entry.built = value;
        entry.weight = this.weigh(value);
        this.weight += entry.weight;
        this.evict();
      },
      () => {
        if (this.entries.get(itemId) === entry) this.drop(itemId, entry);
      },
    );
    this.evict();
    return entry.value;
  }

  /** Drops what is cached (tests; a node that wants its memory back). */
  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  private evict(): void {
    for (const [itemId, entry] of this.entries) {
      if (this.entries.size <= this.maxItems && this.weight <= this.maxWeight) return;
      // The newest entry stays even when it alone is over the bound: its readers are waiting for it.
      if (this.entries.size === 1) return;
      this.drop(itemId, entry);
    }
  }

  private drop(itemId: number, entry: Entry<T>): void {
    this.entries.delete(itemId);
    this.weight -= entry.weight;
  }
}

const caches = new WeakMap<object, MenuCache<unknown>>();

/**
 * The menu cache of the ORM instance `em` belongs to (request forks share it; another ORM has its own);
 * `weigh` counts a cached value's pages, for the bound (the first caller's counts).
 */
export function menuCacheOf<T>(em: EntityManager, weigh?: (value: T) => number): MenuCache<T> {
  const key = em.getDriver();
  let cache = caches.get(key);
  if (!cache) {
    cache = new MenuCache<unknown>(weigh as ((value: unknown) => number) | undefined);
    caches.set(key, cache);
  }
  return cache as MenuCache<T>;
}
