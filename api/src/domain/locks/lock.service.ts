import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Page, PageLock, type User } from '../../../../db/src';
import type { PageLockAction } from '../../pubsub/topics';
import { DomainError } from '../errors';
import type { PageService } from '../pages/page.service';
import { afterCommit } from '../transaction';
import type { Viewer } from '../viewer';

/**
 * How often the holder renews, when it does not say (spec 001 §9: every 20 minutes in the editor; the item
 * view renews every 3 minutes and says so).
 */
export const DEFAULT_RENEW_SECONDS = 20 * 60;
export const MIN_RENEW_SECONDS = 5;
/** No lock outlives this without renewal, whatever the client asks (ShowDoc took any `lock_to`). */
export const MAX_LOCK_SECONDS = 2 * 60 * 60;

/**
 * A lock lasts one renewal interval plus a grace period (half an interval, at least a minute), so a
 * renewal arriving a little late does not lose it, and a holder that is gone frees the page soon after.
 * For the editor's 20 minutes this is ShowDoc's 30-minute default.
 */
export function lockSeconds(renewEverySeconds: number): number {
  const renew = Math.min(Math.max(renewEverySeconds, MIN_RENEW_SECONDS), MAX_LOCK_SECONDS);
  return Math.min(renew + Math.max(60, Math.ceil(renew / 2)), MAX_LOCK_SECONDS);
}

export interface AcquireLockOptions {
  /** The page must belong to this item (ShowDoc clients send both). */
  itemId?: number;
  /** An explicit end (ShowDoc's `lock_to`), kept within MAX_LOCK_SECONDS. */
  until?: Date;
  /** How often the holder will renew; sets the end when `until` is absent. */
  renewEverySeconds?: number;
}

/** The live lock of a page as a viewer sees it. */
export interface LockState {
  lock: PageLock | null;
  holder: User | null;
  /** The viewer holds it. */
  mine: boolean;
}

/**
 * Advisory edit locks (saves do not check them, as in ShowDoc): one holder per page, renewed by the
 * holder, released on leave (also by a beacon on page unload), expired when not renewed. Every change is
 * announced as `pageLockChanged` after it commits (the services forward it to the subscription topic);
 * expiry by `sweepExpired`, which the server runs every few seconds.
 * Safe on several nodes: every change is a conditional write, and only the node whose write took effect
 * publishes it.
 */
export class LockService {
  constructor(
    private readonly em: EntityManager,
    private readonly pages: PageService,
  ) {}

  /** Takes or renews the viewer's lock on a page they may edit; another user's live lock refuses it. */
  async acquire(viewer: Viewer, pageId: number, options: AcquireLockOptions = {}, now = new Date()) {
    const user = viewer.requireUser();
    const { page } = await this.pages.writable(viewer, pageId, options.itemId);
    const until = lockEnd(options, now);
    const before = await this.current(page.id);
    if (before && before.lockedUntil > now && before.user.id !== user.id) throw lockedError(before);
    // Decided now: `before` is the entity the reload below refreshes in place.
    const renewed = before !== null && before.user.id === user.id && before.lockedUntil > now;

    // Ours, or expired: taken over in place; no row: inserted, unless a concurrent request got there first.
    const updated = await this.em.nativeUpdate(
      PageLock,
      { page: page.id, $or: [{ user: user.id }, { lockedUntil: { $lte: now } }] },
      { user: user.id, lockedUntil: until },
    );
    if (!updated) {
      await (this.em as SqlEntityManager)
        .createQueryBuilder(PageLock)
        .insert({ page: page.id, user: user.id, lockedUntil: until, createdAt: now })
        .onConflict()
        .ignore()
        .execute();
    }
    const after = await this.current(page.id);
    if (!after) throw new DomainError('Failed');
    if (after.user.id !== user.id) throw lockedError(after);
    this.publish(after, renewed ? 'RENEWED' : 'ACQUIRED', now);
    return after;
  }

