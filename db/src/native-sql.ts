import type { EntityManager } from '@mikro-orm/core';
import { BaseSqlitePlatform, type Knex, type SqlEntityManager } from '@mikro-orm/knex';
import { groupCommitOf } from './group-commit';

/**
 * Plain statements with `?` bindings on the EntityManager's open transaction (or the pool), for the
 * write paths that run on every request (a page save, issue #14). MikroORM's own `execute` inlines every
 * value into the SQL text, so no statement is ever prepared twice and a page's content is escaped and
 * parsed as a literal; these go to the driver with their bindings, so the connection's kept statements
 * (`keepPreparedStatements`) are reused. Rows are raw, as with `leanReader`: SQLite booleans are 0/1 and
 * datetimes epoch milliseconds, MySQL returns them as UTC strings (`leanDate` reads both). Dates and booleans bind as each database
 * stores them (epoch milliseconds and 0/1 for SQLite, mysql2's escaping in the session's UTC time zone).
 */
export interface NativeSql {
  readonly dialect: 'sqlite' | 'mysql';
  all<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T extends object>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** An INSERT, UPDATE or DELETE: the rows it changed and the id it inserted. */
  run(sql: string, params?: readonly unknown[]): Promise<{ changes: number; insertId: number }>;
}

interface MySqlHeader {
  affectedRows: number;
  insertId: number;
}

interface SqliteRun {
  changes: number;
  lastInsertRowid: number | bigint;
}

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): SqliteRun;
}

/** A connection as the driver made it: libsql's or mysql2's. */
export interface DriverConnection {
  /** libsql */
  prepare?(sql: string): SqliteStatement;
  /** mysql2 */
  query?(
    options: { sql: string; values: readonly unknown[] },
    callback: (err: Error | null, result: unknown) => void,
  ): void;
}

/** What knex's client (the pool's, or a transaction's, which hands out the transaction's connection) offers. */
export interface KnexClient {
  acquireConnection(): Promise<DriverConnection>;
  releaseConnection(connection: DriverConnection): Promise<unknown>;
  emit(event: 'query', query: { sql: string; bindings: readonly unknown[] }): boolean;
}

/**
 * Runs `statement` on a connection of `client`, told first to `pool`'s `query` listeners (statement counts in
 * tests, the query log) as knex's runner does. A connection of the pool goes back after; a transaction's
 * client hands out the transaction's own, which its commit releases.
 */
export async function onDriverConnection<T>(
  pool: KnexClient,
  client: KnexClient,
  sql: string,
  params: readonly unknown[],
  statement: (connection: DriverConnection) => T | Promise<T>,
): Promise<T> {
  const connection = await client.acquireConnection();
  pool.emit('query', { sql, bindings: params });
  try {
    return await statement(connection);
  } finally {
    if (client === pool) await pool.releaseConnection(connection);
  }
}

/** mysql2's `query` with its values escaped into the text (as knex did), as a promise. */
export function mysqlQuery(
  connection: DriverConnection,
  sql: string,
  params: readonly unknown[],
): Promise<unknown> {
  return new Promise((resolve, reject) =>
    connection.query!({ sql, values: params.map(mysqlBindable) }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
}

/**
 * Each statement goes straight to the driver's connection (the transaction's, or one of the pool's), as
 * `leanReader` does for MySQL reads: knex's runner (a Raw object, its bindings positioned and escaped,
 * its events and promises) cost about as much CPU per statement as the driver itself, and a page save
 * runs a dozen of them (issue #14). The pool's `query` listeners (statement counts in tests, the query
 * log) still see every statement; the commit clock wraps the connections themselves.
 */
export function nativeSql(em: EntityManager): NativeSql {
  const sqlite = em.getPlatform() instanceof BaseSqlitePlatform;
  const query = async (sql: string, params: readonly unknown[], rows: boolean): Promise<unknown> => {
    const pool = (em as SqlEntityManager).getConnection('write').getKnex().client as KnexClient;
    const trx = em.getTransactionContext<Knex.Transaction>();
    // As knex's transaction client refuses it: a statement after the commit would run outside it.
    if (trx?.isCompleted()) throw new Error(`Transaction query already complete: ${sql.slice(0, 80)}`);
    const client = trx ? (trx.client as unknown as KnexClient) : pool;
    return onDriverConnection(pool, client, sql, params, (connection) => {
      if (!sqlite) return mysqlQuery(connection, sql, params);
      const statement = connection.prepare!(sql);
      const values = params.map(sqliteBindable);
      return rows ? statement.all(...values) : statement.run(...values);
    });
  };
  const all = async <T extends object>(sql: string, params: readonly unknown[] = []) =>
    (await query(sql, params, true)) as T[];
  return {
    dialect: sqlite ? 'sqlite' : 'mysql',
    all,
    get: async <T extends object>(sql: string, params: readonly unknown[] = []) =>
      (await all<T>(sql, params))[0] as T | undefined,
    run: async (sql, params = []) => {
      const res = await query(sql, params, false);
      if (sqlite) {
        const { changes, lastInsertRowid } = res as SqliteRun;
        return { changes, insertId: Number(lastInsertRowid) };
      }
      const { affectedRows, insertId } = res as MySqlHeader;
      return { changes: affectedRows, insertId };
    },
  };
}

/** libsql binds numbers, strings, bigints, buffers and null; booleans and dates as SQLite stores them. */
export function sqliteBindable(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value === undefined ? null : value;
}

/** mysql2 escapes undefined as NULL already; knex refused it: a statement binds null for both alike. */
function mysqlBindable(value: unknown): unknown {
  return value === undefined ? null : value;
}

/**
 * Asks that the EntityManager's open transaction be committed with others on the embedded database
 * (`GroupCommit`): its `commit` then releases it, and `durable` settles once its changes are durable. Null on
 * MySQL/MariaDB, outside a transaction, or on a connection without group commits: the commit is the commit.
 * (An object, not the promise itself: an async function would wait for the promise it returns.)
 */
export async function joinGroupCommit(em: EntityManager): Promise<{ durable: Promise<void> } | null> {
  if (!(em.getPlatform() instanceof BaseSqlitePlatform)) return null;
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx || trx.isCompleted()) return null;
  // A transaction's client hands out the transaction's own connection (released by its commit).
  const connection = await (trx.client as unknown as KnexClient).acquireConnection();
  const durable = groupCommitOf(connection)?.join();
  return durable ? { durable } : null;
}
