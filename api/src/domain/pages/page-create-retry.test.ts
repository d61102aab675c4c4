// Issue #14 item 3: a page create that the database breaks off for contention (MySQL deadlock 1213,
// SQLite busy) runs again instead of failing the user. A second connection holds the locks, as another
// node or process would; the create must end with exactly one page, subscription and change-log entry.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SqlEntityManager } from '@mikro-orm/knex';
import mysql from 'mysql2/promise';
import {
  ItemChangeLog,
  openDatabase,
  Page,
  Subscription,
  type Database,
  type Item,
  type User,
} from '../../../../db/src';
import { buildItem, buildUser, viewerOf } from '../../../../test/support/factories';
import { scratchMysqlUrl, testDatabases } from '../../../../test/support/mysql';
import { buildServices } from '../services';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('page creates under contention on $name', (target) => {
  let database: Database;
  let dataDir: string;
  let url: string | undefined;
  let owner: User;
  let item: Item;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-create-retry-'));
    url = target.url ? await scratchMysqlUrl(target.url, 'create_retry') : undefined;
    database = await openDatabase({ url, dataDir });
    const em = database.orm.em.fork();
    owner = await buildUser(em);
    item = await buildItem(em, owner);
    // Migrating a scratch MariaDB database takes a while on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const services = () => buildServices(database.orm.em.fork());
  async function create(title: string): Promise<Page> {
    const s = services();
    return s.pages.save(await viewerOf(s.em, owner), { itemId: item.id, title, content: `# ${title}` });
  }

  /** The create left one page titled `title`, with its creator's subscription and one change-log entry. */
  async function expectCreatedOnce(title: string, page: Page): Promise<void> {
    const em = database.orm.em.fork();
    const pages = await em.find(Page, { item: item.id, title });
    expect(pages.map((p) => p.id)).toEqual([page.id]);
    expect(await em.count(Subscription, { page: page.id, user: owner.id })).toBe(1);
    expect(await em.count(ItemChangeLog, { item: item.id, objectId: page.id, actionType: 'create' })).toBe(1);
  }

  if (target.name === 'sqlite') {
    it('tries again while another connection holds the write lock past the busy timeout', async () => {
      // The server's one connection waits 10 s for a writer; 200 ms here keeps the test short. The pool
      // replaces a connection after 10 s, so this applies to the connection the create is about to use.
      const knex = (database.orm.em as SqlEntityManager).getConnection().getKnex();
      const connection = (await knex.client.acquireConnection()) as { exec(sql: string): void };
      connection.exec('PRAGMA busy_timeout = 200');
      await knex.client.releaseConnection(connection);

      // Another process's writer: a thread, so that it lets go while this one's driver sits in its busy
      // wait (libsql waits synchronously, timers here would not run).
      const other = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
         const Database = require(workerData.libsql);
         const db = new Database(workerData.file);
         db.exec('BEGIN IMMEDIATE');
         parentPort.postMessage('locked');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 450);
         db.exec('COMMIT');
         db.close();`,
        {
          eval: true,
          workerData: { libsql: require.resolve('libsql'), file: path.join(dataDir, 'quire.db') },
        },
      );
      try {
        await new Promise((resolve, reject) => other.once('message', resolve).once('error', reject));
        // The first attempt gives up after 200 ms; a later one gets the lock once the other writer let go.
        const page = await create('Created past a busy writer');
        await expectCreatedOnce('Created past a busy writer', page);
      } finally {
        await other.terminate();
      }
    });
  } else {
    it('tries again when it is chosen as the victim of a deadlock', async () => {
      // The item's menu version row exists once the item has a page.
      await create('First page');
      const other = await mysql.createConnection(url!);
      try {
        await other.query('BEGIN');
        // Many written rows make the other transaction the heavier one: InnoDB rolls the create back.
        await other.query(
          'insert into item_menu_version (item_id, version) select 1000000 + seq, 0 from seq_1_to_300',
        );
        await other.query('select version from item_menu_version where item_id = ? for update', [item.id]);
        const creating = create('Created past a deadlock');
        // The create share-locked the item row (its foreign keys) and now waits for the version row.
        for (let waited = 0; waited < 10_000; waited += 20) {
          const [rows] = await other.query(
            'select count(*) as n from information_schema.processlist where db = database() and info like ?',
            ['insert into `item_menu_version`%'],
          );
          if (Number((rows as Array<{ n: number }>)[0]!.n) > 0) break;
          await pause(20);
        }
        // Asking for the item row the create holds closes the cycle.
        await other.query('update item set last_update_at = last_update_at where id = ?', [item.id]);
        await other.query('ROLLBACK');
        const page = await creating;
        await expectCreatedOnce('Created past a deadlock', page);
      } finally {
        await other.query('ROLLBACK').catch(() => undefined);
        await other.end();
      }
    });
  }
});
