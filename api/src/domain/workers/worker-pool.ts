import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A few persistent worker threads with a bounded queue, for synchronous work that may run away (SQL
 * parsing, Mock.js generation, regex matching): a job over its budget is stopped by terminating its worker,
 * the event loop keeps answering meanwhile, and a new worker starts on demand.
 *
 * The worker's code is a string evaluated by Node, so it runs the same from TypeScript sources under jest
 * and from the compiled `dist/` (a `.ts` worker file would not load in either without a loader). It posts
 * `{ ready: true }` once it can take jobs, then one reply per job message.
 */
export interface WorkerPoolOptions {
  /** Workers at the same time. */
  size: number;
  /** Longest job, in ms, before its worker is terminated. */
  timeoutMs: number;
  /** Jobs waiting for a worker; beyond it callers get `errors.busy()` at once. */
  maxQueue: number;
  /** A worker without a job for this long (ms) stops, giving its memory back; absent: workers stay. */
  idleMs?: number;
}

export interface WorkerPoolSetup<M> {
  /** The worker's code (evaluated). */
  source: string;
  workerData: unknown;
  resourceLimits?: ResourceLimits;
  /** Keep the worker's stdout/stderr away from the server's (true: not piped to the process). */
  quiet?: boolean;
  errors: {
    /** The queue is full, or the pool closed. */
    busy(): unknown;
    /** The worker crashed or exited (out of heap, say) during the job. */
    crashed(): unknown;
    /** The job ran over `timeoutMs`. */
    overBudget(message: M): unknown;
  };
}

interface Job<M, R> {
  message: M;
  resolve(reply: R): void;
  reject(error: unknown): void;
}

interface Slot<M, R> {
  worker: Worker;
  ready: boolean;
  job: Job<M, R> | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
}

export class WorkerPool<M, R> {
  private readonly slots = new Set<Slot<M, R>>();
  private readonly queue: Array<Job<M, R>> = [];

  constructor(
    private readonly setup: WorkerPoolSetup<M>,
    private readonly options: WorkerPoolOptions,
  ) {}

  /** The worker's reply to `message`. */
  run(message: M): Promise<R> {
    return new Promise((resolve, reject) => {
      if (this.queue.length >= this.options.maxQueue) {
        reject(this.setup.errors.busy());
        return;
      }
      this.queue.push({ message, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker; queued and running jobs fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(this.setup.errors.busy());
    await Promise.all([...this.slots].map((slot) => this.retire(slot, this.setup.errors.busy())));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.ready && !slot.job && this.queue.length) this.start(slot, this.queue.shift()!);
      if (slot.ready && !slot.job) this.idle(slot);
    }
    const starting = [...this.slots].filter((slot) => !slot.ready).length;
    if (this.queue.length > starting && this.slots.size < this.options.size) this.spawn();
  }

  private spawn(): void {
    const { source, workerData, resourceLimits, quiet } = this.setup;
    const worker = new Worker(source, {
      eval: true,
      workerData,
      ...(resourceLimits ? { resourceLimits } : {}),
      ...(quiet ? { stdout: true, stderr: true } : {}),
    });
    // An idle worker must not keep the process alive.
    worker.unref();
    const slot: Slot<M, R> = { worker, ready: false, job: null, timer: null, idleTimer: null };
    this.slots.add(slot);
    worker.on('message', (message: R & { ready?: boolean }) => {
      if (message.ready) {
        slot.ready = true;
      } else if (slot.job) {
        const job = slot.job;
        this.finish(slot);
        job.resolve(message);
      }
      this.dispatch();
    });
    worker.on('error', () => void this.retire(slot, this.setup.errors.crashed()));
    worker.on('exit', () => void this.retire(slot, this.setup.errors.crashed()));
  }

  private start(slot: Slot<M, R>, job: Job<M, R>): void {
    this.busy(slot);
    slot.job = job;
    slot.timer = setTimeout(
      () => void this.retire(slot, this.setup.errors.overBudget(job.message)),
      this.options.timeoutMs,
    );
    slot.worker.postMessage(job.message);
  }

  private finish(slot: Slot<M, R>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /** Stops `slot`'s worker once it has been idle for `idleMs` (a thread and its heap cost memory). */
  private idle(slot: Slot<M, R>): void {
    const { idleMs } = this.options;
    if (idleMs === undefined || slot.idleTimer) return;
    slot.idleTimer = setTimeout(() => void this.retire(slot, this.setup.errors.busy()), idleMs);
    slot.idleTimer.unref();
  }

  private busy(slot: Slot<M, R>): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
  }

  /** Removes a worker (over budget, crashed, idle or closing) and fails its job; a new one starts on demand. */
  private async retire(slot: Slot<M, R>, error: unknown): Promise<void> {
    if (!this.slots.delete(slot)) return;
    const job = slot.job;
    this.busy(slot);
    this.finish(slot);
    job?.reject(error);
    this.dispatch();
    await slot.worker.terminate();
  }
}

/**
 * A process-wide pool made on first use (a server that never needs it starts no thread). `close` stops it,
 * so a closing server leaves no threads; a later `get` makes a new one.
 */
export function sharedPool<P extends { close(): Promise<void> }>(
  create: () => P,
): { get(): P; close(): Promise<void> } {
  let pool: P | null = null;
  return {
    get: () => (pool ??= create()),
    close: async () => {
      const current = pool;
      pool = null;
      await current?.close();
    },
  };
}
