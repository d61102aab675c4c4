import type {
  EntityManager,
  EventArgs,
  EventSubscriber,
  Transaction,
  TransactionEventArgs,
} from '@mikro-orm/core';
import { BaseSqlitePlatform } from '@mikro-orm/knex';
import { Page } from '../entities/page';
import { nativeSql } from '../native-sql';
import { rootTransactionOf } from '../transaction-root';

/**
 * Full-text index of page titles and contents, one per database kind:
 *
 * - SQLite: the FTS5 table `page_fts` (trigram tokenizer) in a file of its own, kept by a thread of its
 *   own from the queue that triggers on `page` fill (fts-index.ts). Every write, ORM or raw SQL, is
 *   queued: nothing to call.
 * - MySQL/MariaDB: the posting table `page_search_gram` (MariaDB has no ngram FULLTEXT parser and its
 *   default one cannot split Chinese). One row per distinct gram of a page, where the gram at position i
 *   of the case-folded text packs the UTF-16 code units i, i+1, i+2 into one integer (0 past the end), so
 *   `gram IN (...)` finds trigrams and a range of grams finds the pages holding a 1- or 2-unit prefix.
 *   A write of a page's indexed text appends the page's id to `page_search_queue` in its own transaction
 *   (one row: thousands of posting rows per save were most of MariaDB's work, issue #14), and the server's
 *   gram indexer (gram-indexer.ts) brings the postings of queued pages in line after the commit. Search
 *   takes every queued page of the searched items as a candidate besides the postings' (it verifies the
 *   substring on the stored text), so a committed save is found at once. PageSearchSubscriber (registered
 *   in config.ts for MySQL) queues every page the unit of work creates, upserts or updates (title,
 *   content or item); page rows deleted for good take their grams with them (foreign key, on delete
 *   cascade) and their queue rows are dropped by the indexer.
 *
 * The rule for MySQL: a write that inserts pages or changes their title, content or item WITHOUT the
 * unit of work (em.insert/insertMany, nativeInsert/nativeUpdate, query builder, raw SQL such as a copy by
 * INSERT ... SELECT) must call reindexPages/reindexItem in the same transaction, after its writes. Soft
 * deletes, moves within the item and recoveries change none of the indexed columns: search filters them
 * in its query.
 */

/** 2^16: one UTF-16 code unit per slot of a packed gram (three slots: at most 2^48 - 1, a safe integer). */
const SLOT = 0x10000;
const LAST_UNIT = 0xffff;
/** A needle's trigrams beyond this many narrow the candidates no further worth the query size. */
const MAX_NEEDLE_GRAMS = 16;
/** Pages read and diffed per round trip, and posting rows per INSERT statement. */
const PAGES_PER_BATCH = 25;
const ROWS_PER_INSERT = 2000;

export type SearchDialect = 'sqlite' | 'mysql';

export function searchDialectOf(em: EntityManager): SearchDialect {
  return em.getPlatform() instanceof BaseSqlitePlatform ? 'sqlite' : 'mysql';
}

/** The case folding of the gram index (and of needles): full Unicode lower case, as JavaScript does it. */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

function packAt(folded: string, i: number): number {
  const a = folded.charCodeAt(i);
  const b = i + 1 < folded.length ? folded.charCodeAt(i + 1) : 0;
  const c = i + 2 < folded.length ? folded.charCodeAt(i + 2) : 0;
  return (a * SLOT + b) * SLOT + c;
}

/** Distinct grams of some texts (title and content are gram-ed apart: no gram spans the two). */
export function gramsOf(...texts: string[]): Set<number> {
  const grams = new Set<number>();
  for (const text of texts) {
    const folded = foldCase(text);
    for (let i = 0; i < folded.length; i++) grams.add(packAt(folded, i));
  }
  return grams;
}

/**
 * How the posting table narrows a needle down to candidate pages (a superset: the search query verifies
 * the exact substring after): every one of its trigrams, or for 1 and 2 code units (a Chinese word of one
 * or two characters) any gram that starts with it.
 */
export type GramLookup = { kind: 'all'; grams: number[] } | { kind: 'prefix'; from: number; to: number };

