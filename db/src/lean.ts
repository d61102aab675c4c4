import type { EntityManager } from '@mikro-orm/core';
import { BaseSqlitePlatform } from '@mikro-orm/knex';

/**
 * Lean reads for the hot read paths (issue #14): plain SQL with `?` placeholders, rows as the driver
 * returns them (column names as written in the SQL, SQLite booleans as 0/1, datetimes as stored), no
 * query builder, no entities, no identity map.
 *
 * - Inside a transaction the read runs on the transaction's connection, so it sees the transaction's own
 *   writes.
 * - Otherwise, on the embedded database, it runs on a second, read-only connection of its own with its
 *   prepared statements kept (`STATEMENTS_KEPT`): the pool's one connection may be inside another
 *   request's write transaction (whose uncommitted rows a read must not see, and which the read would
 *   otherwise wait for), and WAL lets a reader see the last commit while a writer works.
 * - On MySQL/MariaDB it runs on the pool like every other query.
 */
export interface LeanReader {
  all<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T extends object>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
}

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

const readers = new WeakMap<object, RawSqlite | null>();

/** The embedded database's read connection of this ORM (null for an in-memory database: it has one). */
function sqliteReader(em: EntityManager): RawSqlite | null {
  const key = em.getDriver();
  let reader = readers.get(key);
  if (reader !== undefined) return reader;
  const file = String(em.config.get('dbName') ?? '');
  if (!file || file === ':memory:' || file.startsWith('file::memory:')) {
    reader = null;
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Driver = require('libsql') as new (file: string, options?: object) => RawSqlite;
    reader = keepPreparedStatements(new Driver(file, {}));
    reader.exec('PRAGMA query_only = 1');
    reader.exec('PRAGMA busy_timeout = 10000');
  }
  readers.set(key, reader);
  return reader;
}

/** Closes the read connection of the ORM `em` belongs to (with the ORM). */
export function closeLeanReader(em: EntityManager): void {
  const key = em.getDriver();
  const reader = readers.get(key);
  readers.delete(key);
  reader?.close();
}

/** The lean reader for `em` (cheap to make: one per call is fine). */
export function leanReader(em: EntityManager): LeanReader {
  const isSqlite = em.getPlatform() instanceof BaseSqlitePlatform;
  const reader = !em.isInTransaction() && isSqlite ? sqliteReader(em) : null;
  if (reader) {
    return {
      all: async <T>(sql: string, params: readonly unknown[] = []) =>
        reader.prepare(sql).all(...params.map(bindable)) as T[],
      // libsql's `get` adds a `_metadata` property to the row; the first of `all` is the plain row.
      get: async <T>(sql: string, params: readonly unknown[] = []) =>
        reader.prepare(sql).all(...params.map(bindable))[0] as T | undefined,
    };
  }
  const connection = em.getConnection();
  const ctx = em.getTransactionContext();
  return {
    all: <T>(sql: string, params: readonly unknown[] = []) =>
      connection.execute<T[]>(sql, [...params], 'all', ctx),
    get: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await connection.execute<T | undefined>(sql, [...params], 'get', ctx)) ?? undefined,
  };
}

/** libsql binds numbers, strings, bigints, buffers and null; booleans and dates as SQLite stores them. */
function bindable(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value === undefined ? null : value;
}

/**
 * A datetime column of a lean row as a Date, as MikroORM maps it: SQLite stores epoch milliseconds, MySQL
 * sends the UTC text `YYYY-MM-DD HH:MM:SS` (`dateStrings`, `forceUtcTimezone`).
 */
export function rawDate(value: Date | number | bigint | string): Date {
  if (value instanceof Date) return value;
  if (typeof value !== 'string') return new Date(Number(value));
  return new Date(/Z$|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}
