import fs from 'node:fs';
import path from 'node:path';
import { plainTextToStore } from './plain-text-of';

/**
 * The embedded database's full-text index, kept by a thread of its own (issue #14). FTS5's trigram index
 * costs a page save ~1.3 ms of CPU per 4 kB page (tokenizing the old and new texts at the UPDATE, writing
 * the segment at the COMMIT; batching saves does not amortise it), about half of a save on the event loop.
 * So the index lives in a file of its own next to the database, `quire-search.db`, which only the indexer
 * thread writes (fts-indexer.ts starts it): the save's transaction writes no more than a row of
 * `page_fts_queue`, and SQLite's one writer per file never makes a save wait for the indexer.
 *
 * - `quire.db` (migration SearchIndexOffThread): triggers on `page` append the page's id to
 *   `page_fts_queue` (`seq` AUTOINCREMENT: commit order, as SQLite commits one writer at a time) on every
 *   insert, delete and change of title, content or sheet text; `page_fts_epoch` names this database, so an
 *   index file built for another one (a restored copy, a replaced file) is rebuilt, never trusted. A queue
 *   row for page 0 asks for a rebuild of everything (reindexAll).
 * - `quire-search.db`: `page_fts` (FTS5, trigram, contentless with deletes by rowid: no old text to read),
 *   its vocabulary `page_fts_terms`, `page_text` (each page's plain text, which search snippets are cut
 *   from: plain-text-of.ts, issue #22) and `search_state`: whose database it indexes, up to which `seq`.
 *   A rebuild is one transaction of this file: it is there whole or not at all. The plain text is read
 *   here rather than by the save (it was ~15 % of a save's CPU on the event loop, with the longer UPDATE
 *   it made); search reads it only for pages with nothing queued past `indexed_seq` (plain-text.ts
 *   `plainTextSql`), so a snippet never comes from older content.
 *
 * Every connection of the server attaches the index file as `search`. Search asks the thread to catch up
 * with every commit made before it asked (fts-indexer.ts `searchIndexCaughtUp`), so a search never misses a
 * committed save, and falls back to scanning the pages when the index cannot answer (no thread, or a long
 * rebuild).
 *
 * This module is the thread's side: plain libsql connections, no ORM.
 */

/** The index file of the database file `dbFile`: `quire.db` → `quire-search.db`, next to it. */
export function searchFileOf(dbFile: string): string {
  const base = path.basename(dbFile).replace(/\.db$/i, '');
  return path.join(path.dirname(dbFile), `${base}-search.db`);
}

/** Removes the index file of `dbFile` with its WAL companions (it is rebuilt from the pages). */
export function removeSearchIndex(dbFile: string): void {
  const file = searchFileOf(dbFile);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}

/** The schema name of the index file on every connection. */
export const SEARCH_SCHEMA = 'search';

/**
 * Attaches the index file of `dbFile` to a connection as `search` (in WAL mode, so that reading it never
 * waits for the thread, when `wal`). A file that is not a database (damaged, or something else under its
 * name) is removed first: the index is rebuilt from the pages, and the server starts either way.
 */
export function attachSearch(connection: { exec(sql: string): unknown }, dbFile: string, wal: boolean): void {
  const file = searchFileOf(dbFile);
  const attach = () => {
    connection.exec(`ATTACH DATABASE '${file.replace(/'/g, "''")}' AS ${SEARCH_SCHEMA}`);
    // Reads the file's header: a damaged file fails here rather than at the first search.
    connection.exec(`select count(*) from ${SEARCH_SCHEMA}.sqlite_master`);
    if (wal) connection.exec(`PRAGMA ${SEARCH_SCHEMA}.journal_mode = WAL`);
  };
  try {
    attach();
  } catch (error) {
    if (!/SQLITE_(NOTADB|CORRUPT)/.test(String((error as { code?: string }).code))) throw error;
    // ATTACH itself may have refused the file: then there is nothing to detach.
    try {
      connection.exec(`DETACH DATABASE ${SEARCH_SCHEMA}`);
    } catch {
      // not attached
    }
    removeSearchIndex(dbFile);
    attach();
  }
}

/** Bumped when the index file's layout changes: an older file is rebuilt. */
const INDEX_LAYOUT = 2;

/** Pages read and indexed per transaction of the index. */
const PAGES_PER_BATCH = 200;

/**
 * A page's plain text; '' (snippets keep the source) if reading it fails, so that one page can never stop
 * the index: the thread restarts after a failed batch and would meet the same page again.
 */
function textOf(content: string): string {
  try {
    return plainTextToStore(content, null);
  } catch {
    return '';
  }
}

/** The part of a libsql connection the thread uses. */
export interface IndexConnection {
  exec(sql: string): unknown;
  prepare(sql: string): {
    all(...params: unknown[]): unknown[];
    iterate(...params: unknown[]): IterableIterator<unknown>;
    run(...params: unknown[]): unknown;
  };
}

/** A page as the index reads it: the view's indexed texts, and the content its plain text is read from. */
interface PageText {
  id: number;
  title: string | null;
  content: string | null;
  source: string | null;
  search_text: string | null;
}

/** The rows `PageText` describes, one statement per batch (`where` names them by `s.id`). */
const PAGE_TEXTS =
  'select s.id, s.title, s.content, p.content as source, p.search_text ' +
  'from page_search_source s join page p on p.id = s.id';

interface State {
  epoch: string;
  indexed_seq: number;
}

export class FtsIndex {
  private indexedSeq = 0;

  constructor(
    /** `quire.db`, read only. */
    private readonly main: IndexConnection,
    /** `quire-search.db`, written by this thread alone. */
    private readonly search: IndexConnection,
  ) {}

