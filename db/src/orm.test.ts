import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/knex';
import mysql from 'mysql2/promise';
import { scratchMysqlUrl, testDatabases } from '../../test/support/mysql';
import { Catalog, Item, Page, User } from './entities';
import {
  executedMigrations,
  knownMigrations,
  migrate,
  openDatabase,
  pendingMigrations,
  type Database,
} from './orm';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

async function open(target: { url?: string }, suffix: string): Promise<Database> {
  const url = target.url ? await scratchMysqlUrl(target.url, suffix) : undefined;
  const db = await openDatabase({ url, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-orm-')) });
  opened.push(db);
  return db;
}

async function isMariaDb(url: string): Promise<boolean> {
  const parsed = new URL(url);
  const conn = await mysql.createConnection({
    host: parsed.hostname,
    port: Number(parsed.port || 3306),
    user: parsed.username || 'root',
    password: parsed.password,
  });
  const [rows] = await conn.query('select version() as v');
  await conn.end();
  return /mariadb/i.test(String((rows as Array<{ v: string }>)[0]?.v));
}

describe.each(testDatabases())('database on $name', (target) => {
  it('applies migrations once; a second start applies nothing', async () => {
    const db = await open(target, 'orm_idem');
    expect(await migrate(db.orm)).toEqual([]);
  });

  it('starts on a current schema without loading the migrator, and tells pending migrations without it', async () => {
    const settings = {
      url: target.url ? await scratchMysqlUrl(target.url, 'orm_lazy') : undefined,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-orm-')),
    };
    const first = await openDatabase(settings);
    // A new database: every migration ran, through the migrator.
    expect(first.orm.config.getExtension('@mikro-orm/migrator')).toBeDefined();
    await first.close();
    const db = await openDatabase(settings);
    opened.push(db);
    expect(db.orm.config.getExtension('@mikro-orm/migrator')).toBeUndefined();
    const known = knownMigrations(db.dialect);
    expect([...(await executedMigrations(db.orm))].sort()).toEqual(known);
    expect(await pendingMigrations(db.orm, db.dialect)).toEqual([]);
    // The readiness probe's answer when a migration has not run.
    await db.orm.em
      .getConnection()
      .execute('delete from quire_migrations where name like ?', [`${known.at(-1)}%`]);
    expect(await pendingMigrations(db.orm, db.dialect)).toEqual([known.at(-1)]);
  });

  it('has a schema that matches the entities exactly (the migrations are not stale)', async () => {
    // MikroORM's mysql driver reports phantom changes of nullable columns on MariaDB; its mariadb driver does not.
    const url =
      target.url && (await isMariaDb(target.url)) ? target.url.replace(/^mysql:/, 'mariadb:') : target.url;
    const db = await open({ url }, 'orm_diff');
    const diff = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('writes nothing when a loaded entity with datetimes is flushed unchanged', async () => {
    const db = await open(target, 'orm_dates');
    const em = db.orm.em.fork();
    const user = em.create(User, { username: 'dates', passwordHash: 'x', lastLoginAt: new Date() });
    await em.persist(user).flush();
    const fresh = db.orm.em.fork() as EntityManager;
    const loaded = await fresh.findOneOrFail(User, { id: user.id });
    const knex = fresh.getConnection().getKnex();
    const sqls: string[] = [];
    const listen = (query: { sql: string }) => void sqls.push(query.sql);
    knex.on('query', listen);
    try {
      await fresh.flush();
      expect(sqls).toEqual([]);
      // A real change is still written, and only that column.
      loaded.lastLoginAt = new Date(loaded.lastLoginAt!.getTime() + 60_000);
      await fresh.flush();
      const updates = sqls.filter((q) => /^update/i.test(q));
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatch(/last_login_at/);
      expect(updates[0]).not.toMatch(/created_at/);
    } finally {
      knex.off('query', listen);
    }
  });

  it('keeps relations and foreign keys: a page belongs to its item and catalog', async () => {
    const db = await open(target, 'orm_rel');
    const em = db.orm.em.fork() as EntityManager;
    const owner = em.create(User, { username: 'owner', passwordHash: 'x' });
    const item = em.create(Item, { name: 'Docs', owner });
    const catalog = em.create(Catalog, { name: 'Guide', item });
    const page = em.create(Page, { title: '你好 page', content: '# 标题 🚀', item, catalog });
    await em.flush();
    const fresh = db.orm.em.fork();
    const loaded = await fresh.findOneOrFail(Page, page.id, { populate: ['item', 'catalog'] });
    expect(loaded.item.name).toBe('Docs');
    expect(loaded.catalog?.name).toBe('Guide');
    expect(loaded.content).toBe('# 标题 🚀');
    expect(loaded.version).toBe(1);
    expect(loaded.sNumber).toBe(99);
    // A page of an item that does not exist is refused by the foreign key.
    await expect(
      fresh
        .getConnection()
        .execute(
          "insert into page (created_at, item_id, title, content, s_number, author_name, comments, ext_info, is_draft, updated_at, version) values (?, 999999, 't', 'c', 99, '', '', '', 0, ?, 1)",
          [new Date(), new Date()],
        ),
    ).rejects.toThrow();
  });
});

describe('embedded database', () => {
  it('runs in WAL mode with a busy timeout, so concurrent writers wait instead of failing', async () => {
    const db = await open({}, 'wal');
    const conn = db.orm.em.fork().getConnection();
    const [mode] = await conn.execute('PRAGMA journal_mode');
    const [timeout] = await conn.execute('PRAGMA busy_timeout');
    expect(String(Object.values(mode as object)[0]).toLowerCase()).toBe('wal');
    expect(Number(Object.values(timeout as object)[0])).toBeGreaterThanOrEqual(5000);
  });

  it('forks without re-applying the configuration; other settings still apply', async () => {
    const db = await open({}, 'fork');
    const config = db.orm.config;
    const before = process.env.MIKRO_ORM_COLORS;
    try {
      process.env.MIKRO_ORM_COLORS = 'untouched';
      const fork = db.orm.em.fork();
      expect(process.env.MIKRO_ORM_COLORS).toBe('untouched');
      expect(config.get('allowGlobalContext')).toBe(false);
      expect(fork.getConnection()).toBe(db.orm.em.getConnection());
      // Any other option is set as MikroORM sets it, and applied (here: the colours' variable).
      config.set('colors', config.get('colors'));
      expect(process.env.MIKRO_ORM_COLORS).toBe(String(config.get('colors')));
    } finally {
      if (before === undefined) delete process.env.MIKRO_ORM_COLORS;
      else process.env.MIKRO_ORM_COLORS = before;
    }
  });

  it('refuses a DATABASE_URL of an unknown kind with a clear message', async () => {
    await expect(openDatabase({ url: 'postgres://x', dataDir: os.tmpdir() })).rejects.toThrow(/DATABASE_URL/);
  });
});
