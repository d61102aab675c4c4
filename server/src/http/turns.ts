import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Requests take turns on the event loop (issue #14: the embedded database stalled the whole server).
 *
 * The embedded database answers synchronously, so a request's work runs as one stretch of the event loop
 * with no await that yields. Without turns, every request that became ready in one loop phase ran back to
 * back: 32 busy readers made a fresh connection (a health check, a save) wait for all their stretches,
 * seconds on a busy machine. With turns, a request waits for a turn before its handler runs, and turns are
 * handed out from `setImmediate`, a batch per loop iteration: between two batches the loop polls sockets, so
 * new connections are accepted and cheap answers (`/healthz`) go out. The batch adapts to the work: while an
 * iteration takes longer than `targetMs` the batch halves (down to one request), while iterations are short
 * it grows, so cheap requests keep their throughput. Turns are a start order, not a lock: a request waiting
 * on real I/O (MariaDB, a hash, a worker thread) holds nothing while it waits.
 */
export class Turns {
  private readonly waiting: Array<() => void> = [];
  private pumping = false;
  private batch = 1;
  private lastPumpAt = 0;

  constructor(
    /** An iteration longer than this shrinks the next batch. */
    private readonly targetMs = 10,
    private readonly maxBatch = 64,
  ) {}

  /** Resolves when it is the caller's turn (at the earliest in the next loop iteration). */
  take(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.pumping) {
        this.pumping = true;
        this.lastPumpAt = performance.now();
        setImmediate(this.pump);
      }
    });
  }

  /** Requests waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private readonly pump = (): void => {
    const now = performance.now();
    const iterationMs = now - this.lastPumpAt;
    this.lastPumpAt = now;
    this.batch =
      iterationMs > this.targetMs ? Math.max(1, this.batch >> 1) : Math.min(this.maxBatch, this.batch * 2);
    for (let i = 0; i < this.batch && this.waiting.length; i++) this.waiting.shift()!();
    if (this.waiting.length) setImmediate(this.pump);
    else this.pumping = false;
  };
}

/** Every route but the health check waits for its turn once its body has arrived (a slow client holds no turn). */
export function registerTurns(app: FastifyInstance, turns: Turns, skip: (url: string) => boolean): void {
  app.addHook('preHandler', async (request) => {
    if (!skip(request.url)) await turns.take();
  });
}
