import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SHEET_LOCK_TIMING, SheetLockKeeper, type LockAnswer, type SheetLockStatus } from './sheetLock';

const MINUTE = 60_000;

function keeper(answers: Array<LockAnswer | (() => LockAnswer)> = []) {
  const changes: Array<[SheetLockStatus, string | null]> = [];
  const acquire = jest.fn(async (): Promise<LockAnswer> => {
    const next = answers.shift();
    const answer = typeof next === 'function' ? next() : next;
    return answer ?? { kind: 'held', lockedUntil: new Date(Date.now() + 3 * MINUTE).toISOString() };
  });
  const lock = new SheetLockKeeper({ acquire, onChange: (status, holder) => changes.push([status, holder]) });
  return { lock, acquire, changes };
}

/** Lets the awaited acquire settle (fake timers do not run promise callbacks). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const advance = async (ms: number) => {
  await jest.advanceTimersByTimeAsync(ms);
  await settle();
};

describe("the spreadsheet's edit lock", () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-01-01T09:00:00Z') });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('renews well inside the lifetime it asks for while the user works, for hours', async () => {
    const { lock, acquire, changes } = keeper();
    lock.start();
    await settle();
    expect(changes).toEqual([['held', null]]);
    expect(acquire).toHaveBeenCalledTimes(1);
    // Three hours of work: a click every minute; every renewal comes before the 3-minute lock runs out.
    let previous = Date.now();
    let longestGap = 0;
    acquire.mockImplementation(async () => {
      longestGap = Math.max(longestGap, Date.now() - previous);
      previous = Date.now();
      return { kind: 'held', lockedUntil: new Date(Date.now() + 3 * MINUTE).toISOString() };
    });
    for (let minute = 0; minute < 180; minute++) {
      await advance(MINUTE);
      lock.activity();
      await settle();
    }
    expect(acquire.mock.calls.length).toBeGreaterThanOrEqual(90);
    expect(longestGap).toBeLessThanOrEqual(SHEET_LOCK_TIMING.renewMs);
    expect(changes).toEqual([['held', null]]);
    lock.stop();
  });

  it('renews at once on activity when the last renewal is a minute old, not on every keystroke', async () => {
    const { lock, acquire } = keeper();
    lock.start();
    await settle();
    await advance(10_000);
    lock.activity();
    lock.activity();
    await settle();
    expect(acquire).toHaveBeenCalledTimes(1);
    await advance(SHEET_LOCK_TIMING.activityRenewMs);
    lock.activity();
    await settle();
    expect(acquire).toHaveBeenCalledTimes(2);
    lock.stop();
  });

  it('stops renewing a grid left alone, so the lock runs out, and takes it again on the next click', async () => {
    const { lock, acquire } = keeper();
    lock.start();
    await settle();
    await advance(SHEET_LOCK_TIMING.idleMs + 3 * SHEET_LOCK_TIMING.renewMs);
    const whileIdle = acquire.mock.calls.length;
    // Renewals ran until the idle limit, then stopped.
    expect(whileIdle).toBe(Math.floor(SHEET_LOCK_TIMING.idleMs / SHEET_LOCK_TIMING.renewMs));
    await advance(3 * 60 * MINUTE);
    expect(acquire).toHaveBeenCalledTimes(whileIdle);
    lock.activity();
    await settle();
    expect(acquire).toHaveBeenCalledTimes(whileIdle + 1);
    lock.stop();
  });

  it("reports another holder's name, and takes the lock when they leave", async () => {
    const { lock, acquire, changes } = keeper([{ kind: 'refused', holder: 'alice' }]);
    lock.start();
    await settle();
    expect(changes).toEqual([['lost', 'alice']]);
    // Refused: no renewals, and activity does not ask again.
    await advance(30 * MINUTE);
    lock.activity();
    await settle();
    expect(acquire).toHaveBeenCalledTimes(1);
    lock.othersLeft();
    await settle();
    expect(changes).toEqual([
      ['lost', 'alice'],
      ['held', null],
    ]);
    // Someone takes it while ours had run out: lost again, with their name.
    lock.takenBy('bob');
    expect(changes.at(-1)).toEqual(['lost', 'bob']);
    lock.stop();
  });

  it('retries a failed request without dropping the lock, and sends nothing once stopped', async () => {
    const { lock, acquire, changes } = keeper([{ kind: 'held', lockedUntil: null }, { kind: 'failed' }]);
    lock.start();
    await settle();
    await advance(SHEET_LOCK_TIMING.renewMs);
    expect(acquire).toHaveBeenCalledTimes(2);
    expect(changes).toEqual([['held', null]]);
    lock.activity();
    await advance(SHEET_LOCK_TIMING.retryMs);
    expect(acquire).toHaveBeenCalledTimes(3);
    lock.stop();
    lock.activity();
    lock.othersLeft();
    await advance(60 * MINUTE);
    expect(acquire).toHaveBeenCalledTimes(3);
  });
});
