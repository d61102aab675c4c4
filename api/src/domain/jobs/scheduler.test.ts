import { describe, expect, it } from '@jest/globals';
import { JobScheduler } from './scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, at most `limitMs`: real timers on a loaded CI machine run late. */
async function until(done: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!done() && Date.now() < deadline) await sleep(5);
}

describe('job scheduler', () => {
  it('runs tasks on their interval, never two runs of one task at once, and logs failures', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const errors: string[] = [];
    const scheduler = new JobScheduler(
      [
        {
          name: 'slow',
          everyMs: 10,
          firstAfterMs: 0,
          run: async () => {
            running++;
            maxRunning = Math.max(maxRunning, running);
            await sleep(35);
            running--;
            runs++;
          },
        },
        {
          name: 'failing',
          everyMs: 10,
          run: async () => {
            throw new Error('boom');
          },
        },
      ],
      { error: (details) => errors.push(details.task) },
    );
    scheduler.start();
    // Two runs of the slow task and a failure at least: a fixed 150 ms window was not always enough for
    // two 35 ms runs on a loaded CI machine.
    await until(() => runs >= 2 && errors.length > 0);
    await scheduler.stop();
    const after = runs;
    await sleep(40);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(maxRunning).toBe(1);
    expect(runs).toBe(after);
    expect(errors.length).toBeGreaterThan(0);
    expect(new Set(errors)).toEqual(new Set(['failing']));
  });

  it('runs one task on demand with the given time', async () => {
    const seen: Date[] = [];
    const scheduler = new JobScheduler(
      [{ name: 'purge', everyMs: 60_000, run: async (now) => seen.push(now) }],
      {
        error: () => undefined,
      },
    );
    const now = new Date('2031-01-01T00:00:00Z');
    await scheduler.runNow('purge', now);
    expect(seen).toEqual([now]);
    await expect(scheduler.runNow('nothing')).rejects.toThrow(/no scheduled task/);
    await scheduler.stop();
  });
});
