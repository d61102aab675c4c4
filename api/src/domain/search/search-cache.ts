import type { EntityManager } from '@mikro-orm/core';
import { leanReader } from '../../../../db/src';

/**
 * Search results by the versions of the searched items (issue #14). The version is the item's
 * `item_menu_version` (api/src/domain/catalogs/menu-cache.ts): every write of a page or a catalog of the
 * item replaces it in the write's transaction (saves of content included: the editor and the time show in
 * the menu), so a result cached under the versions read before it was computed is never served after a
 * write on any node. What the policy decides (may the viewer read the item, their catalog scope, whose
 * drafts) is decided per request and is part of the key, never of the cached value.
 */

/** Results one process keeps, least recently used going first, and the pages held in them all. */
export const SEARCH_CACHE_RESULTS = 200;
export const SEARCH_CACHE_PAGES = 2_000;

interface Entry {
  value: Promise<unknown>;
  /** Pages in the result, once computed (0 before). */
  weight: number;
  /** Whether the result is kept (set once computed, before any other caller's wait for it ends). */
  kept?: boolean;
}

/** A result and whether the cache keeps it under its key (false: served once, as `keep` said). */
export interface CachedValue<T> {
  value: T;
  kept: boolean;
}

export class SearchCache {
  private readonly entries = new Map<string, Entry>();
  private weight = 0;

  constructor(
    private readonly maxResults = SEARCH_CACHE_RESULTS,
    private readonly maxPages = SEARCH_CACHE_PAGES,
  ) {}

  /**
   * The result under `key` (which holds the items' versions), or `build`'s; `keep` says whether a result
   * may be kept and how many pages it holds (null: serve it once, keep nothing).
   */
  async get<T>(
    key: string,
    build: () => Promise<T>,
    keep: (value: T) => number | null,
  ): Promise<CachedValue<T>> {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      // The builder's wait was the first on this promise: its `kept` is set before this one resumes.
      const value = (await hit.value) as T;
      return { value, kept: hit.kept === true };
    }
    const entry: Entry = { value: build(), weight: 0 };
    this.entries.set(key, entry);
    try {
      const value = (await entry.value) as T;
      const weight = keep(value);
      entry.kept = weight !== null;
      if (this.entries.get(key) === entry) {
        if (weight === null) {
          this.entries.delete(key);
        } else {
          entry.weight = weight;
          this.weight += weight;
          this.evict();
        }
      }
      return { value, kept: entry.kept };
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  /** Drops what is cached (tests; a node that wants its memory back). */
  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxResults && this.weight <= this.maxPages) return;
      this.entries.delete(key);
      this.weight -= entry.weight;
    }
  }
}

const caches = new WeakMap<object, SearchCache>();

/** The search cache of the ORM instance `em` belongs to (request forks share it). */
export function searchCacheOf(em: EntityManager): SearchCache {
  const key = em.getDriver();
  let cache = caches.get(key);
  if (!cache) {
    cache = new SearchCache();
    caches.set(key, cache);
  }
  return cache;
}

/**
 * The versions of `itemIds` as one key part, read in one query; null when an item has none yet (an item
 * no write or menu read has given one: nothing is cached for it until then).
 */
export async function itemVersions(em: EntityManager, itemIds: number[]): Promise<string | null> {
  if (itemIds.length === 0) return '';
  const rows = await leanReader(em).allKept<{ item_id: number; version: number | string }>(
    `select item_id, version from item_menu_version where item_id in (${itemIds.map(() => '?').join(', ')})`,
    itemIds,
  );
  if (rows.length < new Set(itemIds).size) return null;
  return rows
    .map((row) => `${Number(row.item_id)}@${String(row.version)}`)
    .sort()
    .join(',');
}
