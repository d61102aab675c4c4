import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Item, MemberGroup, PageLock, type User } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildUser,
  viewerOf,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';
import { createInProcessPubSub, type PubSub } from '../../pubsub/pubsub';
import type { PageLockEvent } from '../../pubsub/topics';
import type { Services } from '../services';
import type { Viewer } from '../viewer';
import { lockSeconds } from './lock.service';

/** Lets the subscribers' async loops take what was published. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const at = (t0: Date, seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe.each(testDatabases())('page locks on $name', (target) => {
  let db: TestDb;
  let pubSub: PubSub;
  let owner: User, alice: User, bob: User, reader: User, scoped: User, stranger: User;

  beforeAll(async () => {
    pubSub = createInProcessPubSub();
    db = await openTestDb(target, 'locks', { pubSub });
    const em = db.services().em;
    owner = await buildUser(em);
    alice = await buildUser(em);
    bob = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
    stranger = await buildUser(em);
  });
  afterAll(async () => db?.close());

  async function as(user: User | null): Promise<{ s: Services; viewer: Viewer }> {
    const s = db.services();
    return { s, viewer: await viewerOf(s.em, user) };
  }

  async function setUp() {
    const em = db.services().em;
    const item = await buildItem(em, owner);
    const inside = await buildCatalog(em, item, { name: 'Inside' });
    const outside = await buildCatalog(em, item, { name: 'Outside' });
    buildMember(em, item, alice, MemberGroup.Edit);
    buildMember(em, item, bob, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    buildMember(em, item, scoped, MemberGroup.Edit, [inside]);
    await em.flush();
    const page = await buildPage(em, item, { catalog: inside });
    const hidden = await buildPage(em, item, { catalog: outside });
    return { item, page, hidden };
  }

  /** Every event of one page's topic, as a subscriber receives them. */
  function watch(pageId: number) {
    const events: PageLockEvent[] = [];
    const stream = pubSub.subscribe('pageLockChanged', pageId);
    void (async () => {
      for await (const event of stream) events.push(event);
    })();
    return { events, stop: () => stream.return?.() };
  }

  const acquire = async (user: User, pageId: number, now: Date, renewEverySeconds?: number) => {
    const { s, viewer } = await as(user);
    return s.locks.acquire(viewer, pageId, { renewEverySeconds }, now);
  };
  const release = async (user: User, pageId: number, now: Date) => {
    const { s, viewer } = await as(user);
    return s.locks.release(viewer, pageId, now);
  };
  const state = async (user: User | null, pageId: number, now: Date) => {
    const { s, viewer } = await as(user);
    return s.locks.state(viewer, pageId, now);
  };

  it('lasts one renewal interval plus a grace period', () => {
    expect(lockSeconds(20 * 60)).toBe(30 * 60);
    expect(lockSeconds(180)).toBe(270);
    expect(lockSeconds(1)).toBe(65);
    expect(lockSeconds(10 * 24 * 3600)).toBe(2 * 3600);
  });

  it('lets one user hold a page, renew it and release it, announcing each step', async () => {
    const { page } = await setUp();
    const watcher = watch(page.id);
    const t0 = new Date('2031-01-01T10:00:00Z');
    try {
      const lock = await acquire(alice, page.id, t0);
      expect(lock.lockedUntil.getTime()).toBe(at(t0, 1800).getTime());
      expect(await state(bob, page.id, at(t0, 60))).toMatchObject({ mine: false, holder: { id: alice.id } });
      expect((await state(alice, page.id, at(t0, 60))).mine).toBe(true);
      expect((await state(reader, page.id, at(t0, 60))).holder?.username).toBe(alice.username);

      const refused = await expectCode(acquire(bob, page.id, at(t0, 60)), 'PageLocked');
      expect(refused.extensions).toMatchObject({ holderId: alice.id, holderName: alice.username });
      await expectCode(release(bob, page.id, at(t0, 60)), 'PageLocked');

      const renewed = await acquire(alice, page.id, at(t0, 600), 180);
      expect(renewed.lockedUntil.getTime()).toBe(at(t0, 600 + 270).getTime());
      expect(await release(alice, page.id, at(t0, 700))).toBe(true);
      expect(await release(alice, page.id, at(t0, 701))).toBe(false);
      expect((await state(bob, page.id, at(t0, 702))).lock).toBeNull();
      await acquire(bob, page.id, at(t0, 703));
      await settle();
      expect(watcher.events.map((e) => [e.action, e.holderName])).toEqual([
        ['ACQUIRED', alice.username],
        ['RENEWED', alice.username],
        ['RELEASED', alice.username],
        ['ACQUIRED', bob.username],
      ]);
      expect(watcher.events[2]!.lockedUntil).toBeNull();
      expect(watcher.events[1]!.lockedUntil?.getTime()).toBe(at(t0, 870).getTime());
    } finally {
      await watcher.stop();
    }
  });

  it('frees a page whose holder stopped renewing, and announces the expiry once', async () => {
    const { page } = await setUp();
    const watcher = watch(page.id);
    const t0 = new Date('2031-02-01T10:00:00Z');
    try {
      await acquire(alice, page.id, t0, 180);
      await expectCode(acquire(bob, page.id, at(t0, 269)), 'PageLocked');
      // Past the grace period the lock no longer counts, swept or not.
      expect((await state(bob, page.id, at(t0, 271))).lock).toBeNull();
      await acquire(bob, page.id, at(t0, 271), 180);
      // Bob's lock runs out too; two nodes sweep at once (other tests' old locks go as well), and the
      // expiry of this one is announced once.
      await Promise.all([
        db.services().locks.sweepExpired(at(t0, 271 + 271)),
        db.services().locks.sweepExpired(at(t0, 271 + 271)),
      ]);
      expect(await db.services().em.count(PageLock, { page: page.id })).toBe(0);
      await settle();
      expect(watcher.events.map((e) => [e.action, e.holderName])).toEqual([
        ['ACQUIRED', alice.username],
        ['ACQUIRED', bob.username],
        ['EXPIRED', bob.username],
      ]);
    } finally {
      await watcher.stop();
    }
  });

  it('keeps a live lock out of the sweep', async () => {
    const { page } = await setUp();
    const t0 = new Date('2031-03-01T10:00:00Z');
    await acquire(alice, page.id, t0);
    expect(await db.services().locks.sweepExpired(at(t0, 1799))).toBe(0);
    expect(await db.services().em.count(PageLock, { page: page.id })).toBe(1);
  });

  it("follows ShowDoc's setLock: 30 minutes by default, a past lock_to releases", async () => {
    const { item, page } = await setUp();
    const t0 = new Date('2031-04-01T10:00:00Z');
    const { s, viewer } = await as(alice);
    const lock = await s.locks.setUntil(viewer, { pageId: page.id, itemId: item.id }, t0);
    expect(lock?.lockedUntil.getTime()).toBe(at(t0, 1800).getTime());
    const far = await s.locks.setUntil(
      viewer,
      { pageId: page.id, itemId: item.id, until: at(t0, 86400) },
      t0,
    );
    expect(far?.lockedUntil.getTime()).toBe(at(t0, 7200).getTime());
    expect(
      await s.locks.setUntil(viewer, { pageId: page.id, itemId: item.id, until: new Date(1000_000) }, t0),
    ).toBeNull();
    expect((await state(bob, page.id, t0)).lock).toBeNull();
    await expectCode(s.locks.setUntil(viewer, { pageId: page.id, itemId: 0 }, t0), 'BadInput');
    const other = await buildItem(db.services().em, owner);
    await expectCode(s.locks.setUntil(viewer, { pageId: page.id, itemId: other.id }, t0), 'PageNotInItem');
  });

  it('lets only editors lock, inside their catalog scope, and only readers see the lock', async () => {
    const { page, hidden } = await setUp();
    const t0 = new Date('2031-05-01T10:00:00Z');
    await expectCode(acquire(reader, page.id, t0), 'ItemEditDenied');
    await acquire(scoped, page.id, t0);
    await expectCode(acquire(scoped, hidden.id, t0), 'ItemEditDenied');
    await expectCode(state(scoped, hidden.id, t0), 'PageVisitDenied');
    await expectCode(acquire(alice, 0, t0), 'PageNotFound');
    await db.services().em.nativeUpdate(Item, { id: page.item.id }, { password: 'secret' });
    await expectCode(state(stranger, page.id, t0), 'PagePasswordRequired');
    await expectCode(state(null, page.id, t0), 'PagePasswordRequired');
    const anonymous = await as(null);
    await expectCode(anonymous.s.locks.acquire(anonymous.viewer, page.id, {}, t0), 'LoginRequired');
  });
});
