import type { EntityManager } from '@mikro-orm/core';
import { BaseSqlitePlatform, type SqlEntityManager } from '@mikro-orm/knex';
import { commitClockOf, type CommitClock } from './commit-clock';
import { KeptResults, paramsKey } from './kept-results';
import { mysqlQuery, nativeSql, onDriverConnection, sqliteBindable, type KnexClient } from './native-sql';
import { attachSearch } from './search/fts-index';

/**
 * Lean reads for the hot read paths (issue #14): plain SQL with `?` placeholders, rows as the driver
 * returns them (column names as written in the SQL, SQLite booleans as 0/1, datetimes as stored: `leanDate`), no
 * query builder, no entities, no identity map.
 *
 * - Inside a transaction the read runs on the transaction's connection, so it sees the transaction's own
 *   writes.
 * - Otherwise, on the embedded database, it runs on a second, read-only connection of its own with its
 *   prepared statements kept (`STATEMENTS_KEPT`): the pool's one connection may be inside another
 *   request's write transaction (whose uncommitted rows a read must not see, and which the read would
 *   otherwise wait for), and WAL lets a reader see the last commit while a writer works.
 * - On MySQL/MariaDB it runs on a connection of the ORM's pool, with bindings (`mysqlReader`); kept reads
 *   are kept against the ORM's commit clock when it has one (`useCommitClock`).
 */
export interface LeanReader {
  all<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T extends object>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /**
   * `all` for a small read asked on most requests (a user's item list, an item row, a version): on the
   * embedded database outside a transaction, its rows are kept in memory and given again until anything
   * commits to the database, from this process or another (`PRAGMA data_version`, one cheap statement per
   * read instead of the read: issue #14). On MySQL/MariaDB with a commit clock, kept until any node commits
   * (`CommitClock`). Elsewhere, the same as `all`. The rows are shared and frozen.
   * Not for large rows (a page's content: up to `KEPT_ROWS_MAX` rows are kept, whatever their size) nor for
   * the search index, which is another file whose commits do not move this database's version.
   */
  allKept<T extends object>(sql: string, params?: readonly unknown[]): Promise<readonly T[]>;
  /** The first row of `allKept`. */
  getKept<T extends object>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /**
   * `get` for a large row most requests read (a page with its content): on MySQL/MariaDB with a commit
   * clock that can store rows, kept there for every node under `key` (which names the row) until any node
   * commits (`CommitClock.shared`). Elsewhere, the same as `get`: the embedded database reads it cheaply.
   */
  getShared<T extends object>(key: string, sql: string, params?: readonly unknown[]): Promise<T | undefined>;
}

export { KEPT_ROWS_MAX, KEPT_STATEMENTS } from './kept-results';

/** Prepared statements a connection keeps, least recently used going first. */
export const STATEMENTS_KEPT = 256;

interface RawStatement {
  all(...params: unknown[]): unknown[];
}

interface RawSqlite {
  prepare(sql: string): RawStatement;
  exec(sql: string): unknown;
  close(): void;
}

/**
 * Makes `connection.prepare` keep its statements by SQL text (the libsql dialect prepares every query
 * afresh: 5–10 % of a cheap read's CPU). Statements are only ever run to completion (`all`, `get`,
 * `run`), so sharing one between calls is safe; a connection the pool throws away takes its statements
 * with it.
 */
export function keepPreparedStatements<C extends { prepare(sql: string): unknown }>(connection: C): C {
  const prepare = connection.prepare.bind(connection);
  const kept = new Map<string, unknown>();
  connection.prepare = (sql: string) => {
    let statement = kept.get(sql);
    if (statement !== undefined) {
      kept.delete(sql);
    } else {
      statement = prepare(sql);
      if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
    }
    kept.set(sql, statement);
    return statement;
  };
  return connection;
}

interface DriverStatement extends RawStatement {
  raw(toggle: boolean): unknown;
  columns(): { name: string }[];
}

/**
 * Makes `connection.prepare` give statements whose rows the driver returns as arrays and that are made into
 * objects here, by a constructor compiled once per statement from its column names. libsql builds an
 * object row property by property through N-API: `item/myList`'s 11 rows of 22 columns took 70 µs that way
 * and 47 µs as arrays made into objects (issue #14). The rows are the same (keys in column order, the last
 * of two equal names winning), but for blobs, which come as a Buffer instead of an ArrayBuffer (no column of
 * Quire's is a blob). A statement without result columns stays as the driver makes it.
 */
