import type { EntityManager } from '@mikro-orm/core';
import { BaseSqlitePlatform, type Knex, type SqlEntityManager } from '@mikro-orm/knex';

/**
 * Plain statements with `?` bindings on the EntityManager's open transaction (or the pool), for the
 * write paths that run on every request (a page save, issue #14). MikroORM's own `execute` inlines every
 * value into the SQL text, so no statement is ever prepared twice and a page's content is escaped and
 * parsed as a literal; these go to knex with their bindings, so the connection's kept statements
 * (`keepPreparedStatements`) are reused. Rows are raw, as with `leanReader`: SQLite booleans are 0/1 and
 * datetimes epoch milliseconds, MySQL returns them as UTC strings (`leanDate` reads both). Dates and booleans bind as each database
 * stores them (knex converts them for SQLite, mysql2 in the session's UTC time zone).
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

export function nativeSql(em: EntityManager): NativeSql {
  const sqlite = em.getPlatform() instanceof BaseSqlitePlatform;
  const query = (sql: string, params: readonly unknown[]): Promise<unknown> => {
    const trx = em.getTransactionContext<Knex.Transaction>();
    const runner = trx ?? (em as SqlEntityManager).getConnection('write').getKnex();
    // knex's raw result: SQLite gives the driver's rows (or its run info), mysql2 `[rows, fields]`.
    return runner
      .raw(sql, params as Knex.RawBinding[])
      .then((res: unknown) => (sqlite ? res : (res as [unknown])[0]));
  };
  const all = async <T extends object>(sql: string, params: readonly unknown[] = []) =>
    (await query(sql, params)) as T[];
  return {
    dialect: sqlite ? 'sqlite' : 'mysql',
    all,
    get: async <T extends object>(sql: string, params: readonly unknown[] = []) =>
      (await all<T>(sql, params))[0] as T | undefined,
    run: async (sql, params = []) => {
      const res = await query(sql, params);
      if (sqlite) {
        const { changes, lastInsertRowid } = res as SqliteRun;
        return { changes, insertId: Number(lastInsertRowid) };
      }
      const { affectedRows, insertId } = res as MySqlHeader;
      return { changes: affectedRows, insertId };
    },
  };
}
