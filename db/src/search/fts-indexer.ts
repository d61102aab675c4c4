import { Worker } from 'node:worker_threads';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { moduleWorkerData, moduleWorkerPrelude } from '../module-worker';
import { searchFileOf } from './fts-index';

/**
 * The thread that keeps the embedded database's full-text index (fts-index.ts says what it keeps and why),
 * seen from the server's side: started with the database, asked to catch up by every search, and the one
 * that clears the queue rows it has indexed.
 */
const WORKER_SOURCE = String.raw`${moduleWorkerPrelude}
const Database = require(workerData.libsql);
const main = new Database(workerData.dbFile);
main.exec('PRAGMA busy_timeout = 10000');
main.exec('PRAGMA query_only = 1');
const search = new Database(workerData.searchFile);
search.exec('PRAGMA busy_timeout = 10000');
const index = new loaded.FtsIndex(main, search);
index.open();
parentPort.postMessage({ seq: index.seq, synced: [] });
let syncs = [];
let timer = null;
let idleMs = workerData.pollMs;
function schedule(ms) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(tick, ms);
}
function tick() {
  timer = null;
  const answering = syncs;
  syncs = [];
  let progressed = false;
  const started = performance.now();
  // A search waits for the whole queue; otherwise a tick stops after a slice of work (saves keep coming).
  const budget =
    answering.length || !workerData.restFactor ? Infinity : workerData.maxRestMs / workerData.restFactor;
  try {
    while (index.step()) {
      progressed = true;
      if (performance.now() - started >= budget) break;
    }
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error), failed: answering });
    // The thread ends and the server starts another, with new connections and its index opened again: a
    // failure can leave a read of the database unfinished (libsql's iterators cannot be closed), whose
    // snapshot would hide every later save from this connection (a bench run saw the index stop for good).
    process.exit(1);
  }
  if (progressed || answering.length) parentPort.postMessage({ seq: index.seq, synced: answering });
  idleMs = progressed ? workerData.pollMs : Math.min(idleMs * 2, workerData.maxPollMs);
  // After indexing, a rest as long as restFactor times the work (see FtsIndexerOptions.restFactor).
  const rest = progressed ? Math.min((performance.now() - started) * workerData.restFactor, workerData.maxRestMs) : 0;
  // A search that asks during the rest reschedules the tick at once: the rest never delays it.
  schedule(Math.max(idleMs, rest));
}
parentPort.on('message', (message) => {
  if (message.sync) {
    syncs.push(message.sync);
    schedule(0);
  } else if (message.close) {
    // Between two ticks, never inside a statement: the thread ends once nothing is left to run.
    if (timer) clearTimeout(timer);
    main.close();
    search.close();
    parentPort.close();
  }
});
schedule(0);
`;

export interface FtsIndexerOptions {
  /** The thread looks at the queue this often (ms) while saves come in, backing off to `maxPollMs`. */
  pollMs: number;
  maxPollMs: number;
  /**
   * After a tick that indexed something, the thread rests this many times as long as it worked (at most
   * `maxRestMs`): it takes at most 1 / (1 + restFactor) of a core, so a burst of saves keeps the CPU (on a
   * machine of two cores the indexer would take half of it), and a page saved again meanwhile is indexed
   * once, in a larger batch that costs less per page. A search never waits for the rest: it asks the thread
   * to catch up at once. 0: the thread follows the queue every `pollMs`.
   */
  restFactor: number;
  maxRestMs: number;
  /** A search waits this long (ms) for the index to catch up before it scans the pages instead. */
  syncTimeoutMs: number;
  /** Indexed queue rows are deleted this long (ms) after the thread reported them. */
  cleanupMs: number;
}

export const DEFAULT_FTS_INDEXER: FtsIndexerOptions = {
  pollMs: 10,
  maxPollMs: 500,
  restFactor: 3,
  maxRestMs: 1_000,
  syncTimeoutMs: 2_000,
  cleanupMs: 2_000,
};

/** How long a closing thread may take to finish its batch (a rebuild of a large site) before it is stopped. */
const CLOSE_TIMEOUT_MS = 30_000;

type Reply = { seq?: number; synced?: number[]; error?: string; failed?: number[] };

