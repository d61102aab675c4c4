import { setTimeout as sleep, setImmediate as yieldToLoop } from 'node:timers/promises';
import { IsolationLevel, type Configuration, type EntityManager, type MikroORM } from '@mikro-orm/core';
import type { AbstractSqlConnection, Transaction } from '@mikro-orm/knex';
import { nativeSql } from '../native-sql';
import { ftsIndexerOf } from './fts-indexer';
import { indexPagesNow, onPagesQueued, searchDialectOf, type Run } from './page-search-index';

/**
 * The gram indexer of MySQL/MariaDB (page-search-index.ts says what the postings are): writes of a page's
 * indexed text queue its id in `page_search_queue`, and this brings the postings of queued pages in line
 * after the commit, in the background. A page saved ten times while it waits is indexed once.
 *
 * One page's postings are only ever written by a transaction that holds the page's row lock: every write
 * of a page's text locks its row, and the indexer takes the rows of the pages it indexes with
 * `for update skip locked` in a READ COMMITTED transaction, so it reads the latest committed text and
 * postings, never waits for a save (a page being saved is left queued: the save's commit wakes the indexer
 * again) and never runs beside another node's indexer on the same page. It then deletes the queue rows of
 * those pages it read before their texts, by primary key: those were committed, so the text it indexed
 * holds what they announce; a row not committed yet is neither seen nor waited for (its writer may wait for
 * a page the indexer holds) and stays for the next pass. The indexer waits for no lock but its own.
 *
 * Woken by the commits of this process (PageSearchSubscriber), and every `sweepMs` for pages queued by
 * another process (another node, the import CLI) or left by a stop.
 */
export interface GramIndexerOptions {
  /** Pages indexed per transaction: their rows stay locked for a save meanwhile. */
  pagesPerTransaction: number;
  /** Queue rows read per round trip. */
  scan: number;
  /** How often the queue is looked at without a wake-up (rows of another process, or left by a stop). */
  sweepMs: number;
  /** How soon a page a writer held, or a pass that failed (a deadlock, a lost connection), is tried again. */
  retryMs: number;
  /**
   * After each transaction the indexer rests this many times as long as it worked: it takes at most
   * 1 / (1 + restFactor) of the time, so a burst of saves is not slowed by indexing each one (a page saved
   * again meanwhile is indexed once, and search reads queued pages itself). 0: no rest (tests, repairs).
   */
  restFactor: number;
}

export const DEFAULT_GRAM_INDEXER: GramIndexerOptions = {
  pagesPerTransaction: 4,
  scan: 256,
  sweepMs: 30_000,
  retryMs: 500,
  restFactor: 3,
};

/**
 * The indexer's statements stay out of the query log: they belong to no request, and a log (or a test)
 * that follows a request's statements would see another's. Its failures are logged by the indexer.
 */
const UNLOGGED = { enabled: false };

/** A rest never lasts longer than this (a transaction slowed by a lock wait is no reason to stop for long). */
const MAX_REST_MS = 1_000;

export class GramIndexer {
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private own: AbstractSqlConnection | null = null;

  constructor(
    private readonly orm: MikroORM,
    private readonly log?: (message: string) => void,
    private readonly options: GramIndexerOptions = DEFAULT_GRAM_INDEXER,
  ) {}

  /** Starts (again, after a close) listening to commits and sweeping the queue. */
  start(): this {
    this.closed = false;
    this.unsubscribe ??= onPagesQueued(this.orm.em, () => this.wake());
    this.sweepTimer ??= setInterval(() => this.wake(), this.options.sweepMs).unref();
    this.wake();
    return this;
  }

  /** Looks at the queue now (again after the pass under way, which may have passed a new row by). */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => {
        // A deadlock or a lost connection: the rows stay queued for the next pass.
        this.log?.(`search index: a pass failed (${String((error as Error)?.message ?? error)})`);
        this.retryLater();
      })
      .finally(() => {
        this.running = null;
        if (this.again && !this.closed) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once the queue is empty, but for pages a writer holds (tests; repairs). */
  async caughtUp(): Promise<void> {
    while (this.running) await this.running;
    if (this.closed) {
      // Stopped: this call does the pass itself.
      const connection = this.orm.em.getConnection('write') as AbstractSqlConnection;
      await drainQueue(connection, { ...this.options, restFactor: 0 }, () => false);
      return;
    }
    this.wake();
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.sweepTimer = this.retryTimer = null;
    while (this.running) await this.running;
    const own = this.own;
    this.own = null;
    await own?.close();
  }

  /**
   * A connection of its own (one at most): the indexer never takes one of the requests' pool, and what
   * listens to the requests' statements (the commit clock, a test counting a request's queries) never
   * sees the indexer's. Its commits change no kept read: search answers the same before and after.
   */
  private connection(): AbstractSqlConnection {
    if (!this.own) {
      const shared = this.orm.em.getConnection('write') as AbstractSqlConnection;
      const Connection = shared.constructor as new (
        config: Configuration,
        options: object,
        type: 'write',
      ) => AbstractSqlConnection;
      this.own = new Connection(this.orm.config, { driverOptions: { pool: { min: 0, max: 1 } } }, 'write');
    }
    return this.own;
  }

  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.wake();
    }, this.options.retryMs).unref();
  }

  private async drain(): Promise<void> {
    if (await drainQueue(this.connection(), this.options, () => this.closed)) this.retryLater();
  }
}

