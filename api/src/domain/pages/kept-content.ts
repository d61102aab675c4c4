import type { EntityManager } from '@mikro-orm/core';
import type { ContentStamp } from './page-read';

/**
 * A door's form of a page's content: the JSON text its answer carries (REST's HTML-escaped string,
 * GraphQL's plain one), made from the stored text.
 */
export interface ContentWire<T> {
  /** Tells the forms apart in the cache. */
  readonly name: string;
  make(content: string): T;
  /** What the form holds in memory, for the cache's bound. */
  size(value: T): number;
}

/** What the forms of one database's pages may hold, all together; the least recently read go first. */
export const KEPT_CONTENT_BYTES = 8 * 1024 * 1024;

interface Entry {
  stamp: ContentStamp;
  value: unknown;
  size: number;
}

/**
 * The forms of page contents made for this database's readers, by form and page, each with the stamp of
 * the content it was made from (issue #14: a page read again unchanged reads, escapes and encodes no
 * content). A stamp is checked against the stored page on every read (`readPage`), so a form is never
 * given for another content, on any node; nothing here is told of writes.
 */
export class KeptContents {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly limit = KEPT_CONTENT_BYTES) {}

  /** The kept form of page `pageId` and its stamp, if any (it counts as read). */
  get<T>(wire: ContentWire<T>, pageId: number): { stamp: ContentStamp; value: T } | undefined {
    const key = `${wire.name}:${pageId}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { stamp: entry.stamp, value: entry.value as T };
  }

  /** Keeps `value`, made from page `pageId`'s content at `stamp`, instead of any earlier form. */
  set<T>(wire: ContentWire<T>, pageId: number, stamp: ContentStamp, value: T): void {
    const key = `${wire.name}:${pageId}`;
    const size = wire.size(value);
    this.drop(key);
    if (size > this.limit / 8) return;
    this.entries.set(key, { stamp, value, size });
    this.total += size;
    for (const [oldest] of this.entries) {
      if (this.total <= this.limit) break;
      this.drop(oldest);
    }
  }

  /** What the kept forms hold, in bytes (tests). */
  get size(): number {
    return this.total;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }
}

// Keyed by the ORM's driver: one per database, as long as its ORM lives.
const byDatabase = new WeakMap<object, KeptContents>();

/** The kept content forms of `em`'s database. */
export function keptContents(em: EntityManager): KeptContents {
  const key = em.getDriver();
  let kept = byDatabase.get(key);
  if (!kept) byDatabase.set(key, (kept = new KeptContents()));
  return kept;
}
