import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { scratchMysqlUrl, testDatabases } from '../../test/support/mysql';
import { Captcha } from './entities';
import {
  KEPT_ROWS_MAX,
  KEPT_STATEMENTS,
  KeptRows,
  keepPreparedStatements,
  leanDate,
  leanReader,
  objectRowsFromArrays,
  STATEMENTS_KEPT,
} from './lean';
import { openDatabase, type Database } from './orm';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

async function open(target: { url?: string }, suffix: string): Promise<Database> {
  const url = target.url ? await scratchMysqlUrl(target.url, suffix) : undefined;
  const db = await openDatabase({ url, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-lean-')) });
  opened.push(db);
  return db;
}

interface Row {
  v: number;
}

/** A statement on `em`'s connection, inside its transaction when it has one. */
const write = (em: EntityManager, sql: string) =>
  em.getConnection().execute(sql, [], 'run', em.getTransactionContext());

describe.each(testDatabases())('lean reads on $name', (target) => {
  it('see committed rows, a transaction its own writes, and no one else what is uncommitted', async () => {
    const db = await open(target, 'lean_reads');
    const em = db.orm.em.fork();
    const read = `select version as v from item_menu_version where item_id = ?`;
    await em.getConnection().execute(`insert into item_menu_version (item_id, version) values (7, 1)`);
    expect(await leanReader(em).get<Row>(read, [7])).toEqual({ v: 1 });
    expect(await leanReader(em).all<Row>(read, [8])).toEqual([]);

    let releaseWriter!: () => void;
    const writerHolds = new Promise<void>((resolve) => (releaseWriter = resolve));
    let writerWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (writerWrote = resolve));
    const writer = db.orm.em.fork().transactional(async (tx) => {
      await write(tx, `update item_menu_version set version = 2 where item_id = 7`);
      expect(await leanReader(tx).get<Row>(read, [7])).toEqual({ v: 2 });
      writerWrote();
      await writerHolds;
      throw new Error('rolled back');
    });
    await wrote;
    if (target.name === 'sqlite') {
      // The pool's one connection is inside the writer's transaction: the lean read does not wait for it.
      expect(await leanReader(db.orm.em.fork()).get<Row>(read, [7])).toEqual({ v: 1 });
    }
    releaseWriter();
    await expect(writer).rejects.toThrow('rolled back');
    expect(await leanReader(db.orm.em.fork()).get<Row>(read, [7])).toEqual({ v: 1 });
  });

  it('reads a datetime back as the entity holds it', async () => {
    const db = await open(target, 'lean_dates');
    const expiresAt = new Date('2026-03-04T05:06:07Z');
    const captcha = db.orm.em.fork().create(Captcha, { code: 'c', expiresAt });
    await db.orm.em.fork().persistAndFlush(captcha);
    const row = await leanReader(db.orm.em.fork()).get<{ expires_at: Date | number | string }>(
      `select expires_at from captcha where id = ?`,
      [captcha.id],
    );
    const loaded = await db.orm.em.fork().findOneOrFail(Captcha, { id: captcha.id });
    expect(leanDate(row!.expires_at)).toEqual(expiresAt);
    expect(leanDate(row!.expires_at)).toEqual(loaded.expiresAt);
  });
});

describe.each(testDatabases())('kept lean reads on $name', (target) => {
  const read = `select item_id as i, version as v from item_menu_version where item_id >= ? order by item_id`;

  it('give the rows again until anything commits, from this process or another', async () => {
    const db = await open(target, 'lean_kept');
    const em = db.orm.em.fork();
    await write(em, `insert into item_menu_version (item_id, version) values (7, 1)`);
    const first = await leanReader(em).allKept<{ i: number; v: number }>(read, [7]);
    expect(first).toEqual([{ i: 7, v: 1 }]);
    expect(await leanReader(db.orm.em.fork()).getKept<{ v: number }>(read, [7])).toEqual({ i: 7, v: 1 });
    if (target.name === 'sqlite') {
      // Kept: the very same rows, frozen (they are shared between requests).
      expect(await leanReader(db.orm.em.fork()).allKept(read, [7])).toBe(first);
      expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
      // Other parameters are another read; a number and the same digits as text are bound differently.
      expect(await leanReader(em).allKept(read, [8])).toEqual([]);
      expect(await leanReader(em).allKept(read, ['7'])).not.toBe(first);
    }

    // A commit through the ORM's connection.
    await write(em, `update item_menu_version set version = 2 where item_id = 7`);
    expect(await leanReader(em).allKept(read, [7])).toEqual([{ i: 7, v: 2 }]);
    expect(await leanReader(em).allKept(read, [8])).toEqual([]);

    // A commit of another process's connection to the same file (another node) or to the same database.
    if (target.name === 'sqlite') {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const Driver = require('libsql') as new (file: string) => { exec(sql: string): unknown; close(): void };
      const other = new Driver(String(db.orm.config.get('dbName')));
      try {
        other.exec(`insert into item_menu_version (item_id, version) values (8, 5)`);
      } finally {
        other.close();
      }
    } else {
      await write(db.orm.em.fork(), `insert into item_menu_version (item_id, version) values (8, 5)`);
    }
    expect(await leanReader(em).allKept(read, [7])).toEqual([
      { i: 7, v: 2 },
      { i: 8, v: 5 },
    ]);
    expect(await leanReader(em).getKept(read, [8])).toEqual({ i: 8, v: 5 });
  });

  it("inside a transaction read the transaction's own writes, and keep nothing of them", async () => {
    const db = await open(target, 'lean_kept_tx');
    const em = db.orm.em.fork();
    await write(em, `insert into item_menu_version (item_id, version) values (7, 1)`);
    expect(await leanReader(em).allKept(read, [7])).toEqual([{ i: 7, v: 1 }]);
    await expect(
      em.transactional(async (tx) => {
        await write(tx, `update item_menu_version set version = 3 where item_id = 7`);
        expect(await leanReader(tx).allKept(read, [7])).toEqual([{ i: 7, v: 3 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await leanReader(em).allKept(read, [7])).toEqual([{ i: 7, v: 1 }]);
  });
});

describe('kept rows', () => {
  it(`keep at most ${KEPT_STATEMENTS} reads and no result of more than ${KEPT_ROWS_MAX} rows`, () => {
    let version = 1;
    let reads = 0;
    const kept = new KeptRows(
      {
        prepare: (sql: string) => ({
          all: (...params: unknown[]) => {
            reads++;
            return Array.from({ length: sql === 'select' ? Number(params[0]) : 1 }, (_, i) => ({ i }));
          },
        }),
      },
      () => version,
    );
    const big = kept.rows('select', [KEPT_ROWS_MAX + 1]);
    expect(kept.rows('select', [KEPT_ROWS_MAX + 1])).not.toBe(big);
    expect(reads).toBe(2);
    const small = kept.rows('select', [1]);
    for (let n = 2; n <= KEPT_STATEMENTS; n++) kept.rows('other', [n]);
    expect(kept.rows('select', [1])).toBe(small);
    expect(reads).toBe(2 + KEPT_STATEMENTS);
    // One more read than it keeps: all are dropped.
    kept.rows('other', [0]);
    expect(kept.rows('select', [1])).not.toBe(small);
    const again = kept.rows('select', [1]);
    version++;
    expect(kept.rows('select', [1])).not.toBe(again);
  });
});

describe('kept prepared statements', () => {
  it('prepares a statement once per text and keeps at most STATEMENTS_KEPT', () => {
    let prepared = 0;
    const connection = keepPreparedStatements({ prepare: (sql: string) => ({ sql, n: ++prepared }) });
    const first = connection.prepare('select 1');
    expect(connection.prepare('select 1')).toBe(first);
    expect(prepared).toBe(1);
    for (let i = 0; i < STATEMENTS_KEPT; i++) connection.prepare(`select ${i + 2}`);
    expect(connection.prepare('select 1')).not.toBe(first);
    expect(prepared).toBe(STATEMENTS_KEPT + 2);
  });
});

describe('rows made from arrays', () => {
  interface Statement {
    all(...params: unknown[]): unknown[];
  }
  interface Connection {
    prepare(sql: string): Statement;
    exec(sql: string): unknown;
    close(): void;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Driver = require('libsql') as new (file: string) => Connection;

  it('are the rows libsql makes itself: values, types, key order, equal names', () => {
    const plain = new Driver(':memory:');
    const made = objectRowsFromArrays(new Driver(':memory:'));
    try {
      for (const db of [plain, made]) {
        db.exec(`create table t (id integer primary key, name text, score real, data blob, gone text);
          insert into t values (1, '名字 "quoted"', 1.5, x'0102', null), (2, 'b', -3, null, 'x');`);
      }
      const queries: [string, unknown[]][] = [
        ['select id, name, score, gone from t order by id', []],
        ['select id as "a b", name as "it\'s", score as "x""y" from t where id = ?', [2]],
        ['select id as v, name as v, 7 as n from t', []],
        ['select * from t where id = ?', [99]],
      ];
      for (const [sql, params] of queries) {
        const expected = plain.prepare(sql).all(...params);
        const rows = made.prepare(sql).all(...params);
        expect(rows).toEqual(expected);
        expect(rows.map((r) => Object.keys(r as object))).toEqual(
          expected.map((r) => Object.keys(r as object)),
        );
      }
      expect(made.prepare('select id, name from t order by id').all()).toEqual([
        { id: 1, name: '名字 "quoted"' },
        { id: 2, name: 'b' },
      ]);
      // Blobs come as a Buffer instead of an ArrayBuffer (no column of Quire's is a blob): the same bytes.
      const blob = (db: Connection) =>
        (db.prepare('select data from t where id = 1').all()[0] as { data: ArrayBuffer }).data;
      expect(Buffer.from(blob(made))).toEqual(Buffer.from(blob(plain)));
    } finally {
      plain.close();
      made.close();
    }
  });
});

describe('leanDate', () => {
  it('reads SQLite epoch milliseconds, MySQL UTC strings and Dates as the same instant', () => {
    const at = new Date('2026-11-26T07:30:15.250Z');
    expect(leanDate(at.getTime())).toEqual(at);
    expect(leanDate(String(at.getTime()))).toEqual(at);
    expect(leanDate('2026-11-26 07:30:15.250')).toEqual(at);
    expect(leanDate('2026-11-26 07:30:15')).toEqual(new Date('2026-11-26T07:30:15Z'));
    expect(leanDate(at)).toBe(at);
  });
});