export class FtsIndexer {
  private worker: Worker | null = null;
  private closed = false;
  private seq = 0;
  private cleaned = 0;
  private nextSync = 1;
  private readonly waiting = new Map<number, (ok: boolean) => void>();
  private restartTimer: NodeJS.Timeout | null = null;
  private cleanupTimer: NodeJS.Timeout | null = null;
  private restartMs = 500;
  /**
   * A search's request timed out (a rebuild of a large site, a long import's backlog): searches scan the
   * pages without waiting until the thread answers it, instead of each waiting `syncTimeoutMs` first.
   */
  private behind = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly dbFile: string,
    /** Where the thread's failures go (the server's log). */
    private readonly log: (message: string) => void = () => undefined,
    private readonly options: FtsIndexerOptions = DEFAULT_FTS_INDEXER,
  ) {}

  start(): void {
    if (this.closed || this.worker) return;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        ...moduleWorkerData(require.resolve('./fts-index')),
        libsql: require.resolve('libsql'),
        dbFile: this.dbFile,
        searchFile: searchFileOf(this.dbFile),
        pollMs: this.options.pollMs,
        maxPollMs: this.options.maxPollMs,
        restFactor: this.options.restFactor,
        maxRestMs: this.options.maxRestMs,
      },
      // It holds one page's text at a time: a small young generation; room in the old one for a page of
      // several MB (an imported one may exceed the request body limit).
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 1 },
      stdout: true,
      stderr: true,
    });
    // The thread never keeps the process alive: a command-line tool that opened the database exits.
    worker.unref();
    this.worker = worker;
    worker.on('message', (reply: Reply) => this.received(reply));
    worker.on('error', (error) => this.stopped(worker, String(error?.message ?? error)));
    worker.on('exit', (code) => this.stopped(worker, `the search indexer exited (${code})`));
  }

  /**
   * True once the index holds every change committed before the call; false when it cannot say in time
   * (no thread, a rebuild of a large site in progress): the caller then scans the pages.
   */
  caughtUp(): Promise<boolean> {
    // A starting thread takes the message once its index is open (a port queues what comes before).
    const worker = this.worker;
    // Behind: the thread answers the request that timed out once it is through; until then no search waits.
    if (!worker || this.behind) return Promise.resolve(false);
    const id = this.nextSync++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.behind = true;
        done(false);
      }, this.options.syncTimeoutMs);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(ok);
      };
      this.waiting.set(id, done);
      worker.postMessage({ sync: id });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.cleanupTimer) clearTimeout(this.cleanupTimer);
    this.answerAll(false);
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // Asked to stop rather than terminated: terminating a thread inside a libsql call aborts the process
    // (a panic of its native module). Terminated only if it does not stop in time.
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ close: true });
    const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  /** The last queue row (`page_fts_queue.seq`) the index holds. */
  get indexedSeq(): number {
    return this.seq;
  }

  private received(reply: Reply): void {
    if (reply.seq !== undefined) {
      this.restartMs = 500;
      this.seq = Math.max(this.seq, reply.seq);
      if (this.seq > this.cleaned) this.scheduleCleanup();
    }
    if (reply.synced?.length) this.behind = false;
    for (const id of reply.synced ?? []) this.waiting.get(id)?.(true);
    for (const id of reply.failed ?? []) this.waiting.get(id)?.(false);
    if (reply.error) this.log(`search index: ${reply.error}; searches scan the pages meanwhile`);
  }

  private stopped(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.behind = false;
    this.answerAll(false);
    if (this.closed) return;
    this.log(
      `search index: ${reason}; restarting it in ${this.restartMs} ms, searches scan the pages meanwhile`,
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.start();
    }, this.restartMs);
    this.restartTimer.unref();
    this.restartMs = Math.min(this.restartMs * 2, 30_000);
  }

  private answerAll(ok: boolean): void {
    for (const done of [...this.waiting.values()]) done(ok);
  }

  /** Queue rows the index holds go, a while after (one small delete on the server's connection). */
  private scheduleCleanup(): void {
    if (this.cleanupTimer || this.closed) return;
    this.cleanupTimer = setTimeout(() => {
      this.cleanupTimer = null;
      const upTo = this.seq;
      this.orm.em
        .fork()
        .getConnection()
        .execute('delete from page_fts_queue where seq <= ?', [upTo], 'run')
        .then(
          () => (this.cleaned = Math.max(this.cleaned, upTo)),
          () => undefined,
        );
    }, this.options.cleanupMs);
    this.cleanupTimer.unref();
  }
}

const indexers = new WeakMap<object, FtsIndexer>();

/** Starts the index thread of an embedded database file (openDatabase does, once migrated). */
export function startFtsIndexer(
  orm: MikroORM,
  dbFile: string,
  log?: (message: string) => void,
  options?: FtsIndexerOptions,
): FtsIndexer {
  const indexer = new FtsIndexer(orm, dbFile, log, options);
  indexers.set(orm.config, indexer);
  indexer.start();
  return indexer;
}

/** The index thread of `em`'s database, if it has one (an embedded database file). */
export function ftsIndexerOf(em: EntityManager): FtsIndexer | null {
  return indexers.get(em.config) ?? null;
}

/**
 * Whether search may use the embedded database's index: true once it holds every change committed before
 * this call; false without an index thread or when it cannot catch up in time (search scans instead).
 */
export function searchIndexCaughtUp(em: EntityManager): Promise<boolean> {
  return ftsIndexerOf(em)?.caughtUp() ?? Promise.resolve(false);
}
