import { DeadlockException, LockWaitTimeoutException, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { joinGroupCommit, ObjectSlot } from '../../../db/src';
import type { PageCommentEvent, PageLockEvent } from '../pubsub/topics';

/**
 * Every side effect a write announces, and what it carries: publishers and listeners name events from
 * this map, so a typo or a wrong payload is a compile error.
 */
export interface AfterCommitEvents {
  /** A page's edit lock changed (forwarded to the `pageLockChanged` subscription topic). */
  pageLockChanged: PageLockEvent;
  /** Save-and-notify wrote reminders to these users (their message rows commit with the page). */
  pageNotified: { pageId: number; itemId: number; fromUserId: number; toUserIds: number[] };
  /** These users' rows or sessions changed (logout, password, profile): cached sessions end. */
  usersChanged: { userIds: number[] };
  /** What these users (or, for an announcement, everyone) have unread changed. */
  unreadChanged: { userIds: number[]; everyone: boolean };
  /** A page comment was added or deleted (forwarded to the `pageCommentChanged` topic). */
  pageCommentChanged: PageCommentEvent;
}

export type AfterCommitEvent = keyof AfterCommitEvents;
type Listener<K extends AfterCommitEvent> = (payload: AfterCommitEvents[K]) => void;
type Listeners = { [K in AfterCommitEvent]?: Array<Listener<K>> };

/**
 * The side effects of one EntityManager's writes: queued while a transaction is open, delivered once it
 * commits, dropped when it rolls back. Outside a transaction a write commits at its flush, so an event
 * queued after that flush is delivered at once. Listeners run after the commit: one that throws cannot
 * undo the write, so it is kept from the caller and from the other listeners.
 */
export class AfterCommit {
  private pending: Array<() => void> = [];
  private readonly listeners: Listeners = {};
  private readonly commitListeners: Array<() => void> = [];
  private readonly forwarded = new Set<unknown>();
  private readonly beforeCommit = new Map<
    string,
    { ids: Set<number>; write: (ids: number[]) => Promise<void> }
  >();

  constructor(private readonly em: EntityManager) {}

  on<K extends AfterCommitEvent>(event: K, listener: Listener<K>): void {
    const list: Array<Listener<K>> = this.listeners[event] ?? [];
    list.push(listener);
    (this.listeners as { [P in K]?: Array<Listener<P>> })[event] = list;
  }

  /** Runs after every commit, whatever it wrote (and after a rollback: in-memory state may be stale). */
  onEveryCommit(listener: () => void): void {
    this.commitListeners.push(listener);
  }

  /** Registers `connect(this)` once per `target` (a PubSub, a webhook sender), however often it is asked. */
  connectOnce(target: unknown, connect: (bus: AfterCommit) => void): void {
    if (this.forwarded.has(target)) return;
    this.forwarded.add(target);
    connect(this);
  }

  queue<K extends AfterCommitEvent>(event: K, payload: AfterCommitEvents[K]): void {
    const deliver = () => {
      for (const listener of this.listeners[event] ?? []) guarded(() => listener(payload));
    };
    if (this.em.isInTransaction()) this.pending.push(deliver);
    else {
      deliver();
      this.settled();
    }
  }

  /**
   * Collects ids for a write that must land in the open transaction, as its last statements (a version
   * bump: its row lock is then held for the shortest time). `write` runs once per key, with every id
   * collected, just before the commit; a rollback drops them (a retried attempt collects them again).
   * Outside a transaction the caller writes at once.
   */
  collectBeforeCommit(key: string, id: number, write: (ids: number[]) => Promise<void>): void {
    const entry = this.beforeCommit.get(key) ?? { ids: new Set<number>(), write };
    entry.ids.add(id);
    this.beforeCommit.set(key, entry);
  }

  /** Called by `inTransaction` before it commits the outermost transaction. */
  async committing(): Promise<void> {
    const entries = [...this.beforeCommit.values()];
    this.beforeCommit.clear();
    for (const { ids, write } of entries) await write([...ids].sort((a, b) => a - b));
  }

  /** Called by `inTransaction` when the outermost transaction committed. */
  committed(): void {
    const pending = this.pending;
    this.pending = [];
    for (const deliver of pending) deliver();
    this.settled();
  }

  /** Called by `inTransaction` when the outermost transaction rolled back. */
  rolledBack(): void {
    this.pending = [];
    this.beforeCommit.clear();
    this.settled();
  }

  private settled(): void {
    for (const listener of this.commitListeners) guarded(listener);
  }
}

// On the EntityManager itself, not in a WeakMap: see ObjectSlot.
const buses = new ObjectSlot<EntityManager, AfterCommit>('afterCommit');

/** The after-commit queue of an EntityManager (one per request fork, shared by its services). */
export function afterCommit(em: EntityManager): AfterCommit {
  let bus = buses.get(em);
  if (!bus) {
    bus = new AfterCommit(em);
    buses.set(em, bus);
  }
  return bus;
}

function guarded(run: () => void): void {
  try {
    run();
  } catch (err) {
    // The write is committed: a failing side effect is reported, never turned into the write's error.
    console.error('after-commit listener failed', err);
  }
}

export interface TransactionOptions {
  /**
   * Runs `work` again, after a short random pause, when the database gave up on it for contention (a
   * deadlock, a lock wait timeout, SQLite busy). Only for work that can run twice: it re-reads what it
   * changes inside the transaction and writes with native statements, leaving nothing in the unit of
   * work (a rollback does not undo the unit of work's in-memory state).
   */
  retryOnContention?: boolean;
  /**
   * On the embedded database, commits `work` together with the other writes that end in the same turn of
   * the event loop (`GroupCommit`): one COMMIT for a burst of saves instead of one each. `inTransaction`
   * returns, and the side effects run, once the changes are durable, as without it. Only for a transaction
   * whose caller waits for it (a request's write), never for one a reader must see at its `em.commit()`.
   */
  groupCommit?: boolean;
}

/** Attempts of a retried transaction, the first included: enough to outlast a burst of writers. */
export const CONTENTION_ATTEMPTS = 8;
/** Upper bound of the first pause; it doubles per attempt (full jitter, so retries do not collide again). */
const BACKOFF_MS = 4;
/**
 * SQLite busy: another connection (a second process on the file) holds the write lock. SQLite calls its busy
 * handler only for a transaction that has read nothing yet; one that read first and then wants to write
 * gets SQLITE_BUSY at once. So the retries themselves must wait, and not by jitter alone (eight fast
 * failures can be over in a quarter of a second): 100 ms more per attempt, 2.8 s over all attempts.
 */
const SQLITE_BUSY_STEP_MS = 100;

/**
 * Whether the database refused a statement for contention rather than for what it asked: MySQL 1213
 * (deadlock) and 1205 (lock wait timeout), SQLite busy/locked. Trying again later can succeed.
 */
export function isContention(err: unknown): boolean {
  if (err instanceof DeadlockException || err instanceof LockWaitTimeoutException) return true;
  if (!(err instanceof Error)) return false;
  const { code, errno } = err as Error & { code?: unknown; errno?: unknown };
  if (errno === 1213 || errno === 1205) return true;
  if (
    typeof code === 'string' &&
    /^(SQLITE_BUSY|SQLITE_LOCKED|ER_LOCK_DEADLOCK|ER_LOCK_WAIT_TIMEOUT)/.test(code)
  )
    return true;
  return /database is locked/i.test(err.message);
}

function isSqliteContention(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    isContention(err) &&
    ((typeof code === 'string' && code.startsWith('SQLITE_')) || /database is locked/i.test(String(err)))
  );
}