  /** The `seq` of the last queued change this index holds. */
  get seq(): number {
    return this.indexedSeq;
  }

  /**
   * Makes the index file hold this database's index: its tables, then a full rebuild unless it was built
   * for this very database and never ahead of its queue.
   */
  open(): void {
    this.search.exec('PRAGMA journal_mode = WAL');
    this.search.exec('PRAGMA synchronous = NORMAL');
    // Checked under the write lock: another process's thread may be opening the same file.
    this.write(() => {
      const layout = this.search.prepare('PRAGMA user_version').all()[0] as { user_version: number };
      if (Number(layout.user_version) === INDEX_LAYOUT) return;
      this.search.exec('drop table if exists page_fts_terms');
      this.search.exec('drop table if exists page_fts');
      this.search.exec('drop table if exists page_text');
      this.search.exec('drop table if exists search_state');
      this.search.exec(
        "create virtual table page_fts using fts5(title, content, tokenize = 'trigram', content = '', contentless_delete = 1)",
      );
      this.search.exec('create virtual table page_fts_terms using fts5vocab(page_fts, row)');
      this.search.exec('create table page_text (page_id integer primary key, text text not null)');
      this.search.exec(
        'create table search_state (id integer primary key check (id = 1), epoch text not null, indexed_seq integer not null)',
      );
      this.search.exec(`PRAGMA user_version = ${INDEX_LAYOUT}`);
    });
    const state = this.state();
    if (!state || state.epoch !== this.epoch() || Number(state.indexed_seq) > this.lastQueued()) {
      this.rebuild();
    } else {
      this.indexedSeq = Number(state.indexed_seq);
    }
  }

  /**
   * Indexes what the queue holds past the index's `seq` (one batch); true if there was something. A
   * page changed several times in a batch is indexed once, from its text as it is now.
   */
  step(): boolean {
    const queued = this.main
      .prepare(`select seq, page_id from page_fts_queue where seq > ? order by seq limit ${PAGES_PER_BATCH}`)
      .all(this.indexedSeq) as Array<{ seq: number; page_id: number }>;
    if (queued.length === 0) return false;
    const upTo = Number(queued[queued.length - 1]!.seq);
    if (queued.some((row) => Number(row.page_id) === 0)) {
      this.rebuild();
      return true;
    }
    const ids = [...new Set(queued.map((row) => Number(row.page_id)))];
    this.write(() => {
      const remove = this.search.prepare('delete from page_fts where rowid = ?');
      const removeText = this.search.prepare('delete from page_text where page_id = ?');
      for (const id of ids) {
        remove.run(id);
        removeText.run(id);
      }
      const rows = this.main
        .prepare(`${PAGE_TEXTS} where s.id in (${ids.map(() => '?').join(', ')})`)
        .iterate(...ids);
      this.insert(rows as Iterable<PageText>);
      this.setState(upTo);
    });
    this.indexedSeq = upTo;
    return true;
  }

  /** Every page indexed anew, up to the queue's last `seq` as it was before the pages were read. */
  private rebuild(): void {
    const upTo = this.lastQueued();
    const epoch = this.epoch();
    this.write(() => {
      this.search.exec("insert into page_fts (page_fts) values ('delete-all')");
      this.search.exec('delete from page_text');
      this.search
        .prepare('insert or replace into search_state (id, epoch, indexed_seq) values (1, ?, ?)')
        .run(epoch, upTo);
      const read = this.main.prepare(`${PAGE_TEXTS} where s.id > ? order by s.id limit ${PAGES_PER_BATCH}`);
      // In slices of ids, one page in memory at a time: no long read of the database, a small heap.
      for (let after = 0; after >= 0;) {
        after = this.insert(read.iterate(after) as Iterable<PageText>);
      }
    });
    this.indexedSeq = upTo;
  }

  /**
   * Indexes `rows` and keeps their plain text (a spreadsheet has none: its snippets come from its cell
   * text; hostile markdown costs up to ~130 ms for 100 kB here, on this thread); the last id, or -1 when
   * there were none.
   */
  private insert(rows: Iterable<PageText>): number {
    const insert = this.search.prepare('insert into page_fts (rowid, title, content) values (?, ?, ?)');
    const insertText = this.search.prepare('insert into page_text (page_id, text) values (?, ?)');
    let last = -1;
    for (const row of rows) {
      insert.run(row.id, row.title ?? '', row.content ?? '');
      if (row.search_text === null) insertText.run(row.id, textOf(row.source ?? ''));
      last = Number(row.id);
    }
    return last;
  }

  private write(body: () => void): void {
    this.search.exec('BEGIN IMMEDIATE');
    try {
      body();
      this.search.exec('COMMIT');
    } catch (error) {
      this.search.exec('ROLLBACK');
      throw error;
    }
  }

  private setState(seq: number): void {
    this.search.prepare('update search_state set indexed_seq = ? where id = 1').run(seq);
  }

  private state(): State | undefined {
    return this.search.prepare('select epoch, indexed_seq from search_state where id = 1').all()[0] as
      State | undefined;
  }

  private epoch(): string {
    const row = this.main.prepare('select epoch from page_fts_epoch').all()[0] as
      { epoch: string } | undefined;
    return row?.epoch ?? '';
  }

  /** The highest `seq` the queue ever handed out (rows already indexed are deleted, the counter stays). */
  private lastQueued(): number {
    const row = this.main
      .prepare("select seq from sqlite_sequence where name = 'page_fts_queue'")
      .all()[0] as { seq: number } | undefined;
    return Number(row?.seq ?? 0);
  }
}
