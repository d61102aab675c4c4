import { moduleWorkerData, moduleWorkerPrelude } from '../../../../db/src/module-worker';
import { WorkerPool, type WorkerPoolOptions } from '../workers/worker-pool';

/**
 * Plain text of long pages (issue #22's search snippets, db/src/search/plain-text-of.ts) in a worker
 * thread, on MySQL. A page up to `INLINE_PLAIN_TEXT_MAX` is read on the save's own request (~0.1 ms for a
 * 3 kB page); a longer one costs up to ~1.3 µs a character with hostile input (~130 ms for 100 kB of
 * `**a `), too long for the event loop, so the background filler reads it here, after the commit
 * (db/src/search/plain-text.ts).
 */
const WORKER_SOURCE = String.raw`${moduleWorkerPrelude}
parentPort.on('message', ({ markdown }) => {
  let reply;
  try {
    reply = { text: loaded.plainTextOf(markdown) };
  } catch (error) {
    reply = { error: String((error && error.message) || error) };
  }
  parentPort.postMessage(reply);
});
parentPort.postMessage({ ready: true });
`;

export class PlainTextUnavailable extends Error {
  constructor(reason: string) {
    super(`plain text not computed: ${reason}`);
  }
}

/** One worker (a background job: it must leave the second core to requests), 10 s for one page. */
export const DEFAULT_PLAIN_TEXT_POOL: WorkerPoolOptions = {
  size: 1,
  timeoutMs: 10_000,
  maxQueue: 8,
  // Long pages are rare: the thread goes between them.
  idleMs: 10_000,
};

export class PlainTextPool {
  private readonly pool: WorkerPool<{ markdown: string }, { text?: string; error?: string }>;

  constructor(options: WorkerPoolOptions = DEFAULT_PLAIN_TEXT_POOL) {
    this.pool = new WorkerPool(
      {
        source: WORKER_SOURCE,
        workerData: moduleWorkerData(require.resolve('../../../../db/src/search/plain-text-of')),
        // Bounded: a small heap is collected early (the server's RSS); a page too large for it fails alone
        // (its snippets keep the source; the worker restarts for the next page).
        resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
        quiet: true,
        errors: {
          busy: () => new PlainTextUnavailable('busy or closed'),
          crashed: () => new PlainTextUnavailable('the worker crashed'),
          overBudget: () => new PlainTextUnavailable('over the time budget'),
        },
      },
      options,
    );
  }

  /** The plain text of `markdown` (rejects with PlainTextUnavailable). */
  async plainText(markdown: string): Promise<string> {
    const reply = await this.pool.run({ markdown });
    if (typeof reply.text !== 'string') throw new PlainTextUnavailable(reply.error ?? 'no text');
    return reply.text;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
