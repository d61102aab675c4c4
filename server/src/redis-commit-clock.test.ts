// Issue #14: MySQL/MariaDB reads kept against a commit clock in Redis. Two ORMs on one database stand for two
// nodes; each keeps rows until any of them commits, and never gives a row older than a commit that finished
// (its answer sent) before the read began.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Redis } from 'ioredis';
import { scratchMysqlUrl, testDatabases } from '../../test/support/mysql';
import { commitsSettling, leanReader, openDatabase, useCommitClock, type Database } from '../../db/src';
import { readPage } from '../../api/src/domain';
import { buildItem, buildPage, buildUser } from '../../test/support/factories';
import { redisCommitClock } from './redis-commit-clock';

const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const mysql = testDatabases().find((t) => t.name === 'mysql');
const suite = mysql ? describe : describe.skip;
if (!mysql) console.warn('commit clock test SKIPPED: TEST_MYSQL_URL is not set');

const READ = 'select version as v from item_menu_version where item_id = ?';

/** Statements the ORM's pool sent, lean reads included. */
function countStatements(orm: MikroORM): () => number {
  let n = 0;
  (orm.em as SqlEntityManager)
    .getConnection()
    .getKnex()
    .client.on('query', () => n++);
  return () => n;
}

suite('kept MySQL reads on a commit clock in Redis', () => {
  let redis: Redis | null = null;
  let reachable = false;
  const prefix = `quire-clock-test-${process.pid}-${Date.now()}`;
  const dbs: Database[] = [];
  const clients: Redis[] = [];
  let a: Database, b: Database;
  let statementsOfB: () => number;

  beforeAll(async () => {
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    reachable = await redis.connect().then(
      () => true,
      () => false,
    );
    if (!reachable) {
      console.warn(`commit clock test SKIPPED: no Redis at ${redisUrl}`);
      return;
    }
    const url = await scratchMysqlUrl(mysql!.url!, 'commit_clock');
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({ url, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-clock-')) });
      const client = redis.duplicate();
      clients.push(client);
      useCommitClock(db.orm, redisCommitClock(client, prefix));
      dbs.push(db);
    }
    [a, b] = dbs;
    statementsOfB = countStatements(b.orm);
    await a.orm.em
      .fork()
      .getConnection()
      .execute('insert into item_menu_version (item_id, version) values (7, 1)');
    await commitsSettling(a.orm);
  });
  afterAll(async () => {
    for (const db of dbs) await db.close();
    if (reachable) await redis!.del(`${prefix}:commit-clock`);
    for (const client of clients) client.disconnect();
    redis?.disconnect();
  });

  const keptOn = async (db: Database, em: EntityManager = db.orm.em.fork()) =>
    (await leanReader(em).getKept<{ v: number }>(READ, [7]))?.v;

  it('keeps a row until another node commits, then reads the commit', async () => {
    if (!reachable) return;
    expect(await keptOn(b)).toBe(1);
    const before = statementsOfB();
    expect(await keptOn(b)).toBe(1);
    expect(statementsOfB()).toBe(before);

    await a.orm.em.fork().transactional(async (tx) => {
      await tx
        .getConnection()
        .execute(
          'update item_menu_version set version = 2 where item_id = 7',
          [],
          'run',
          tx.getTransactionContext(),
        );
    });
    await commitsSettling(a.orm);
    expect(await keptOn(b)).toBe(2);
    expect(statementsOfB()).toBe(before + 1);
  });

  it('moves the token for a write outside a transaction, not for a rollback or a read-only transaction', async () => {
    if (!reachable) return;
    const key = `${prefix}:commit-clock`;
    expect(await keptOn(b)).toBeDefined();
    const token = await redis!.get(key);
    await a.orm.em
      .fork()
      .transactional(async (tx) => {
        await tx
          .getConnection()
          .execute(
            'update item_menu_version set version = 99 where item_id = 7',
            [],
            'run',
            tx.getTransactionContext(),
          );
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await a.orm.em.fork().transactional(async (tx) => {
      await tx.getConnection().execute(READ, [7], 'all', tx.getTransactionContext());
    });
    await commitsSettling(a.orm);
    expect(await redis!.get(key)).toBe(token);

    await a.orm.em
      .fork()
      .getConnection()
      .execute('update item_menu_version set version = 3 where item_id = 7');
    await commitsSettling(a.orm);
    expect(await redis!.get(key)).not.toBe(token);
    expect(await keptOn(b)).toBe(3);
  });

  it("gives a node's own commit to its next read at once, before the token changed", async () => {
    if (!reachable) return;
    const em = a.orm.em.fork();
    expect(await keptOn(a, em)).toBe(3);
    await a.orm.em
      .fork()
      .getConnection()
      .execute('update item_menu_version set version = 4 where item_id = 7');
    // No wait for the token: the same request's next read and a new one both see the commit.
    expect(await keptOn(a, em)).toBe(4);
    expect(await keptOn(a)).toBe(4);
    await commitsSettling(a.orm);
    expect(await keptOn(b)).toBe(4);
  });

  it('keeps a large row for every node in Redis until any node commits', async () => {
    if (!reachable) return;
    const shared = async (db: Database) =>
      (await leanReader(db.orm.em.fork()).getShared<{ v: number }>('clock-test:7', READ, [7]))?.v;
    expect(await shared(a)).toBe(4);
    const before = statementsOfB();
    // Node B finds the row node A stored, under the same token.
    expect(await shared(b)).toBe(4);
    expect(statementsOfB()).toBe(before);
    await a.orm.em
      .fork()
      .getConnection()
      .execute('update item_menu_version set version = 6 where item_id = 7');
    expect(await shared(a)).toBe(6);
    await commitsSettling(a.orm);
    expect(await shared(b)).toBe(6);
    expect(statementsOfB()).toBe(before + 1);
  });

  it("keeps page rows in Redis without their item's visit password", async () => {
    if (!reachable) return;
    const em = a.orm.em.fork();
    const owner = await buildUser(em);
    const item = await buildItem(em, owner, { password: 'visit-secret-42' });
    const page = await buildPage(em, item, { content: 'kept for every node' });
    await commitsSettling(a.orm);
    const first = await readPage(a.orm.em.fork(), page.id);
    expect(first?.item.password).toBe('visit-secret-42');
    // Node B gets the row node A stored, and the password from its own database read.
    const fromB = await readPage(b.orm.em.fork(), page.id);
    expect(fromB?.page.content).toBe('kept for every node');
    expect(fromB?.item.password).toBe('visit-secret-42');
    const stored = await redis!.get(`${prefix}:kept:page:${page.id}`);
    expect(stored).toContain('kept for every node');
    expect(stored).not.toContain('visit-secret-42');
  });

  it('reads through while the token cannot be read', async () => {
    if (!reachable) return;
    const url = await scratchMysqlUrl(mysql!.url!, 'commit_clock_away');
    const db = await openDatabase({ url, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-clock-')) });
    dbs.push(db);
    useCommitClock(db.orm, {
      read: async () => {
        throw new Error('Redis is away');
      },
      advance: async () => undefined,
    });
    const statements = countStatements(db.orm);
    await db.orm.em
      .fork()
      .getConnection()
      .execute('insert into item_menu_version (item_id, version) values (7, 5)');
    expect(await keptOn(db)).toBe(5);
    expect(await keptOn(db)).toBe(5);
    expect(statements()).toBe(3);
  });
});
