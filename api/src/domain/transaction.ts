import type { EntityManager } from '@mikro-orm/core';
import type { PageLockEvent } from '../pubsub/topics';

/**
 * Every side effect a write announces, and what it carries: publishers and listeners name events from
 * this map, so a typo or a wrong payload is a compile error.
 */
export interface AfterCommitEvents {
  /** A page's edit lock changed (forwarded to the `pageLockChanged` subscription topic). */
  pageLockChanged: PageLockEvent;
  /** Save-and-notify wrote reminders to these users (their message rows commit with the page). */
  pageNotified: { pageId: number; itemId: number; fromUserId: number; toUserIds: number[] };
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
    this.settled();
  }

  private settled(): void {
    for (const listener of this.commitListeners) guarded(listener);
  }
}

const buses = new WeakMap<EntityManager, AfterCommit>();

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

/**
 * Runs `work` in one transaction on the request's EntityManager itself (not a fork), so every service
 * sharing that EntityManager (the change log, the policy) writes inside it. Nested calls join the
 * outer transaction, and their side effects wait for its commit. Validate before changing entities: a
 * rollback does not undo in-memory changes.
 */
export async function inTransaction<T>(em: EntityManager, work: () => Promise<T>): Promise<T> {
  if (em.isInTransaction()) return work();
  const bus = afterCommit(em);
  await em.begin();
  let result: T;
  try {
    result = await work();
    await em.commit();
  } catch (err) {
    await em.rollback();
    bus.rolledBack();
    throw err;
  }
  bus.committed();
  return result;
}
