/**
 * The edit lock of the spreadsheet screen. A grid stays open for hours, often untouched, so it does not
 * hold the lock the way the page editor does (taken for 20 minutes, renewed every 20): it asks for a short
 * lock (SHEET_LOCK_RENEW_SECONDS; the server grants that plus a minute of grace) and renews it while the
 * user works in the grid, every interval and at once on activity when the last renewal is a minute old.
 * After SHEET_IDLE_MS without activity it stops renewing, so a forgotten tab frees the sheet within a few
 * minutes; the next keystroke or click takes it again. Another holder's lock is reported (with their
 * name) and, when they leave, the lock is taken again.
 */

/** How often the grid renews, in seconds (the lock lasts this plus a minute). */
export const SHEET_LOCK_RENEW_SECONDS = 120;
export const SHEET_LOCK_RENEW_MS = SHEET_LOCK_RENEW_SECONDS * 1000;
/** Activity renews at once when the last renewal is at least this old. */
export const SHEET_ACTIVITY_RENEW_MS = 60_000;
/** No activity for this long: renewals stop and the lock runs out. */
export const SHEET_IDLE_MS = 10 * 60_000;
/** A failed request (network) is retried after this long, the lock state unchanged. */
export const SHEET_LOCK_RETRY_MS = 15_000;

/** What the server said to a take or a renewal. */
export type LockAnswer =
  | { kind: 'held'; lockedUntil: string | null }
  | { kind: 'refused'; holder: string | null }
  | { kind: 'failed' };

export type SheetLockStatus = 'idle' | 'held' | 'lost';

export interface SheetLockIo {
  acquire(): Promise<LockAnswer>;
  /** Status changes; `holder` is the other holder's name when lost (null: unknown). */
  onChange(status: SheetLockStatus, holder: string | null): void;
}

export interface SheetLockTiming {
  renewMs: number;
  activityRenewMs: number;
  idleMs: number;
  retryMs: number;
}

export const SHEET_LOCK_TIMING: SheetLockTiming = {
  renewMs: SHEET_LOCK_RENEW_MS,
  activityRenewMs: SHEET_ACTIVITY_RENEW_MS,
  idleMs: SHEET_IDLE_MS,
  retryMs: SHEET_LOCK_RETRY_MS,
};

/** The next renewal: the interval, sooner when the server granted less (with 30 s to spare). */
function nextRenewal(lockedUntil: string | null, now: number, renewMs: number): number {
  const until = lockedUntil ? Date.parse(lockedUntil) : NaN;
  if (Number.isNaN(until)) return renewMs;
  return Math.max(5_000, Math.min(renewMs, until - now - 30_000));
}

export class SheetLockKeeper {
  private status: SheetLockStatus = 'idle';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastActivity = Date.now();
  private lastRenewal = 0;
  /** Renewals stopped for idleness: the lock may have run out. */
  private lapsed = false;
  private inFlight = false;
  private stopped = false;

  constructor(
    private readonly io: SheetLockIo,
    private readonly timing: SheetLockTiming = SHEET_LOCK_TIMING,
  ) {}

  get current(): SheetLockStatus {
    return this.status;
  }

  /** Takes the lock (opening the grid). */
  start(): void {
    this.stopped = false;
    this.lastActivity = Date.now();
    void this.take();
  }

  /** The user typed or clicked in the grid. */
  activity(): void {
    if (this.stopped) return;
    const now = Date.now();
    this.lastActivity = now;
    if (this.status !== 'held' || this.inFlight) return;
    if (this.lapsed || now - this.lastRenewal >= this.timing.activityRenewMs) void this.take();
  }

  /** Another user's lock was released or ran out: if it kept us out, take the lock now. */
  othersLeft(): void {
    if (!this.stopped && this.status === 'lost' && !this.inFlight) void this.take();
  }

  /** Another user took the lock (ours ran out while we were idle). */
  takenBy(holder: string | null): void {
    if (this.stopped) return;
    this.clearTimer();
    this.set('lost', holder);
  }

  /** Leaving: no more requests. The caller releases the lock. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private async take(): Promise<void> {
    this.clearTimer();
    this.inFlight = true;
    let answer: LockAnswer;
    try {
      answer = await this.io.acquire();
    } catch {
      answer = { kind: 'failed' };
    } finally {
      this.inFlight = false;
    }
    if (this.stopped) return;
    if (answer.kind === 'held') {
      this.lastRenewal = Date.now();
      this.lapsed = false;
      this.set('held', null);
      this.schedule(nextRenewal(answer.lockedUntil, Date.now(), this.timing.renewMs));
    } else if (answer.kind === 'refused') {
      this.set('lost', answer.holder);
    } else {
      // A network hiccup: the state stays, the request is tried again shortly.
      this.schedule(this.timing.retryMs);
    }
  }

  private schedule(delay: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => this.due(), delay);
  }

  private due(): void {
    this.timer = undefined;
    if (this.stopped) return;
    if (this.status === 'held' && Date.now() - this.lastActivity >= this.timing.idleMs) {
      // Nobody is working in this grid: let the lock run out; activity takes it again.
      this.lapsed = true;
      return;
    }
    void this.take();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private set(status: SheetLockStatus, holder: string | null): void {
    const changed = status !== this.status || status === 'lost';
    this.status = status;
    if (changed) this.io.onChange(status, holder);
  }
}
