// First, as in the server: this module loads MikroORM with its storages scoped.
import { ormContextsScoped, scopedAsyncLocalStorage, storagesUseAsyncHooks } from './orm-async-context';
import fs from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { TransactionContext } from '@mikro-orm/core';
import { Captcha } from './entities';
import { openDatabase } from './orm';

const Scoped = scopedAsyncLocalStorage();
/** Node 20's storages say whether they are on (and so whether the process-wide hook is). */
const isOn = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;
const onNode20Hooks = storagesUseAsyncHooks() ? it : it.skip;

describe('scoped async-local storages', () => {
  onNode20Hooks('keep the store across awaits and nested runs, and turn off after the last run', async () => {
    const storage = new Scoped<string>();
    expect(isOn(storage)).toBe(false);
    const seen: Array<string | undefined> = [];
    const outer = storage.run('outer', async () => {
      await sleep(1);
      seen.push(storage.getStore());
      await storage.run('inner', async () => {
        await sleep(1);
        seen.push(storage.getStore());
      });
      seen.push(storage.getStore());
      await sleep(5);
      seen.push(storage.getStore());
    });
    const beside = storage.run('beside', async () => {
      await sleep(2);
      seen.push(storage.getStore());
    });
    expect(isOn(storage)).toBe(true);
    await beside;
    // The other run is still going: the storage stays on for it.
    await sleep(0);
    expect(isOn(storage)).toBe(true);
    await outer;
    await sleep(0);
    expect(seen.sort()).toEqual(['beside', 'inner', 'outer', 'outer', 'outer']);
    expect(isOn(storage)).toBe(false);
    expect(storage.getStore()).toBeUndefined();
  });

  onNode20Hooks('turn off after a callback that throws or rejects, and work again after', async () => {
    const storage = new Scoped<number>();
    expect(() =>
      storage.run(1, () => {
        throw new Error('sync');
      }),
    ).toThrow('sync');
    expect(isOn(storage)).toBe(false);
    await expect(
      storage.run(2, async () => {
        await sleep(1);
        throw new Error('async');
      }),
    ).rejects.toThrow('async');
    await sleep(0);
    expect(isOn(storage)).toBe(false);
    expect(storage.run(3, () => storage.getStore())).toBe(3);
    expect(isOn(storage)).toBe(false);
    await expect(storage.run(4, async () => (await sleep(1), storage.getStore()))).resolves.toBe(4);
  });

  onNode20Hooks('stay on for good once given a store with enterWith', async () => {
    const storage = new Scoped<string>();
    await storage.run('a', async () => sleep(1));
    await sleep(0);
    expect(isOn(storage)).toBe(false);
    storage.enterWith('entered');
    await storage.run('b', async () => sleep(1));
    await sleep(0);
    expect(isOn(storage)).toBe(true);
    expect(storage.getStore()).toBe('entered');
    storage.disable();
  });
});

describe("MikroORM's contexts", () => {
  onNode20Hooks(
    'are scoped storages that are off again once a transaction and its flush are done',
    async () => {
      expect(ormContextsScoped).toBe(true);
      const storage = (TransactionContext as unknown as { storage: AsyncLocalStorage<unknown> }).storage;
      expect(storage).toBeInstanceOf(AsyncLocalStorage);
      expect(storage.constructor.name).toBe('ScopedAsyncLocalStorage');

      const db = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-als-')) });
      try {
        const em = db.orm.em.fork();
        let inside: unknown;
        await em.transactional(async (tx) => {
          await sleep(1);
          inside = TransactionContext.getEntityManager();
          expect(isOn(storage)).toBe(true);
          tx.persist(tx.create(Captcha, { code: 'x', expiresAt: new Date(Date.now() + 60_000) }));
        });
        expect(inside).toBeDefined();
        expect((inside as { id: number }).id).not.toBe(em.id);
        await sleep(0);
        expect(isOn(storage)).toBe(false);
        expect(TransactionContext.getEntityManager()).toBeUndefined();
        expect(await em.fork().count(Captcha, {})).toBe(1);
      } finally {
        await db.close();
      }
    },
  );
});