export function objectRowsFromArrays<C extends { prepare(sql: string): unknown }>(connection: C): C {
  const prepare = connection.prepare.bind(connection);
  connection.prepare = (sql: string) => {
    const statement = prepare(sql) as DriverStatement;
    const names = statement.columns().map((column) => column.name);
    if (names.length === 0) return statement;
    statement.raw(true);
    const row = rowConstructor(names);
    return { all: (...params: unknown[]) => (statement.all(...params) as unknown[][]).map(row) };
  };
  return connection;
}

/** `(values) => ({ [names[0]]: values[0], … })` as one object literal, which V8 builds in one step. */
function rowConstructor(names: readonly string[]): (values: unknown[]) => object {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  // Column names come from the statement (our own SQL), quoted by JSON.stringify: no text runs as code.
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => object;
}

const DATA_VERSION = 'PRAGMA data_version';

/**
 * The rows `allKept` keeps on one read connection, valid while the database's `data_version` is what it
 * was when they were read. SQLite moves it on this connection with every commit of any other connection
 * to the file, of this process or another (several nodes on one file included); this connection never
 * writes. The version is read before the rows: rows read after it are at least as new as it says.
 */
export class KeptRows {
  private readonly results = new KeptResults();

  constructor(
    private readonly connection: Pick<RawSqlite, 'prepare'>,
    /** The connection's `PRAGMA data_version` now. */
    readonly currentVersion: () => unknown,
  ) {}

  rows(sql: string, params: readonly unknown[]): readonly object[] {
    const version = this.currentVersion();
    const key = paramsKey(params);
    const kept = this.results.find(version, sql, key);
    if (kept) return kept;
    const rows = this.connection.prepare(sql).all(...params.map(sqliteBindable)) as object[];
    return this.results.keep(version, sql, key, rows);
  }
}

interface SqliteReader {
  connection: RawSqlite;
  kept: KeptRows;
  /** Tells this connection from an earlier one of the same ORM (a version is per connection). */
  serial: number;
}

let readerSerial = 0;

const readers = new WeakMap<object, SqliteReader | null>();

/**
 * The embedded database's read connection of this ORM, with the rows `allKept` keeps on it (null for an
 * in-memory database: it has one connection).
 */
function sqliteReader(em: EntityManager): SqliteReader | null {
  const key = em.getDriver();
  let reader = readers.get(key);
  if (reader !== undefined) return reader;
  const file = String(em.config.get('dbName') ?? '');
  if (!file || file === ':memory:' || file.startsWith('file::memory:')) {
    reader = null;
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Driver = require('libsql') as new (file: string, options?: object) => RawSqlite;
    const driver = new Driver(file, {});
    // The version `allKept` asks before each kept read, as one value: 3.7 µs instead of 6.3 as a row.
    const version = (driver.prepare(DATA_VERSION) as unknown as DriverStatement).raw(true) as {
      get(): unknown[];
    };
    const connection = keepPreparedStatements(objectRowsFromArrays(driver));
    attachSearch(connection, file, false);
    connection.exec('PRAGMA query_only = 1');
    connection.exec('PRAGMA busy_timeout = 10000');
    reader = {
      connection,
      kept: new KeptRows(connection, () => version.get()[0]),
      serial: ++readerSerial,
    };
  }
  readers.set(key, reader);
  return reader;
}

/** Closes the read connection of the ORM `em` belongs to (with the ORM). */
export function closeLeanReader(em: EntityManager): void {
  const key = em.getDriver();
  const reader = readers.get(key);
  readers.delete(key);
  reader?.connection.close();
}

/** The lean reader for `em` (cheap to make: one per call is fine). */
export function leanReader(em: EntityManager): LeanReader {
  const reader = keptReader(em);
  if (reader) {
    const { connection, kept } = reader;
    return {
      all: async <T>(sql: string, params: readonly unknown[] = []) =>
        connection.prepare(sql).all(...params.map(sqliteBindable)) as T[],
      // libsql's `get` adds a `_metadata` property to the row; the first of `all` is the plain row.
      get: async <T>(sql: string, params: readonly unknown[] = []) =>
        connection.prepare(sql).all(...params.map(sqliteBindable))[0] as T | undefined,
      allKept: async <T>(sql: string, params: readonly unknown[] = []) =>
        kept.rows(sql, params) as readonly T[],
      getKept: async <T>(sql: string, params: readonly unknown[] = []) =>
        kept.rows(sql, params)[0] as T | undefined,
      getShared: async <T>(_key: string, sql: string, params: readonly unknown[] = []) =>
        connection.prepare(sql).all(...params.map(sqliteBindable))[0] as T | undefined,
    };
  }
  // A transaction: its own writes. MySQL/MariaDB: kept against a commit clock that every node moves, if any.
  const isSqlite = em.getPlatform() instanceof BaseSqlitePlatform;
  if (isSqlite || em.isInTransaction()) return unkept(nativeSql(em));
  const mysql = mysqlReader(em);
  const clock = commitClockOf(em);
  return clock ? keptOnClock(em, clock, mysql) : unkept(mysql);
}

