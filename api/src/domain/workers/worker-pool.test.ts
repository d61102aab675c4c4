// The worker pool's threads: kept between jobs, and stopped after `idleMs` without one (their memory back).
import { describe, expect, it } from '@jest/globals';
import { WorkerPool, type WorkerPoolOptions } from './worker-pool';

/** A worker that answers every message with its thread id. */
const SOURCE = String.raw`
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', () => parentPort.postMessage({ threadId }));
parentPort.postMessage({ ready: true });
`;

const poolOf = (options: Partial<WorkerPoolOptions> = {}) =>
  new WorkerPool<object, { threadId: number }>(
    {
      source: SOURCE,
      workerData: null,
      errors: {
        busy: () => new Error('busy'),
        crashed: () => new Error('crashed'),
        overBudget: () => new Error('slow'),
      },
    },
    { size: 1, timeoutMs: 5_000, maxQueue: 4, ...options },
  );

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WorkerPool', () => {
  it('keeps its worker between jobs', async () => {
    const pool = poolOf();
    try {
      const first = await pool.run({});
      await pause(300);
      expect((await pool.run({})).threadId).toBe(first.threadId);
    } finally {
      await pool.close();
    }
  });

  it('stops a worker idle for idleMs and starts another for the next job', async () => {
    const pool = poolOf({ idleMs: 100 });
    try {
      const first = await pool.run({});
      // Jobs closer together than idleMs keep the worker.
      await pause(20);
      expect((await pool.run({})).threadId).toBe(first.threadId);
      await pause(400);
      expect((await pool.run({})).threadId).not.toBe(first.threadId);
    } finally {
      await pool.close();
    }
  });
});
