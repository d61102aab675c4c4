import type {
  Configuration,
  EntityManager,
  EventArgs,
  EventSubscriber,
  Transaction,
  TransactionEventArgs,
} from '@mikro-orm/core';
import { Page } from '../entities/page';
import { nativeSql } from '../native-sql';
import { rootTransactionOf } from '../transaction-root';
import { SEARCH_SCHEMA } from './fts-index';
import { ftsIndexerOf } from './fts-indexer';
import { searchDialectOf } from './page-search-index';

/**
 * A page's plain text: the page as readers see it, for search snippets (issue #22; plain-text-of.ts reads
 * it). Where it is kept depends on the database:
 *
 * - The embedded database's index thread keeps it in the index file, `search.page_text`, with the page's
 *   full-text entry (fts-index.ts): no save reads or writes it, and search reads it only for pages with
 *   nothing queued past what the index holds (`plainTextSql`). Reading it there took ~15 % of a save's
 *   CPU off the event loop (test/bench/README.md). `page.plain_text` is neither written nor read there
 *   (a database written before keeps its old values, unused).
 * - MySQL: `page.plain_text`. page/save writes it in its own UPDATE (~0.1 ms a page); every other write of
 *   a page's content has it written after the commit, in the background
 *   (api/src/domain/search/plain-text-filler.ts). The rest of this module serves this case:
 *
 * - The Page entity drops the plain text (null) in the same UPDATE as a content change, so a page never
 *   shows the text of older content; until the worker's write, snippets fall back to the source.
 * - PlainTextSubscriber (registered in config.ts) collects the ids of pages created or whose content
 *   changed through the unit of work, per root transaction, and hands them to the ORM's listeners once that
 *   transaction committed (a rollback drops them).
 * - Pages written without the unit of work (raw SQL: the ShowDoc migration) keep a null plain text and are
 *   found by `pagesWithoutPlainText`, the backfill's scan (run at server start, and after such imports).
 * - `writePlainText` stores a result only when the content is still the one it was computed from, so a
 *   slow result for an older save never overwrites a newer one.
 */

/** Whether the index thread keeps this database's plain texts (the embedded database with its index file). */
export function plainTextInSearchIndex(em: EntityManager): boolean {
  return ftsIndexerOf(em) !== null;
}

/**
 * How a read of `page` gets each page's plain text as `plain_text`: the column to select and the join it
 * needs. In the index file, a page changed since the index last caught up (a queue row past its `seq`) has
 * none (null: snippets fall back to the source, as for a page not read yet), so it never shows older text.
 */
export function plainTextSql(em: EntityManager): { column: string; join: string } {
  if (!plainTextInSearchIndex(em)) return { column: 'page.plain_text', join: '' };
  return {
    column: 'page_text.text as plain_text',
    join:
      `left join ${SEARCH_SCHEMA}.page_text on page_text.page_id = page.id and page.id not in ` +
      `(select page_id from main.page_fts_queue where seq > (select indexed_seq from ${SEARCH_SCHEMA}.search_state))`,
  };
}

type Listener = (pageIds: number[]) => void;

/** Listeners per ORM (its Configuration object is shared by every EntityManager of that ORM). */
const listeners = new WeakMap<Configuration, Set<Listener>>();

/** Calls `listener` with the ids of pages whose content changed, after each commit that changed some. */
export function onPageContentCommitted(em: EntityManager, listener: Listener): () => void {
  const config = em.config;
  let set = listeners.get(config);
  if (!set) listeners.set(config, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

function notify(config: Configuration, ids: Set<number>): void {
  if (ids.size === 0) return;
  const list = [...ids];
  for (const listener of listeners.get(config) ?? []) {
    try {
      listener(list);
    } catch {
      // A listener's failure must not surface in the committed write's caller.
    }
  }
}

/** Page ids whose content changed in each open root transaction (keyed by that transaction). */
const pending = new WeakMap<object, Set<number>>();

/**
 * Hands these pages to the plain-text filler once the EntityManager's transaction commits (at once outside
 * one). For writes that pass by the unit of work (page/save's native UPDATE), which must also set
 * `plain_text` to null in that UPDATE. The subscriber below does both for unit-of-work writes.
 */
export function pageContentChanged(em: EntityManager, pageIds: Iterable<number>): void {
  const ids = [...pageIds].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return;
  const trx = em.getTransactionContext<Transaction>();
  if (!trx) {
    notify(em.config, new Set(ids));
    return;
  }
  const root = rootTransactionOf(trx);
  let set = pending.get(root);
  if (!set) pending.set(root, (set = new Set()));
  for (const id of ids) set.add(id);
}

/** The columns whose change makes a page's plain text stale. */
const TEXT_PROPERTIES = ['content'] as const;

export class PlainTextSubscriber implements EventSubscriber<Page> {
  getSubscribedEntities() {
    return [Page];
  }

  private record(args: EventArgs<Page>): void {
    pageContentChanged(args.em, [args.entity.id]);
  }

  afterCreate(args: EventArgs<Page>): void {
    this.record(args);
  }

  afterUpsert(args: EventArgs<Page>): void {
    this.record(args);
  }

  afterUpdate(args: EventArgs<Page>): void {
    const payload = args.changeSet?.payload ?? {};
    if (TEXT_PROPERTIES.some((name) => name in payload)) this.record(args);
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    if (!args.transaction) return;
    const ids = pending.get(args.transaction);
    if (!ids) return;
    pending.delete(args.transaction);
    notify(args.em.config, ids);
  }

  afterTransactionRollback(args: TransactionEventArgs): void {
    if (args.transaction) pending.delete(args.transaction);
  }
}

export interface PageTextSource {
  id: number;
  content: string;
  /** A spreadsheet's cell text: its snippets come from there, it needs no plain text of its own. */
  searchText: string | null;
}

/** The content of these pages (those that still exist). */
export async function pageTextSources(em: EntityManager, ids: number[]): Promise<PageTextSource[]> {
  const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (wanted.length === 0) return [];
  // With bindings (nativeSql), as the other two: every statement of the filler is prepared once, and a
  // page's content and text are never escaped into the SQL (this runs after every page save).
  const rows = await nativeSql(em).all<{ id: number; content: string | null; search_text: string | null }>(
    `select id, content, search_text from page where id in (${wanted.map(() => '?').join(', ')})`,
    wanted,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    content: String(row.content ?? ''),
    searchText: row.search_text === null ? null : String(row.search_text),
  }));
}

/** Up to `limit` ids of pages without plain text, after `afterId`, in id order (the backfill's scan). */
export async function pagesWithoutPlainText(
  em: EntityManager,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await nativeSql(em).all<{ id: number }>(
    'select id from page where plain_text is null and id > ? order by id limit ?',
    [afterId, limit],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Stores a page's plain text if its content is still `fromContent` (compared byte for byte): false when the
 * page changed meanwhile (its own change brings a newer result) or is gone.
 */
export async function writePlainText(
  em: EntityManager,
  pageId: number,
  fromContent: string,
  plainText: string,
): Promise<boolean> {
  const same = searchDialectOf(em) === 'mysql' ? 'content = ? collate utf8mb4_bin' : 'content = ?';
  const { changes } = await nativeSql(em).run(`update page set plain_text = ? where id = ? and ${same}`, [
    plainText,
    pageId,
    fromContent,
  ]);
  return changes > 0;
}
