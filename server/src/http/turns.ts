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
 * new connections are accepted and cheap answers (`/healthz`) go out. The batch adapts to the work: as many
 * requests as the last batch's cost per request fits in `targetMs` (at least one), growing at most twofold
 * per iteration, so cheap requests keep their throughput. Turns are a start order, not a lock: a request waiting
 * on real I/O (MariaDB, a hash, a worker thread) holds nothing while it waits.
 *
 * A connection's first request goes first (`take(true)`): keep-alive clients each keep one request
 * queued all the time, so in arrival order a newcomer (a save from a browser that just connected, a
 * health probe of a load balancer) waited for one turn per busy connection, seconds under load. First
 * requests and the others alternate while both wait, so connections opened for every request cannot
 * starve keep-alive clients either: each side gets at least every other turn.
 */
export class Turns {
  private readonly waiting: Array<() => void> = [];
  private readonly first: Array<() => void> = [];
  private firstServedLast = false;
  private pumping = false;
  private batch = 1;
  /** When the last batch was handed out, and its size (null: none since the queue was last found empty). */
  private lastBatchAt: number | null = null;
  private lastBatchSize = 0;

  constructor(
    /** The loop iteration a batch aims at, in ms (`QUIRE_TURN_TARGET_MS`, whose default is the config's). */
    private readonly targetMs: number,
    private readonly maxBatch = 64,
  ) {}

  /**
   * Resolves when it is the caller's turn (at the earliest in the next loop iteration); `first`: the first
   * request of its connection, which goes before the others (alternating with them while both wait).
   */
  take(first = false): Promise<void> {
    return new Promise((resolve) => {
      (first ? this.first : this.waiting).push(resolve);
      if (!this.pumping) {
        this.pumping = true;
        setImmediate(this.pump);
      }
    });
  }

  /** Requests waiting for their turn. */
  get queued(): number {
    return this.waiting.length + this.first.length;
  }

  private next(): (() => void) | undefined {
    const takeFirst = this.first.length > 0 && (!this.firstServedLast || this.waiting.length === 0);
    this.firstServedLast = takeFirst;
    return takeFirst ? this.first.shift() : this.waiting.shift();
  }

  /**
   * Hands out a batch, and comes back one iteration later even when the queue is empty by then: that
   * iteration (the batch's handlers and the I/O polled after them) sizes the next batch. Keep-alive clients
   * send their next requests only after their answers, so a batch often empties the queue; sizing the next
   * one from the pause before it instead (no work, a short "iteration") let it grow to the whole queue.
   */
  private readonly pump = (): void => {
    const now = performance.now();
    if (this.lastBatchAt !== null) this.resize(now - this.lastBatchAt);
    if (!this.queued) {
      this.pumping = false;
      this.lastBatchAt = null;
      return;
    }
    let released = 0;
    for (; released < this.batch && this.queued; released++) this.next()!();
    this.lastBatchAt = now;
    this.lastBatchSize = released;
    setImmediate(this.pump);
  };

  /** As many requests as fit the target at the last batch's cost per request: at least one, at most twice the last. */
  private resize(iterationMs: number): void {
    const fit = Math.floor((this.targetMs * this.lastBatchSize) / Math.max(iterationMs, 0.001));
    this.batch = Math.max(1, Math.min(this.maxBatch, 2 * this.lastBatchSize, fit));
  }
}

/**
 * Every route but the health check waits for its turn once its body has arrived (a slow client holds no
 * turn); a connection's first request goes first.
 */
export function registerTurns(app: FastifyInstance, turns: Turns, skip: (url: string) => boolean): void {
  const served = new WeakSet<object>();
  app.addHook('preHandler', async (request) => {
    if (skip(request.url)) return;
    const socket = request.raw.socket;
    const first = !served.has(socket);
    served.add(socket);
    await turns.take(first);
  });
}
