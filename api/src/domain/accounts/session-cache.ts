import {
  helper,
  type EntityData,
  type EntityManager,
  type EventSubscriber,
  type FlushEventArgs,
} from '@mikro-orm/core';
import { User, UserToken } from '../../../../db/src';
import { afterCommit } from '../transaction';
import { accountOf, CachedUser, type Account } from '../viewer';

/**
 * A brief cache of token → user (issue #14): every authenticated request resolved its token with a
 * query; within `SESSION_CACHE_MS` a token seen before is answered from memory. Entries end at the token's
 * own expiry, when this node logs the user out, changes their password or writes their user row (any
 * flush), and after `SESSION_CACHE_MS` whatever happens. Another node's logout or password change
 * therefore reaches this node within `SESSION_CACHE_MS` at most: the time a revoked token may still work
 * elsewhere (documented in the README).
 */
export const SESSION_CACHE_MS = 5_000;
/** Entries one process keeps; past it the oldest go. */
const SESSION_CACHE_ENTRIES = 10_000;

interface Entry {
  /** The user row as loaded (the unit of work's snapshot), to rebuild a managed entity without a query. */
  user: EntityData<User>;
  /** What the user's own account reads show, for reads that need no entity. */
  account: Account;
  tokenExpiresAt: number;
  cachedUntil: number;
}

export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  /**
   * Counts forgets: a lookup that started before one may have read the row it forgot, so `remember`
   * keeps nothing then (a logout racing a request never leaves the old session cached).
   */
  private forgets = 0;

  /** Taken before the token query; passed to `remember`. */
  mark(): number {
    return this.forgets;
  }

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  /**
   * The user of a token hash, or null (unknown here, stale or expired): id and admin flag at once, the
   * managed entity of `em` only when asked for.
   */
  get(em: EntityManager, tokenHash: string, now: number): CachedUser | null {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return null;
    if (entry.cachedUntil <= now || entry.tokenExpiresAt <= now) {
      this.byToken.delete(tokenHash);
      return null;
    }
    // As a find hydrates a loaded row (`em.merge` also validated it and took a second snapshot of it: ~15 %
    // of a cheap request's CPU, issue #14); the unit of work sees it as loaded and unchanged.
    const { user } = entry;
    return new CachedUser(entry.account, () =>
      em.getEntityFactory().create(User, { ...user }, { merge: true, convertCustomTypes: true }),
    );
  }

  remember(token: UserToken, tokenHash: string, now: number, mark: number): void {
    if (mark !== this.forgets) return;
    const snapshot = helper(token.user).__originalEntityData;
    if (!snapshot) return;
    this.byToken.set(tokenHash, {
      user: { ...snapshot },
      account: accountOf(token.user),
      tokenExpiresAt: token.expiresAt.getTime(),
      cachedUntil: now + this.ttlMs,
    });
    while (this.byToken.size > SESSION_CACHE_ENTRIES) this.byToken.delete(this.byToken.keys().next().value!);
  }

  /** Forgets every session of these users (logout, password change, a change of their row). */
  forgetUsers(userIds: Iterable<number>): void {
    const ids = new Set(userIds);
    if (!ids.size) return;
    this.forgets++;
    for (const [hash, entry] of this.byToken) if (ids.has(entry.account.id)) this.byToken.delete(hash);
  }

  clear(): void {
    this.forgets++;
    this.byToken.clear();
  }
}

/**
 * Forgets the users whose rows or tokens a flush wrote: a changed name, group or password hash is never
 * answered from memory on this node.
 */
class SessionWriteSubscriber implements EventSubscriber {
  constructor(private readonly cache: SessionCache) {}

  afterFlush({ em, uow }: FlushEventArgs): void {
    const ids: number[] = [];
    for (const change of uow.getChangeSets()) {
      const entity = change.entity as object;
      if (entity instanceof User) ids.push(entity.id);
      else if (entity instanceof UserToken) ids.push(entity.user.id);
    }
    if (!ids.length) return;
    this.cache.forgetUsers(ids);
    // Again once committed: a request that read the old row meanwhile must not keep it.
    if (em.isInTransaction()) afterCommit(em).queue('usersChanged', { userIds: ids });
  }
}

const caches = new WeakMap<object, SessionCache>();

/** Lets the after-commit bus of a request's EntityManager reach the cache (once per EntityManager). */
export function connectSessionCache(em: EntityManager): SessionCache {
  const cache = sessionCacheOf(em);
  afterCommit(em).connectOnce(cache, (bus) => bus.on('usersChanged', (e) => cache.forgetUsers(e.userIds)));
  return cache;
}

/** The session cache of the ORM instance `em` belongs to (request forks share it). */
export function sessionCacheOf(em: EntityManager): SessionCache {
  const key = em.getDriver();
  let cache = caches.get(key);
  if (!cache) {
    cache = new SessionCache();
    caches.set(key, cache);
    em.getEventManager().registerSubscriber(new SessionWriteSubscriber(cache));
  }
  return cache;
}