export function gramLookup(needle: string): GramLookup {
  const folded = foldCase(needle);
  if (folded.length === 0) throw new Error('gramLookup needs a non-empty needle');
  if (folded.length === 1) {
    const a = folded.charCodeAt(0) * SLOT * SLOT;
    return { kind: 'prefix', from: a, to: a + LAST_UNIT * SLOT + LAST_UNIT };
  }
  if (folded.length === 2) {
    const ab = (folded.charCodeAt(0) * SLOT + folded.charCodeAt(1)) * SLOT;
    return { kind: 'prefix', from: ab, to: ab + LAST_UNIT };
  }
  const all: number[] = [];
  for (let i = 0; i + 3 <= folded.length; i++) all.push(packAt(folded, i));
  const distinct = [...new Set(all)];
  if (distinct.length <= MAX_NEEDLE_GRAMS) return { kind: 'all', grams: distinct };
  // Spread over the needle: the verification step makes any subset correct.
  const step = distinct.length / MAX_NEEDLE_GRAMS;
  const picked = Array.from({ length: MAX_NEEDLE_GRAMS }, (_, k) => distinct[Math.floor(k * step)]!);
  return { kind: 'all', grams: [...new Set(picked)] };
}

export type Run = <T>(sql: string, params?: unknown[]) => Promise<T>;

/** Runs `work` in the EntityManager's current transaction, or in a new one when there is none. */
async function inIndexTransaction(em: EntityManager, work: (run: Run) => Promise<void>): Promise<void> {
  const connection = em.getConnection('write');
  const bind =
    (ctx: Transaction | undefined): Run =>
    <T>(sql: string, params: unknown[] = []) =>
      connection.execute(sql, params, 'all', ctx) as Promise<T>;
  const current = em.getTransactionContext<Transaction>();
  if (current) return work(bind(current));
  await connection.transactional((trx) => work(bind(trx)));
}

interface PageText {
  id: number;
  item_id: number;
  title: string;
  content: string;
}

/** Root transactions that queued pages: the gram indexer is woken when one commits. */
const queuedIn = new WeakSet<object>();

/** Called once a transaction that queued pages committed (the gram indexer registers itself). */
const wakers = new WeakMap<object, () => void>();

/** Registers what wakes the gram indexer of this ORM (gram-indexer.ts; its Configuration is the key). */
export function onPagesQueued(em: EntityManager, wake: () => void): () => void {
  wakers.set(em.config, wake);
  return () => {
    if (wakers.get(em.config) === wake) wakers.delete(em.config);
  };
}

function wakeIndexer(em: EntityManager): void {
  wakers.get(em.config)?.();
}

/**
 * Queues these pages for the gram indexer (gram-indexer.ts), in the EntityManager's transaction or on its
 * own: one row per page, which the indexer turns into postings after the commit. Search finds a queued page
 * at once (it verifies queued pages' text itself). No-op on SQLite (triggers queue the pages for FTS5).
 */
