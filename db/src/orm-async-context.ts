import asyncHooks, { AsyncLocalStorage } from 'node:async_hooks';

/**
 * MikroORM keeps three contexts in `AsyncLocalStorage`: the open transaction's fork
 * (`TransactionContext`), "inside a flush" (`UnitOfWork`) and raw fragments to drop (`RawQueryFragment`).
 * On Node 20 a storage's first `run()` turns on an async hook that runs for every promise the process
 * creates from then on, for good: after the first save, every request paid it (~8 % of the CPU of
 * GraphQL `me` in a profile: `promiseInitHook`, `lookupPublicResource`, `_propagate`; issue #14).
 *
 * A storage made by `scopedAsyncLocalStorage` turns itself off again when its last `run()` has ended
 * (its callback returned, or the promise it returned settled), and the hook with the last storage. What
 * runs inside a `run()`, awaited by its callback, sees the store as before; what a callback started and
 * left running after its promise settled no longer does. MikroORM's three contexts only live as long as
 * the promise their `run()` returns (a transaction, a commit, a `findAndCount`), so they keep working. A
 * storage ever given a store with `enterWith` (MikroORM's `RequestContext.enter`) stays on.
 */
export function scopedAsyncLocalStorage(
  Base: typeof AsyncLocalStorage = AsyncLocalStorage,
): typeof AsyncLocalStorage {
  return class ScopedAsyncLocalStorage<T> extends Base<T> {
    #running = 0;
    #entered = false;

    override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
      this.#running++;
      let result: R;
      try {
        result = super.run(store, callback, ...args);
      } catch (err) {
        this.#ended();
        throw err;
      }
      const settling = result as { then?: unknown } | null | undefined;
      if (settling && typeof settling.then === 'function') {
        (result as PromiseLike<unknown>).then(
          () => this.#ended(),
          () => this.#ended(),
        );
      } else {
        this.#ended();
      }
      return result;
    }

    override enterWith(store: T): void {
      this.#entered = true;
      super.enterWith(store);
    }

    #ended(): void {
      if (--this.#running === 0 && !this.#entered) this.disable();
    }
  } as typeof AsyncLocalStorage;
}

/**
 * Whether storages on this Node turn on a process-wide hook (Node 20 and 22 by default). Later Nodes keep
 * the context with each async frame, at no cost per promise; their storages are left as they are.
 */
export function storagesUseAsyncHooks(): boolean {
  return typeof (AsyncLocalStorage.prototype as { _enable?: unknown })._enable === 'function';
}

/**
 * Loads MikroORM with scoped storages: `node:async_hooks` hands out the scoped class while MikroORM's
 * modules are first evaluated (they make their storages then), and the original one again afterwards,
 * so nothing else changes. Returns whether MikroORM's storages are scoped: false when MikroORM was
 * loaded before this ran (as in tests importing it first) or on a Node without the hook.
 */
function loadMikroOrmScoped(): boolean {
  const ormPath = require.resolve('@mikro-orm/core');
  if (!storagesUseAsyncHooks() || require.cache[ormPath]) return false;
  const original = asyncHooks.AsyncLocalStorage;
  const hooks = asyncHooks as { AsyncLocalStorage: typeof AsyncLocalStorage };
  hooks.AsyncLocalStorage = scopedAsyncLocalStorage(original);
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@mikro-orm/core');
  } finally {
    hooks.AsyncLocalStorage = original;
  }
  return true;
}

/** True when this process's MikroORM keeps its contexts in scoped storages (see above). */
export const ormContextsScoped = loadMikroOrmScoped();