/** MySQL/MariaDB reads whose kept reads are kept against `clock` (see `CommitClock`). */
function keptOnClock(
  em: EntityManager,
  clock: CommitClock,
  reader: Pick<LeanReader, 'all' | 'get'>,
): LeanReader {
  const allKept = async <T extends object>(sql: string, params: readonly unknown[] = []) => {
    const version = await clock.versionFor(em);
    if (version === null) return reader.all<T>(sql, params);
    return (await clock.rows(version, sql, params, () => reader.all<T>(sql, params))) as readonly T[];
  };
  return {
    all: reader.all,
    get: reader.get,
    getShared: <T extends object>(key: string, sql: string, params?: readonly unknown[]) =>
      clock.shared(em, key, () => reader.get<T>(sql, params)),
    allKept,
    getKept: async <T extends object>(sql: string, params?: readonly unknown[]) =>
      (await allKept<T>(sql, params))[0] as T | undefined,
  };
}

/** The embedded database's read connection, where `em` reads outside a transaction; null elsewhere. */
function keptReader(em: EntityManager): SqliteReader | null {
  return !em.isInTransaction() && em.getPlatform() instanceof BaseSqlitePlatform ? sqliteReader(em) : null;
}

/**
 * Where kept reads are kept (the embedded database outside a transaction), a value that moves with every
 * commit to the database from any connection or process: read it before reads and again after them, and
 * the same value both times means the reads saw one state of the database that it names. Null elsewhere
 * (MariaDB, a transaction, an in-memory database).
 */
export function keptVersion(em: EntityManager): string | null {
  const reader = keptReader(em);
  return reader ? `${reader.serial}:${String(reader.kept.currentVersion())}` : null;
}

/**
 * `keptVersion`, and on MySQL/MariaDB with a commit clock outside a transaction the clock's version for
 * this request (`CommitClock.versionFor`): rows read after it are at least as new as it says.
 */
export async function keptVersionOf(em: EntityManager): Promise<string | null> {
  const version = keptVersion(em);
  if (version !== null || em.isInTransaction()) return version;
  const clock = commitClockOf(em);
  const clocked = clock ? await clock.versionFor(em) : null;
  return clocked === null ? null : `clock:${clocked}`;
}

/** A reader whose kept reads are plain reads. */
function unkept(reader: Pick<LeanReader, 'all' | 'get'>): LeanReader {
  return {
    all: reader.all,
    get: reader.get,
    allKept: reader.all,
    getKept: reader.get,
    getShared: (_key, sql, params) => reader.get(sql, params),
  };
}

/**
 * MySQL/MariaDB outside a transaction: the statement goes straight to a connection of the ORM's pool
 * (mysql2's `query`, values escaped into the text as knex does), without knex's runner and MikroORM's
 * logging wrapper around it: on a read of one or a few rows they cost about as much CPU as mysql2 itself.
 * (mysql2's `execute`, server-side prepared statements, cost more client CPU than `query` here.)
 */
function mysqlReader(em: EntityManager): Pick<LeanReader, 'all' | 'get'> {
  const pool = (em as SqlEntityManager).getConnection('read').getKnex().client as KnexClient;
  const all = async <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> =>
    (await onDriverConnection(pool, pool, sql, params, (connection) =>
      mysqlQuery(connection, sql, params),
    )) as T[];
  return { all, get: async <T>(sql: string, params?: readonly unknown[]) => (await all<T>(sql, params))[0] };
}

/**
 * A datetime column of a lean row as a Date: SQLite stores epoch milliseconds; MySQL/MariaDB answer
 * 'YYYY-MM-DD hh:mm:ss[.fff]' strings (MikroORM's `dateStrings`), in UTC (`forceUtcTimezone`).
 */
export function leanDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && !/^\d+$/.test(value)) return new Date(`${value.replace(' ', 'T')}Z`);
  return new Date(Number(value));
}