export async function reindexPages(em: EntityManager, pageIds: Iterable<number>): Promise<void> {
  if (searchDialectOf(em) !== 'mysql') return;
  const ids = [...new Set(pageIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return;
  await queuePages(em, ids);
}

async function queuePages(em: EntityManager, ids: number[]): Promise<void> {
  const current = em.getTransactionContext<Transaction>();
  await inIndexTransaction(em, async (run) => {
    for (let start = 0; start < ids.length; start += ROWS_PER_INSERT) {
      // Ids are checked integers: safe to inline.
      const rows = ids.slice(start, start + ROWS_PER_INSERT).map((id) => `(${id})`);
      await run(`insert into page_search_queue (page_id) values ${rows.join(', ')}`);
    }
  });
  // In a transaction: PageSearchSubscriber wakes the indexer when it commits (a rollback queued nothing).
  if (current) queuedIn.add(rootTransactionOf(current));
  else wakeIndexer(em);
}

/**
 * Brings the postings of these pages in line with their rows: inserts the grams they gained, deletes the
 * ones they lost, follows a change of item, and drops the postings of pages that no longer exist. A diff,
 * so a small edit of a long page writes a few rows. The gram indexer's work, and reindexAll's.
 */
export async function indexPagesNow(run: Run, ids: number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += PAGES_PER_BATCH) {
    await reindexBatch(run, ids.slice(start, start + PAGES_PER_BATCH));
  }
}

/**
 * The indexed text of a page: a spreadsheet's cell text (`search_text`) or the markdown. Migrations that ran
 * before `search_text` existed index the markdown (`withSheetText: false`).
 */
async function reindexBatch(run: Run, ids: number[], withSheetText = true): Promise<void> {
  const marks = ids.map(() => '?').join(', ');
  const text = withSheetText ? 'coalesce(search_text, content)' : 'content';
  const pages = await run<PageText[]>(
    `select id, item_id, title, ${text} as content from page where id in (${marks})`,
    ids,
  );
  const have = await postingsOf(run, ids, marks);
  const gone = ids.filter((id) => !pages.some((p) => Number(p.id) === id) && have.has(id));
  if (gone.length) {
    await run(`delete from page_search_gram where page_id in (${gone.map(() => '?').join(', ')})`, gone);
  }
  const inserts: string[] = [];
  for (const page of pages) {
    const pageId = Number(page.id);
    const itemId = Number(page.item_id);
    const want = gramsOf(page.title ?? '', page.content ?? '');
    const existing = have.get(pageId) ?? { grams: new Set<number>(), items: new Set<number>() };
    if (existing.items.size > 1 || (existing.items.size === 1 && !existing.items.has(itemId))) {
      await run('update page_search_gram set item = ? where page_id = ?', [itemId, pageId]);
    }
    const lost = [...existing.grams].filter((g) => !want.has(g));
    if (lost.length > existing.grams.size / 2) {
      // Most of the text is new (a replaced body): one short DELETE and every gram again costs the
      // database less than thousands of grams named twice.
      await run('delete from page_search_gram where page_id = ?', [pageId]);
      for (const gram of want) inserts.push(`(${pageId}, ${gram}, ${itemId})`);
      continue;
    }
    for (let i = 0; i < lost.length; i += ROWS_PER_INSERT) {
      // Grams are integers computed here, never user text: safe to inline.
      await run(
        `delete from page_search_gram where page_id = ? and gram in (${lost.slice(i, i + ROWS_PER_INSERT).join(', ')})`,
        [pageId],
      );
    }
    for (const gram of want) if (!existing.grams.has(gram)) inserts.push(`(${pageId}, ${gram}, ${itemId})`);
  }
  for (let i = 0; i < inserts.length; i += ROWS_PER_INSERT) {
    await run(
      `insert into page_search_gram (page_id, gram, item) values ${inserts.slice(i, i + ROWS_PER_INSERT).join(', ')}`,
    );
  }
}

/**
 * The grams and items of these pages' postings, one row per page (`group_concat`: thousands of posting rows
 * per page cost the driver far more as rows). A page whose list the server's `group_concat_max_len` cut short
 * is read again row by row.
 */
async function postingsOf(
  run: Run,
  ids: number[],
  marks: string,
): Promise<Map<number, { grams: Set<number>; items: Set<number> }>> {
  const have = new Map<number, { grams: Set<number>; items: Set<number> }>();
  const lists = await run<
    Array<{ page_id: number; grams: string | Buffer; items: string | Buffer; n: number }>
  >(
    `select page_id, group_concat(gram) as grams, group_concat(distinct item) as items, count(*) as n
       from page_search_gram where page_id in (${marks}) group by page_id`,
    ids,
  );
  const cut: number[] = [];
  for (const row of lists) {
    const grams = String(row.grams).split(',');
    if (grams.length !== Number(row.n)) {
      cut.push(Number(row.page_id));
      continue;
    }
    have.set(Number(row.page_id), {
      grams: new Set(grams.map(Number)),
      items: new Set(String(row.items).split(',').map(Number)),
    });
  }
  if (cut.length) {
    const rows = await run<Array<{ page_id: number; gram: number | string; item: number }>>(
      `select page_id, gram, item from page_search_gram where page_id in (${cut.map(() => '?').join(', ')})`,
      cut,
    );
    for (const row of rows) {
      const entry = have.get(Number(row.page_id)) ?? { grams: new Set<number>(), items: new Set<number>() };
      entry.grams.add(Number(row.gram));
      entry.items.add(Number(row.item));
      have.set(Number(row.page_id), entry);
    }
  }
  return have;
}

/** Queues every page of an item for the gram indexer (after a bulk write with native queries: import, copy). */
export async function reindexItem(em: EntityManager, itemId: number): Promise<void> {
  if (searchDialectOf(em) !== 'mysql') return;
  const sql = nativeSql(em);
  const rows = await sql.all<{ id: number }>('select id from page where item_id = ? order by id', [itemId]);
  // Postings left under this item by pages that moved away are fixed by reindexing those pages.
  const strays = await sql.all<{ page_id: number }>(
    'select distinct g.page_id from page_search_gram g left join page p on p.id = g.page_id where g.item = ? and (p.id is null or p.item_id <> ?)',
    [itemId, itemId],
  );
  await reindexPages(em, [...rows.map((r) => Number(r.id)), ...strays.map((r) => Number(r.page_id))]);
}

/**
 * Rebuilds the whole index: by the index thread on SQLite (once it reads the request), every page's postings on MySQL (and postings of
 * pages that are gone are dropped). For repairs and for the migration that introduces the index.
 */
export async function reindexAll(em: EntityManager, { withSheetText = true } = {}): Promise<void> {
  if (searchDialectOf(em) === 'sqlite') {
    // Page 0 asks the index thread for a rebuild of everything.
    await em.getConnection('write').execute('insert into page_fts_queue (page_id) values (0)', [], 'run');
    return;
  }
  await inIndexTransaction(em, async (run) => {
    await run('delete g from page_search_gram g left join page p on p.id = g.page_id where p.id is null');
    let after = 0;
    for (;;) {
      const rows = await run<Array<{ id: number }>>(
        'select id from page where id > ? order by id limit 500',
        [after],
      );
      if (rows.length === 0) return;
      const ids = rows.map((r) => Number(r.id));
      for (let start = 0; start < ids.length; start += PAGES_PER_BATCH) {
        await reindexBatch(run, ids.slice(start, start + PAGES_PER_BATCH), withSheetText);
      }
      after = ids[ids.length - 1]!;
    }
  });
}

/**
 * Posting rows per INSERT when a batch of new pages is indexed at once (~30 bytes a row in the statement).
 * Kept under ~100 kB a statement: larger strings go to V8's large-object space, which only a full GC frees,
 * and with 20,000 rows (600 kB statements) the ShowDoc fixture's import on MariaDB peaked at 530 MB RSS
 * instead of ~390 MB (#23); the statement count costs little (one round trip per 3,000 rows).
 */
const BULK_ROWS_PER_INSERT = 3_000;

/** EntityManagers (transactions) whose new pages are indexed by the caller in bulk, not per page. */
const deferredIndexing = new WeakSet<EntityManager>();

/**
 * Bulk writers (the ShowDoc import) turn the per-page indexing of PageSearchSubscriber off for one
 * transaction's EntityManager and call `indexNewPages` for the pages they created, in that transaction:
 * one diff query per page becomes a few large INSERTs. Updates of existing pages still reindex as usual.
 */
export function deferPageIndexing(em: EntityManager): void {
  deferredIndexing.add(em);
}

/** Ends `deferPageIndexing` for this EntityManager: new pages are indexed one by one again. */
export function resumePageIndexing(em: EntityManager): void {
  deferredIndexing.delete(em);
}

/**
 * Indexes pages that have no postings yet (just inserted in this transaction) from their texts in
 * memory: no reads, and the rows go in primary-key order in large multi-row INSERTs. No-op on SQLite.
 */
export async function indexNewPages(
  em: EntityManager,
  pages: Iterable<{ id: number; itemId: number; title: string; content: string }>,
): Promise<void> {
  if (searchDialectOf(em) !== 'mysql') return;
  const sorted = [...pages].sort((a, b) => a.id - b.id);
  if (sorted.length === 0) return;
  await inIndexTransaction(em, async (run) => {
    // The pages were just inserted in this transaction and postings are new: InnoDB may skip the foreign
    // key lookup and the unique check per row (session settings, restored below).
    await run('set session foreign_key_checks = 0, unique_checks = 0');
    try {
      await insertPostings(sorted, (sql) => run(sql));
    } finally {
      await run('set session foreign_key_checks = 1, unique_checks = 1');
    }
  });
}

async function insertPostings(
  sorted: Array<{ id: number; itemId: number; title: string; content: string }>,
  run: (sql: string) => Promise<unknown>,
): Promise<void> {
  let rows: string[] = [];
  const flush = async () => {
    if (!rows.length) return;
    // Page ids and grams are integers computed here, never user text: safe to inline.
    await run(`insert into page_search_gram (page_id, gram, item) values ${rows.join(',')}`);
    rows = [];
  };
  for (const [index, page] of sorted.entries()) {
    // A long import keeps the event loop turning between pages.
    if (index % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    const grams = [...gramsOf(page.title ?? '', page.content ?? '')].sort((a, b) => a - b);
    const tail = `,${Number(page.itemId)})`;
    const head = `(${Number(page.id)},`;
    for (const gram of grams) {
      rows.push(head + gram + tail);
      if (rows.length >= BULK_ROWS_PER_INSERT) await flush();
    }
  }
  await flush();
}

const GRAM_ITEM_INDEX = 'page_search_gram_item_gram_index';

/**
 * For a bulk load of millions of postings (the ShowDoc import): drops the posting table's secondary
 * index `(item, gram)`, whose random-order inserts cost most of the load's time once the table outgrows
 * InnoDB's buffer pool, and returns the function that builds it again (in one sorted pass: seconds).
 * Searches keep working meanwhile, only slower. MySQL only (SQLite: a no-op). An index left dropped by
 * a run that crashed is rebuilt by the next one's restore (it is created whether or not it was found).
 */
export async function suspendSearchItemIndex(em: EntityManager): Promise<() => Promise<void>> {
  if (searchDialectOf(em) !== 'mysql') return async () => undefined;
  const connection = em.getConnection('write');
  const present = async () =>
    (
      await connection.execute<Array<{ n: number }>>(
        `select count(*) as n from information_schema.statistics
          where table_schema = database() and table_name = 'page_search_gram' and index_name = ?`,
        [GRAM_ITEM_INDEX],
      )
    )[0]?.n;
  if (Number(await present()) > 0) {
    await connection.execute(`alter table page_search_gram drop index ${GRAM_ITEM_INDEX}`);
  }
  return async () => {
    if (Number(await present()) === 0) {
      await connection.execute(`alter table page_search_gram add index ${GRAM_ITEM_INDEX} (item, gram)`);
    }
  };
}

/** The columns whose change needs a reindex. */
const INDEXED_PROPERTIES = ['title', 'content', 'searchText', 'item'] as const;

/**
 * Keeps `page_search_gram` in step with the unit of work (MySQL only; registered in config.ts). The
 * entity hooks run inside the flush's transaction, after the page's own INSERT/UPDATE, and queue the page
 * there: a rolled back save queues nothing, a committed one wakes the gram indexer.
 */
export class PageSearchSubscriber implements EventSubscriber<Page> {
  getSubscribedEntities() {
    return [Page];
  }

  async afterCreate(args: EventArgs<Page>): Promise<void> {
    if (deferredIndexing.has(args.em)) return;
    await reindexPages(args.em, [args.entity.id]);
  }

  async afterUpsert(args: EventArgs<Page>): Promise<void> {
    if (args.entity.id) await reindexPages(args.em, [args.entity.id]);
  }

  async afterUpdate(args: EventArgs<Page>): Promise<void> {
    const payload = args.changeSet?.payload ?? {};
    if (INDEXED_PROPERTIES.some((name) => name in payload)) await reindexPages(args.em, [args.entity.id]);
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    if (!args.transaction || !queuedIn.has(args.transaction)) return;
    queuedIn.delete(args.transaction);
    wakeIndexer(args.em);
  }

  afterTransactionRollback(args: TransactionEventArgs): void {
    if (args.transaction) queuedIn.delete(args.transaction);
  }
}
