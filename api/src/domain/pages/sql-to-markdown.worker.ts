import { DomainError } from '../errors';
import { WorkerPool, type WorkerPoolOptions } from '../workers/worker-pool';

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

/** Workers parsing at the same time, the longest parse (ms) and the queue beyond which callers get SqlBusy. */
export type SqlParsePoolOptions = WorkerPoolOptions;

export const DEFAULT_SQL_PARSE_POOL: SqlParsePoolOptions = { size: 2, timeoutMs: 2_000, maxQueue: 16 };

/** A few persistent parser workers with a queue (worker-pool.ts). */
export class SqlParsePool {
  private readonly pool: WorkerPool<{ sql: string; statements: string[] }, { statements?: unknown[] }>;

  constructor(options: SqlParsePoolOptions = DEFAULT_SQL_PARSE_POOL) {
    this.pool = new WorkerPool(
      {
        source: WORKER_SOURCE,
        workerData: { parserPath: require.resolve('node-sql-parser/build/mysql') },
        errors: {
          busy: () => new DomainError('SqlBusy'),
          crashed: () => new DomainError('SqlUnparsable'),
          overBudget: () => new DomainError('SqlTooComplex'),
        },
      },
      options,
    );
  }

  /**
   * The ASTs of `sql` as a whole or, when the whole does not parse, of each of `statements` that does.
   * `statements` is the script already split, since the fallback needs it.
   */
  async parse(sql: string, statements: string[]): Promise<unknown[]> {
    return (await this.pool.run({ sql, statements })).statements ?? [];
  }

  /** Stops every worker; queued and running parses fail. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