/** One pass over the queue in its order; true when a page was left queued because a writer held it. */
async function drainQueue(
  connection: AbstractSqlConnection,
  options: GramIndexerOptions,
  stopped: () => boolean,
): Promise<boolean> {
  let after = 0;
  let leftLocked = false;
  while (!stopped()) {
    const rows = await connection.execute<Array<{ seq: number | string; page_id: number }>>(
      `select seq, page_id from page_search_queue where seq > ? order by seq limit ${options.scan}`,
      [after],
      'all',
      undefined,
      UNLOGGED,
    );
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]!.seq);
    const ids = [...new Set(rows.map((row) => Number(row.page_id)))];
    for (let i = 0; i < ids.length && !stopped(); i += options.pagesPerTransaction) {
      const started = performance.now();
      const left = await indexQueued(connection, ids.slice(i, i + options.pagesPerTransaction));
      leftLocked ||= left.length > 0;
      const rest = (performance.now() - started) * options.restFactor;
      if (rest >= 1) await sleep(Math.min(rest, MAX_REST_MS));
      else await yieldToLoop();
    }
  }
  return leftLocked;
}

/**
 * Indexes these queued pages in one READ COMMITTED transaction and drops their queue rows; returns the ones
 * a writer holds (left queued). Pages that no longer exist only lose their rows (and postings, if any).
 */
export async function indexQueued(connection: AbstractSqlConnection, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  // Ids come from the queue's integer column: safe to inline.
  const list = ids.join(', ');
  let left: number[] = [];
  await connection.transactional(
    async (trx) => {
      const run: Run = <T>(sql: string, params: unknown[] = []) =>
        connection.execute(sql, params, 'all', trx as Transaction, UNLOGGED) as Promise<T>;
      const locked = new Set(
        (
          await run<Array<{ id: number }>>(`select id from page where id in (${list}) for update skip locked`)
        ).map((row) => Number(row.id)),
      );
      const present = new Set(
        (await run<Array<{ id: number }>>(`select id from page where id in (${list})`)).map((row) =>
          Number(row.id),
        ),
      );
      const work = ids.filter((id) => locked.has(id) || !present.has(id));
      left = ids.filter((id) => !work.includes(id));
      if (work.length === 0) return;
      // The committed queue rows of these pages, read before their texts: the texts hold what those rows
      // announce. Rows not committed yet are neither seen nor waited for (their writer may be waiting for
      // a page this transaction holds); they stay for the next pass.
      const queued = await run<Array<{ seq: number | string }>>(
        `select seq from page_search_queue where page_id in (${work.join(', ')})`,
      );
      await indexPagesNow(run, work);
      if (queued.length) {
        await run(
          `delete from page_search_queue where seq in (${queued.map((row) => Number(row.seq)).join(', ')})`,
        );
      }
    },
    { isolationLevel: IsolationLevel.READ_COMMITTED, loggerContext: UNLOGGED },
  );
  return left;
}

const indexers = new WeakMap<object, GramIndexer>();

/** Starts the gram indexer of a MySQL/MariaDB database (openDatabase does, once migrated). */
export function startGramIndexer(
  orm: MikroORM,
  log?: (message: string) => void,
  options?: GramIndexerOptions,
): GramIndexer {
  const indexer = new GramIndexer(orm, log, options);
  indexers.set(orm.config, indexer);
  return indexer.start();
}

/** The gram indexer of `em`'s database, if it has one (MySQL/MariaDB opened with migrations). */
export function gramIndexerOf(em: EntityManager): GramIndexer | null {
  return indexers.get(em.config) ?? null;
}

/**
 * Brings every queued page's postings in line now (tests, repairs, the bench's seed): by the database's
 * indexer when it has one, else in this call. Pages a writer holds meanwhile stay queued. No-op on SQLite.
 */
export async function indexQueuedPages(em: EntityManager): Promise<void> {
  if (searchDialectOf(em) !== 'mysql') return;
  const indexer = gramIndexerOf(em);
  if (indexer) return indexer.caughtUp();
  await drainQueue(
    em.getConnection('write') as AbstractSqlConnection,
    { ...DEFAULT_GRAM_INDEXER, restFactor: 0 },
    () => false,
  );
}

/**
 * Pages whose latest text the search index does not hold yet (the metrics' backlog gauge): MySQL's gram
 * queue, or the embedded database's queue past what its index thread reported; null for an embedded
 * database without an index thread (search scans the pages there).
 */
export async function searchIndexBacklog(em: EntityManager): Promise<number | null> {
  const sql = nativeSql(em);
  if (sql.dialect === 'mysql') {
    const row = await sql.get<{ n: number }>('select count(distinct page_id) as n from page_search_queue');
    return Number(row?.n ?? 0);
  }
  const fts = ftsIndexerOf(em);
  if (!fts) return null;
  const row = await sql.get<{ n: number }>(
    'select count(distinct page_id) as n from page_fts_queue where seq > ?',
    [fts.indexedSeq],
  );
  return Number(row?.n ?? 0);
}