/**
 * A statement that failed with SQLite busy inside a transaction stays active in the libsql driver (it
 * cannot be reset from JavaScript), and every later COMMIT on that connection fails with "SQL
 * statements in progress". The pool's one connection is marked stale (the libsql dialect's pool
 * validation replaces a connection whose `__created` is over 10 s old), so the next query opens a fresh
 * one with the same pragmas instead of every write after this one failing.
 */
async function replaceSqliteConnection(em: EntityManager): Promise<void> {
  const { client } = (em as SqlEntityManager).getConnection().getKnex();
  const raw = (await client.acquireConnection()) as { __created?: number };
  raw.__created = 0;
  await client.releaseConnection(raw);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in one transaction on the request's EntityManager itself (not a fork), so every service
 * sharing that EntityManager (the change log, the policy) writes inside it. Nested calls join the
 * outer transaction (and its retries), and their side effects wait for its commit. Validate before
 * changing entities: a rollback does not undo in-memory changes. Events queued by an attempt that rolled
 * back are dropped, so a retried write announces itself once, for the attempt that committed.
 */
export async function inTransaction<T>(
  em: EntityManager,
  work: () => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (em.isInTransaction()) return work();
  const bus = afterCommit(em);
  const attempts = options.retryOnContention ? CONTENTION_ATTEMPTS : 1;
  for (let attempt = 1; ; attempt++) {
    await em.begin();
    let result: T;
    try {
      result = await work();
      await bus.committing();
      const group = options.groupCommit ? await joinGroupCommit(em) : null;
      await em.commit();
      await group?.durable;
    } catch (err) {
      // A deadlocked transaction is already rolled back by the server; the driver may then refuse ours.
      await em.rollback().catch(() => em.resetTransactionContext());
      if (isSqliteContention(err)) await replaceSqliteConnection(em);
      bus.rolledBack();
      if (attempt >= attempts || !isContention(err)) throw err;
      await pause(
        isSqliteContention(err) ? SQLITE_BUSY_STEP_MS * attempt : Math.random() * BACKOFF_MS * 2 ** attempt,
      );
      continue;
    }
    bus.committed();
    return result;
  }
}
