import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import Database from 'libsql';
import type { EntityManager } from '@mikro-orm/core';
import { openDatabase, type Database as QuireDatabase } from '../orm';
import { Item, Page, User } from '../entities';
import { DEFAULT_FTS_INDEXER, ftsIndexerOf, searchIndexCaughtUp, startFtsIndexer } from './fts-indexer';
import { searchFileOf } from './fts-index';
import { reindexAll } from './page-search-index';

/**
 * The embedded database's index thread (fts-index.ts): a search sees every committed change, the save's
 * transaction writes only the queue, and an index file that is not this database's, or is ahead of it, is
 * rebuilt rather than trusted.
 */
describe('the full-text index thread (embedded database)', () => {
  const folders: string[] = [];
  const opened: QuireDatabase[] = [];

  const onClose: Array<() => Promise<void>> = [];

  afterEach(async () => {
    for (const close of onClose.splice(0)) await close();
    for (const db of opened.splice(0)) await db.close();
    for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open(dataDir?: string): Promise<{ db: QuireDatabase; em: EntityManager; dataDir: string }> {
    const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'quire-fts-'));
    if (!dataDir) folders.push(dir);
    const db = await openDatabase({ dataDir: dir });
    opened.push(db);
    return { db, em: db.orm.em.fork(), dataDir: dir };
  }

  async function close(db: QuireDatabase): Promise<void> {
    opened.splice(opened.indexOf(db), 1);
    await db.close();
  }

  /** Whether `done` came true within `timeoutMs`, asked every `everyMs`. */
  async function waitFor(
    done: () => boolean | Promise<boolean>,
    timeoutMs = 5_000,
    everyMs = 25,
  ): Promise<boolean> {
    for (let tries = 1; tries < timeoutMs / everyMs; tries++) {
      if (await done()) return true;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    return done();
  }

  /** Page ids the index finds for a phrase, once it caught up. */
  async function found(em: EntityManager, phrase: string): Promise<number[]> {
    expect(await searchIndexCaughtUp(em)).toBe(true);
    const rows: Array<{ rowid: number }> = await em
      .getConnection()
      .execute('select rowid from search.page_fts where page_fts match ? order by rowid', [`"${phrase}"`]);
    return rows.map((r) => Number(r.rowid));
  }

  async function seed(em: EntityManager): Promise<{ item: Item; pages: Page[] }> {
    const owner = em.create(User, { username: 'owner', passwordHash: 'not-used' });
    const item = em.create(Item, { name: 'Docs', owner });
    const pages = ['alpha zeppelin', 'beta 鲲鹏之志', 'gamma'].map((content, i) =>
      em.create(Page, { item, title: `Page ${i}`, content, author: owner, authorName: 'owner' }),
    );
    await em.flush();
    return { item, pages };
  }

  it('answers every search with what was committed before it, writes included', async () => {
    const { em } = await open();
    const { pages } = await seed(em);
    expect(await found(em, 'zeppelin')).toEqual([pages[0]!.id]);
    expect(await found(em, '鲲鹏之')).toEqual([pages[1]!.id]);

    // Raw SQL as the save does: the new text is found at once, the old one no more.
    await em.getConnection().execute('update page set content = ? where id = ?', ['airship', pages[0]!.id]);
    expect(await found(em, 'zeppelin')).toEqual([]);
    expect(await found(em, 'airship')).toEqual([pages[0]!.id]);
    await em
      .getConnection()
      .execute('update page set title = ? where id = ?', ['Zeppelin guide', pages[2]!.id]);
    expect(await found(em, 'zeppelin')).toEqual([pages[2]!.id]);
    await em.getConnection().execute('delete from page where id = ?', [pages[2]!.id]);
    expect(await found(em, 'zeppelin')).toEqual([]);
  });

  it('keeps the index out of the database file: a save writes one queue row, then the thread clears it', async () => {
    const { em } = await open();
    const { pages } = await seed(em);
    const tables: Array<{ name: string }> = await em
      .getConnection()
      .execute(
        "select name from main.sqlite_master where type = 'table' and name like 'page_fts%' order by name",
      );
    expect(tables.map((t) => t.name)).toEqual(['page_fts_epoch', 'page_fts_queue']);
    const before: Array<{ n: number }> = await em
      .getConnection()
      .execute('select max(seq) as n from page_fts_queue');
    await em.getConnection().execute('update page set content = ? where id = ?', ['one more', pages[1]!.id]);
    const queued: Array<{ page_id: number }> = await em
      .getConnection()
      .execute('select page_id from page_fts_queue where seq > ?', [Number(before[0]!.n ?? 0)]);
    expect(queued.map((r) => Number(r.page_id))).toEqual([pages[1]!.id]);
    expect(await found(em, 'one more')).toEqual([pages[1]!.id]);
    // The indexed rows go a while after the thread reported them.
    let left = -1;
    for (let waited = 0; waited < 10_000 && left !== 0; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await em.getConnection().execute('select count(*) as n from page_fts_queue');
      left = Number((row as { n: number }).n);
    }
    expect(left).toBe(0);
  });

  it('rebuilds an index file that is ahead of the database, of another database, missing or not a database', async () => {
    const { db, em, dataDir } = await open();
    const { pages } = await seed(em);
    expect(await found(em, 'gamma')).toEqual([pages[2]!.id]);
    await close(db);
    const searchFile = searchFileOf(path.join(dataDir, 'quire.db'));

    const tamper = (sql: string) => {
      const file = new Database(searchFile);
      file.exec(sql);
      file.close();
    };
    // Ahead of the queue (say, the database was put back from a copy): every page indexed anew.
    tamper(
      "insert into page_fts (rowid, title, content) values (999, 'ghost', 'ghost text'); update search_state set indexed_seq = 1000000",
    );
    let again = await open(dataDir);
    expect(await found(again.em, 'ghost')).toEqual([]);
    expect(await found(again.em, 'gamma')).toEqual([pages[2]!.id]);
    await close(again.db);

    // Built for another database.
    tamper(
      "insert into page_fts (rowid, title, content) values (999, 'ghost', 'ghost text'); update search_state set epoch = 'another'",
    );
    again = await open(dataDir);
    expect(await found(again.em, 'ghost')).toEqual([]);
    expect(await found(again.em, 'alpha')).toEqual([pages[0]!.id]);
    await close(again.db);

    // Gone.
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(searchFile + suffix, { force: true });
    again = await open(dataDir);
    expect(await found(again.em, 'beta')).toEqual([pages[1]!.id]);
    await close(again.db);

    // Not a database at all: the server still starts, and the index is built anew.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(searchFile + suffix, { force: true });
    fs.writeFileSync(searchFile, 'x'.repeat(8192));
    again = await open(dataDir);
    expect(await found(again.em, 'gamma')).toEqual([pages[2]!.id]);
  });

  it('rebuilds everything on reindexAll', async () => {
    const { em } = await open();
    const { pages } = await seed(em);
    expect(await found(em, 'alpha')).toEqual([pages[0]!.id]);
    // A row the queue never said anything about: only a rebuild removes it.
    const file = new Database(searchFileOf(path.join(String(em.config.get('dbName')))));
    file.exec("insert into page_fts (rowid, title, content) values (999, 'ghost', 'ghost text')");
    file.close();
    expect(await found(em, 'ghost')).toEqual([999]);
    await reindexAll(em);
    expect(await found(em, 'ghost')).toEqual([]);
    expect(await found(em, 'alpha')).toEqual([pages[0]!.id]);
  });

  it('lets searches scan without waiting while the thread works through a backlog, then waits again', async () => {
    const { em, dataDir } = await open();
    const { pages } = await seed(em);
    expect(await found(em, 'gamma')).toEqual([pages[2]!.id]);
    // Another writer holds the index file: the thread cannot write what is queued next.
    const blocker = new Database(searchFileOf(path.join(dataDir, 'quire.db')));
    blocker.exec('BEGIN IMMEDIATE');
    try {
      await em.getConnection().execute('update page set content = ? where id = ?', ['queued', pages[2]!.id]);
      expect(await searchIndexCaughtUp(em)).toBe(false);
      // Answered before a macrotask could run: this search did not wait for the thread.
      const next = await Promise.race([
        searchIndexCaughtUp(em),
        new Promise((resolve) => setImmediate(() => resolve('waited'))),
      ]);
      expect(next).toBe(false);
    } finally {
      blocker.exec('COMMIT');
      blocker.close();
    }
    // Through its backlog, the thread answers the request that timed out: searches wait for it again.
    await waitFor(() => searchIndexCaughtUp(em), 10_000, 100);
    expect(await found(em, 'queued')).toEqual([pages[2]!.id]);
  });

  it('rests after indexing while saves come in, yet answers a search at once', async () => {
    const { db, em, dataDir } = await open();
    const { pages } = await seed(em);
    // The thread of a machine busy with saves: after any work it rests (a minute here, the cap).
    await ftsIndexerOf(em)!.close();
    const indexer = startFtsIndexer(db.orm, path.join(dataDir, 'quire.db'), undefined, {
      ...DEFAULT_FTS_INDEXER,
      restFactor: 1e9,
      maxRestMs: 60_000,
    });
    onClose.push(() => indexer.close());
    const update = (id: number, content: string) =>
      em.getConnection().execute('update page set content = ? where id = ?', [content, id]);
    // The opening index, then a save the thread finds on its own: after it, the rest.
    expect(await waitFor(() => indexer.indexedSeq > 0)).toBe(true);
    // Read before the save: the thread may index it before the save's promise settles.
    const before = indexer.indexedSeq;
    await update(pages[0]!.id, 'dirigible');
    expect(await waitFor(() => indexer.indexedSeq > before)).toBe(true);
    const rested = indexer.indexedSeq;
    await update(pages[1]!.id, 'blimp');
    await new Promise((r) => setTimeout(r, 500));
    expect(indexer.indexedSeq).toBe(rested);
    // A search does not wait for the rest to end: the thread catches up when asked.
    const asked = performance.now();
    expect(await found(em, 'blimp')).toEqual([pages[1]!.id]);
    expect(performance.now() - asked).toBeLessThan(DEFAULT_FTS_INDEXER.syncTimeoutMs);
    expect(indexer.indexedSeq).toBeGreaterThan(rested);
  });

  it('starts the thread again after a failed batch, which then catches up with later saves', async () => {
    const { db, em, dataDir } = await open();
    const { pages } = await seed(em);
    expect(await found(em, 'zeppelin')).toEqual([pages[0]!.id]);
    await ftsIndexerOf(em)!.close();
    const logged: string[] = [];
    const indexer = startFtsIndexer(db.orm, path.join(dataDir, 'quire.db'), (line) => logged.push(line));
    onClose.push(() => indexer.close());
    expect(await waitFor(() => indexer.indexedSeq > 0, 10_000)).toBe(true);
    // The index's table goes from under the thread: its next batch fails.
    const file = new Database(searchFileOf(path.join(dataDir, 'quire.db')));
    file.exec('PRAGMA busy_timeout = 10000');
    file.exec('drop table page_fts_terms');
    file.exec('drop table page_fts');
    file.exec('PRAGMA user_version = 0');
    file.close();
    await em.getConnection().execute('update page set content = ? where id = ?', ['dirigible', pages[1]!.id]);
    expect(await waitFor(() => logged.some((line) => /page_fts/.test(line)), 10_000)).toBe(true);
    // A new thread opens the index again (rebuilt: its layout is gone) and indexes what came after.
    await em.getConnection().execute('update page set content = ? where id = ?', ['airship', pages[2]!.id]);
    expect(await waitFor(() => logged.some((line) => /restarting it/.test(line)), 10_000)).toBe(true);
    // Until the new thread runs, the index cannot answer (search scans the pages).
    expect(await waitFor(() => searchIndexCaughtUp(em), 10_000, 100)).toBe(true);
    expect(await found(em, 'airship')).toEqual([pages[2]!.id]);
    expect(await found(em, 'dirigible')).toEqual([pages[1]!.id]);
  });

  it('says the index cannot answer once its thread is gone (search then scans the pages)', async () => {
    const { em } = await open();
    await seed(em);
    expect(await searchIndexCaughtUp(em)).toBe(true);
    await ftsIndexerOf(em)!.close();
    expect(await searchIndexCaughtUp(em)).toBe(false);
  });
});
