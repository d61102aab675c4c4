import { moduleWorkerData, moduleWorkerPrelude } from '../workers/module-worker';
import { WorkerPool, type WorkerPoolOptions } from '../workers/worker-pool';

/**
 * Page plain text (issue #22's search snippets, plain-text-of.ts) in a worker thread: parsing costs ~6 µs a
 * character (30 ms for a 5 kB page), so it runs after the save, never on a request
 * (db/src/search/plain-text.ts). The worker loads plain-text-of as workers/module-worker.ts says, keeping
 * `import()` (the markdown parsers are ESM-only).
 */
const WORKER_SOURCE = String.raw`${moduleWorkerPrelude}
parentPort.on('message', async ({ markdown }) => {
  let reply;
  try {
    reply = { text: await loaded.plainTextOf(markdown) };
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
  // Saves come in bursts: the thread (its heap and the markdown parsers: ~40 MB of RSS, ~30 MB of it back when it stops) goes between them.
  idleMs: 10_000,
};

export class PlainTextPool {
  private readonly pool: WorkerPool<{ markdown: string }, { text?: string; error?: string }>;

  constructor(options: WorkerPoolOptions = DEFAULT_PLAIN_TEXT_POOL) {
    this.pool = new WorkerPool(
      {
        source: WORKER_SOURCE,
        workerData: moduleWorkerData(require.resolve('./plain-text-of'), { keepDynamicImport: true }),
        // Bounded: a small heap is collected early (the server's RSS), and a page too large for it fails
        // alone (its snippets keep the source; the worker restarts for the next page). The young generation
        // not below 24 MB: at 8 MB a parse's short-lived nodes outgrew it and a 3 kB page cost 14-19 ms of
        // CPU instead of 10-12 ms, paid after every page save (issue #14).
        resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 24 },
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
