/** Work the server repeats on its own: on every node, so each task must be safe to run concurrently. */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  /** Delay before the first run (default: one interval). */
  firstAfterMs?: number;
  run(now: Date): Promise<unknown>;
}

export interface SchedulerLog {
  error(details: { err: unknown; task: string }, message: string): void;
}

/**
 * Runs tasks on timers inside the server process. A run never overlaps the previous run of the same task;
 * a failure is logged and the next run happens as planned. Timers do not keep the process alive.
 */
export class JobScheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly tasks: ScheduledTask[],
    private readonly log: SchedulerLog,
  ) {}

  start(): void {
    for (const task of this.tasks) {
      const first = setTimeout(() => {
        this.timers.delete(first);
        this.tick(task);
        const every = setInterval(() => this.tick(task), task.everyMs);
        every.unref();
        this.timers.add(every);
      }, task.firstAfterMs ?? task.everyMs);
      first.unref();
      this.timers.add(first);
    }
  }

  /** Runs one task now (waiting for a run in progress first); for tests and manual triggers. */
  async runNow(name: string, now = new Date()): Promise<void> {
    const task = this.tasks.find((t) => t.name === name);
    if (!task) throw new Error(`no scheduled task "${name}"`);
    await this.running.get(name);
    await this.execute(task, now);
  }

  /** Stops the timers and waits for runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running.values());
  }

  private tick(task: ScheduledTask): void {
    if (this.stopped || this.running.has(task.name)) return;
    void this.execute(task, new Date());
  }

  private execute(task: ScheduledTask, now: Date): Promise<void> {
    const run = task
      .run(now)
      .then(
        () => undefined,
        (err: unknown) => this.log.error({ err, task: task.name }, 'scheduled task failed'),
      )
      .finally(() => this.running.delete(task.name));
    this.running.set(task.name, run);
    return run;
  }
}
