/**
 * A value kept on an object made per request (an EntityManager fork, a GraphQL context), under a symbol of
 * its own: what a WeakMap keyed by that object would keep, without the WeakMap (issue #14).
 *
 * V8's young-generation collector keeps a WeakMap's entries alive, key and value, until a full collection:
 * a WeakMap keyed by per-request objects therefore carried every request's EntityManager, unit of work and
 * services into the old generation (~6 kB a request under load, read with V8's sampling heap profiler),
 * where they piled up to ~200 MB between full collections, and cost a full collection every two seconds.
 * A property of the object itself dies with it in the young generation.
 */
export class ObjectSlot<K extends object, V> {
  private readonly key: symbol;

  constructor(name: string) {
    this.key = Symbol(name);
  }

  get(owner: K): V | undefined {
    // Own properties only: an object made from another (Object.create) has its own slot, as with a WeakMap.
    return Object.hasOwn(owner, this.key) ? (owner as Record<symbol, V>)[this.key] : undefined;
  }

  set(owner: K, value: V): void {
    // Not enumerable: spreads, copies and serialisers of the owner never see it.
    Object.defineProperty(owner, this.key, { value, writable: true, configurable: true, enumerable: false });
  }
}
