import { Worker } from 'node:worker_threads';
import { DomainError } from '../errors';

/**
 * node-sql-parser is synchronous and can take tens of seconds on a hostile script (issue #15: 400 KB
 * of `x y;` froze the server). Parsing runs in worker threads instead: a parse that runs over its
 * budget is stopped by terminating its worker, and the event loop keeps answering meanwhile.
 *
 * The worker's code is a string evaluated by Node, so it runs the same from TypeScript sources under
 * jest and from the compiled `dist/` (a `.ts` worker file would not load in either without a loader).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Parser } = require(workerData.parserPath);
const parser = new Parser();
const MYSQL = { database: 'MySQL' };
const asList = (ast) => (Array.isArray(ast) ? ast : [ast]);
parentPort.on('message', ({ sql, statements }) => {
  let result;
  try {
    result = asList(parser.astify(sql, MYSQL));
  } catch {
    result = [];
    for (const statement of statements) {
      try {
        result.push(...asList(parser.astify(statement, MYSQL)));
      } catch {}
    }
  }
  parentPort.postMessage({ ok: true, statements: result });
});
parentPort.postMessage({ ready: true });
`;

export interface SqlParsePoolOptions {
  /** Workers parsing at the same time. */
  size: number;
  /** Longest parse of one request, in ms, before its worker is terminated. */
  timeoutMs: number;
  /** Requests waiting for a worker; beyond it callers get SqlBusy at once. */
  maxQueue: number;
}

export const DEFAULT_SQL_PARSE_POOL: SqlParsePoolOptions = { size: 2, timeoutMs: 2_000, maxQueue: 16 };

interface Job {
  sql: string;
  statements: string[];
  resolve(statements: unknown[]): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** A few persistent parser workers with a queue; see the module comment for why. */
export class SqlParsePool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private readonly parserPath = require.resolve('node-sql-parser/build/mysql');

  constructor(private readonly options: SqlParsePoolOptions = DEFAULT_SQL_PARSE_POOL) {}

  /**
   * The ASTs of `sql` as a whole or, when the whole does not parse, of each of `statements` that does.
   * `statements` is the script already split, since the fallback needs it.
   */
  parse(sql: string, statements: string[]): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      if (this.queue.length >= this.options.maxQueue) {
        reject(new DomainError('SqlBusy'));
        return;
      }
      this.queue.push({ sql, statements, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker; queued and running parses fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new DomainError('SqlBusy'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new DomainError('SqlBusy'))));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!this.queue.length) return;
      if (slot.ready && !slot.job) this.start(slot, this.queue.shift()!);
    }
    const starting = [...this.slots].filter((slot) => !slot.ready).length;
    if (this.queue.length > starting && this.slots.size < this.options.size) this.spawn();
  }

  private spawn(): void {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { parserPath: this.parserPath } });
    // An idle parser must not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    this.slots.add(slot);
    worker.on('message', (message: { ready?: boolean; statements?: unknown[] }) => {
      if (message.ready) {
        slot.ready = true;
      } else if (slot.job) {
        const job = slot.job;
        this.finish(slot);
        job.resolve(message.statements ?? []);
      }
      this.dispatch();
    });
    worker.on('error', () => void this.retire(slot, new DomainError('SqlUnparsable')));
    worker.on('exit', () => void this.retire(slot, new DomainError('SqlUnparsable')));
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(
      () => void this.retire(slot, new DomainError('SqlTooComplex')),
      this.options.timeoutMs,
    );
    slot.worker.postMessage({ sql: job.sql, statements: job.statements });
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /** Removes a worker (over budget, crashed or closing) and fails its job; a new one starts on demand. */
  private async retire(slot: Slot, error: unknown): Promise<void> {
    if (!this.slots.delete(slot)) return;
    const job = slot.job;
    this.finish(slot);
    job?.reject(error);
    this.dispatch();
    await slot.worker.terminate();
  }
}