  /**
   * Releases the viewer's lock; true when there was one. The holder may always release (even after losing
   * edit rights); anyone else meets the live lock of its holder (PageLocked), as in ShowDoc.
   */
  async release(viewer: Viewer, pageId: number, now = new Date()): Promise<boolean> {
    const user = viewer.requireUser();
    const page = pageId > 0 ? await this.em.findOne(Page, { id: pageId }) : null;
    if (!page) throw new DomainError('PageNotFound');
    const held = await this.current(page.id);
    if (held && held.user.id === user.id) {
      const removed = await this.em.nativeDelete(PageLock, { id: held.id, user: user.id });
      if (removed) {
        this.publish(held, 'RELEASED', now, null);
        return true;
      }
    }
    await this.pages.writable(viewer, pageId);
    const other = await this.current(page.id);
    if (other && other.lockedUntil > now && other.user.id !== user.id) throw lockedError(other);
    return false;
  }

  /**
   * ShowDoc's `setLock`: a lock until `until` (30 minutes when absent), and an `until` already past (the
   * client sends 1000) releases it. Returns the lock, or null after a release.
   */
  async setUntil(
    viewer: Viewer,
    input: { pageId: number; itemId: number; until?: Date },
    now = new Date(),
  ): Promise<PageLock | null> {
    viewer.requireUserId();
    if (input.pageId <= 0 || input.itemId <= 0) throw new DomainError('BadInput');
    if (input.until && input.until <= now) {
      await this.release(viewer, input.pageId, now);
      return null;
    }
    return this.acquire(viewer, input.pageId, { itemId: input.itemId, until: input.until }, now);
  }

  /** Who holds a page the viewer may read, if anyone (an expired lock counts as none). */
  async state(viewer: Viewer, pageId: number, now = new Date()): Promise<LockState> {
    const { page } = await this.pages.readable(viewer, pageId);
    const lock = await this.current(page.id);
    if (!lock || lock.lockedUntil <= now) return { lock: null, holder: null, mine: false };
    return { lock, holder: lock.user, mine: lock.user.id === viewer.userId };
  }

  /** Removes locks that ran out and publishes their expiry; returns how many. */
  async sweepExpired(now = new Date(), batch = 500): Promise<number> {
    const expired = await this.em.find(
      PageLock,
      { lockedUntil: { $lte: now } },
      { populate: ['user'], limit: batch, orderBy: { id: 'asc' } },
    );
    let count = 0;
    for (const lock of expired) {
      // A renewal since the read moved `lockedUntil`; another node may have removed it: then no event.
      const removed = await this.em.nativeDelete(PageLock, { id: lock.id, lockedUntil: { $lte: now } });
      if (!removed) continue;
      count++;
      this.publish(lock, 'EXPIRED', now, null);
    }
    return count;
  }

  private async current(pageId: number): Promise<PageLock | null> {
    return this.em.findOne(PageLock, { page: pageId }, { populate: ['user'], refresh: true });
  }

  private publish(
    lock: PageLock,
    action: PageLockAction,
    now: Date,
    lockedUntil: Date | null = lock.lockedUntil,
  ): void {
    const pageId = lock.page.id;
    afterCommit(this.em).queue('pageLockChanged', {
      pageId,
      action,
      holderId: lock.user.id,
      holderName: lock.user.username,
      lockedUntil,
      at: now,
    });
  }
}

function lockEnd(options: AcquireLockOptions, now: Date): Date {
  const latest = now.getTime() + MAX_LOCK_SECONDS * 1000;
  if (options.until) return new Date(Math.min(options.until.getTime(), latest));
  return new Date(now.getTime() + lockSeconds(options.renewEverySeconds ?? DEFAULT_RENEW_SECONDS) * 1000);
}

function lockedError(lock: PageLock): DomainError {
  const name = lock.user.username;
  return new DomainError(
    'PageLocked',
    { en: `${name} is editing this page`, zh: '该页面已被其他用户锁定' },
    { holderId: lock.user.id, holderName: name, lockedUntil: lock.lockedUntil.toISOString() },
  );
}
