import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DeadlockException, LockWaitTimeoutException, type EntityManager } from '@mikro-orm/core';
import { Item, MemberGroup, type User } from '../../../db/src';
import { openTestDb, type TestDb } from '../../../test/support/db';
import { buildItem, buildMember, buildUser, viewerOf } from '../../../test/support/factories';
import { testDatabases } from '../../../test/support/mysql';
import type { PageLockEvent } from '../pubsub/topics';
import { afterCommit, CONTENTION_ATTEMPTS, inTransaction, isContention } from './transaction';

const lockEvent = (pageId: number): PageLockEvent => ({
  pageId,
  action: 'ACQUIRED',
  holderId: 1,
  holderName: 'someone',
  lockedUntil: null,
  at: new Date(0),
});

describe.each(testDatabases())('after-commit events on $name', (target) => {
  let db: TestDb;
  let owner: User;

  beforeAll(async () => {
    db = await openTestDb(target, 'aftercommit');
    owner = await buildUser(db.services().em);
  });

  afterAll(async () => {
    await db?.close();
  });

  /** A fresh request's EntityManager, and the page ids its `pageLockChanged` listener received. */
  function request(): { em: EntityManager; delivered: number[] } {
    const { em } = db.services();
    const delivered: number[] = [];
    afterCommit(em).on('pageLockChanged', (event) => delivered.push(event.pageId));
    return { em, delivered };
  }

  it('delivers an event of a committed transaction once, after the commit', async () => {
    const { em, delivered } = request();
    let seenInside: number[] = [];
    await inTransaction(em, async () => {
      await buildItem(em, owner, { name: 'committed' });
      afterCommit(em).queue('pageLockChanged', lockEvent(1));
      await Promise.resolve();
      seenInside = [...delivered];
    });
    expect(seenInside).toEqual([]);
    expect(delivered).toEqual([1]);
    expect(await db.services().em.count(Item, { name: 'committed' })).toBe(1);
  });

  it('never delivers an event of a rolled-back transaction', async () => {
    const { em, delivered } = request();
    await expect(
      inTransaction(em, async () => {
        await buildItem(em, owner, { name: 'rolled back' });
        afterCommit(em).queue('pageLockChanged', lockEvent(2));
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    expect(delivered).toEqual([]);
    expect(await db.services().em.count(Item, { name: 'rolled back' })).toBe(0);

    // The next transaction on the same EntityManager does not deliver the dropped event either.
    await inTransaction(em, async () => afterCommit(em).queue('pageLockChanged', lockEvent(3)));
    expect(delivered).toEqual([3]);
  });

  it('delivers events of nested transactions at the outer commit', async () => {
    const { em, delivered } = request();
    const afterInner: number[][] = [];
    await inTransaction(em, async () => {
      await inTransaction(em, async () => {
        afterCommit(em).queue('pageLockChanged', lockEvent(4));
      });
      afterInner.push([...delivered]);
      afterCommit(em).queue('pageLockChanged', lockEvent(5));
    });
    expect(afterInner).toEqual([[]]);
    expect(delivered).toEqual([4, 5]);
  });

  it('drops the events of a nested transaction when the outer one rolls back', async () => {
    const { em, delivered } = request();
    await expect(
      inTransaction(em, async () => {
        await inTransaction(em, async () => afterCommit(em).queue('pageLockChanged', lockEvent(6)));
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(delivered).toEqual([]);
  });

  it('delivers at once outside a transaction (the write committed at its flush)', async () => {
    const { em, delivered } = request();
    await buildItem(em, owner, { name: 'flushed alone' });
    afterCommit(em).queue('pageLockChanged', lockEvent(7));
    expect(delivered).toEqual([7]);
  });

  it('keeps a failing listener from the write and from the other listeners', async () => {
    const { em, delivered } = request();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      afterCommit(em).on('pageLockChanged', () => {
        throw new Error('listener broke');
      });
      const second: number[] = [];
      afterCommit(em).on('pageLockChanged', (event) => second.push(event.pageId));
      await inTransaction(em, async () => afterCommit(em).queue('pageLockChanged', lockEvent(8)));
      expect(delivered).toEqual([8]);
      expect(second).toEqual([8]);
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
  });

  it('clears the cached rights when a membership change commits, not before', async () => {
    const services = db.services();
    const { em } = services;
    const item = await buildItem(em, owner, { password: 'locked' });
    const reader = await buildUser(em);
    const viewer = await viewerOf(em, reader);
    expect((await services.policy.rights(viewer, item)).visit).toBe(false);
    let insideTransaction = true;
    await inTransaction(em, async () => {
      await em.persist(buildMember(em, item, reader, MemberGroup.ReadOnly)).flush();
      insideTransaction = (await services.policy.rights(viewer, item)).visit;
    });
    // Cached inside the transaction; fresh once it committed.
    expect(insideTransaction).toBe(false);
    expect((await services.policy.rights(viewer, item)).visit).toBe(true);
  });

  describe('retries after contention', () => {
    // What the drivers raise when the server broke a transaction off: MySQL 1213 and 1205, SQLite busy.
    const deadlock = () => new DeadlockException(Object.assign(new Error('Deadlock found'), { errno: 1213 }));

    it("runs the work again after a deadlock and delivers only the committed attempt's events, once", async () => {
      const { em, delivered } = request();
      let attempts = 0;
      const name = await inTransaction(
        em,
        async () => {
          attempts++;
          const row = await buildItem(em, owner, { name: `retried ${attempts}` });
          afterCommit(em).queue('pageLockChanged', lockEvent(100 + attempts));
          if (attempts < 3) throw deadlock();
          return row.name;
        },
        { retryOnContention: true },
      );
      expect(attempts).toBe(3);
      expect(name).toBe('retried 3');
      expect(delivered).toEqual([103]);
      const check = db.services().em;
      expect(await check.count(Item, { name: { $in: ['retried 1', 'retried 2'] } })).toBe(0);
      expect(await check.count(Item, { name: 'retried 3' })).toBe(1);
    });

    it('gives up after a bounded number of attempts, delivering nothing', async () => {
      const { em, delivered } = request();
      let attempts = 0;
      const failing = inTransaction(
        em,
        async () => {
          attempts++;
          afterCommit(em).queue('pageLockChanged', lockEvent(200));
          throw new LockWaitTimeoutException(new Error('Lock wait timeout exceeded'));
        },
        { retryOnContention: true },
      );
      await expect(failing).rejects.toBeInstanceOf(LockWaitTimeoutException);
      expect(attempts).toBe(CONTENTION_ATTEMPTS);
      expect(delivered).toEqual([]);
    });

    it('never reruns work that did not ask for it, nor after an error that is not contention', async () => {
      const { em } = request();
      let plain = 0;
      await expect(
        inTransaction(em, async () => {
          plain++;
          throw deadlock();
        }),
      ).rejects.toBeInstanceOf(DeadlockException);
      expect(plain).toBe(1);
      let failing = 0;
      await expect(
        inTransaction(
          em,
          async () => {
            failing++;
            throw new Error('bad input');
          },
          { retryOnContention: true },
        ),
      ).rejects.toThrow('bad input');
      expect(failing).toBe(1);
    });

    it('tells contention from other failures', () => {
      expect(isContention(deadlock())).toBe(true);
      expect(isContention(Object.assign(new Error('x'), { errno: 1205 }))).toBe(true);
      expect(isContention(Object.assign(new Error('x'), { code: 'SQLITE_BUSY' }))).toBe(true);
      expect(isContention(new Error('SQLITE_BUSY: database is locked'))).toBe(true);
      expect(isContention(Object.assign(new Error('Duplicate entry'), { errno: 1062 }))).toBe(false);
      expect(isContention('deadlock')).toBe(false);
    });
  });
});
