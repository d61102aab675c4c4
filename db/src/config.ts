import path from 'node:path';
import { defineConfig as defineLibSql } from '@mikro-orm/libsql';
import { defineConfig as defineMySql } from '@mikro-orm/mysql';
import { defineConfig as defineMariaDb } from '@mikro-orm/mariadb';
import type { Options } from '@mikro-orm/core';
import { allEntities } from './entities';
import { keepPreparedStatements } from './lean';
import { withGroupCommit } from './group-commit';
import { DateSnapshotSubscriber } from './entities/date-snapshot';
import { PageSearchSubscriber } from './search/page-search-index';
import { PlainTextSubscriber } from './search/plain-text';
import { attachSearch } from './search/fts-index';

export type Dialect = 'sqlite' | 'mysql';

export interface DatabaseSettings {
  /** `mysql://user:pass@host:3306/db`, `mariadb://…`, or empty for the embedded SQLite file. */
  url?: string;
  /** Folder of the embedded database file (`quire.db`). */
  dataDir: string;
  debug?: boolean;
  /** Where MikroORM's own messages (applied migrations) go; silent by default. */
  log?: (message: string) => void;
}

/** SQLite waits this long for a competing writer instead of failing with "database is locked". */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

export function dialectOf(settings: DatabaseSettings): Dialect {
  return settings.url && /^(mysql|mariadb):/i.test(settings.url) ? 'mysql' : 'sqlite';
}

/** The embedded database's file (`:memory:` for an in-memory one). */
export function sqliteFileOf(settings: DatabaseSettings): string {
  return settings.url
    ? settings.url.replace(/^(file|sqlite):(\/\/)?/i, '')
    : path.join(settings.dataDir, 'quire.db');
}

export function migrationsFolder(dialect: Dialect): string {
  return path.join(__dirname, 'migrations', dialect);
}

interface RawSqliteConnection {
  exec(sql: string): unknown;
  prepare(sql: string): unknown;
}

export function buildOrmOptions(settings: DatabaseSettings): Options {
  const dialect = dialectOf(settings);
  const common = {
    entities: allEntities,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: settings.debug ?? false,
    logger: settings.log ?? (() => undefined),
    dataloader: true,
    // Full-text search (search/page-search-index.ts): FTS5's tables are the migration's, not the entities';
    // on MySQL the server keeps the gram index in step with every flushed page write.
    schemaGenerator: { skipTables: [/^page_fts/, 'page_search_queue'] },
    // Page writes hand their ids to the plain-text worker after commit (search/plain-text.ts).
    subscribers: [
      ...(dialect === 'mysql' ? [new PageSearchSubscriber()] : [new DateSnapshotSubscriber()]),
      new PlainTextSubscriber(),
    ],
    migrations: {
      path: migrationsFolder(dialect),
      glob: '!(*.d).{js,ts}',
      tableName: 'quire_migrations',
      transactional: dialect === 'sqlite',
      allOrNothing: dialect === 'sqlite',
      snapshot: false,
      emit: 'ts' as const,
    },
  };
  if (dialect === 'sqlite') {
    if (settings.url && !/^(file:|sqlite:)/i.test(settings.url)) {
      throw new Error(`DATABASE_URL must start with mysql://, mariadb:// or file: (got "${settings.url}")`);
    }
    const file = sqliteFileOf(settings);
    return defineLibSql({
      ...common,
      dbName: file,
      pool: {
        min: 1,
        max: 1,
        // One connection, in WAL mode, that waits for locks: ShowDoc's SQLite without a busy timeout
        // answered "database is locked" site-wide under concurrent writes.
        afterCreate: (conn: RawSqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
          try {
            conn.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
            if (file !== ':memory:') {
              conn.exec('PRAGMA journal_mode = WAL');
              // The full-text index's own file, which its thread writes (search/fts-index.ts).
              attachSearch(conn, file, true);
            }
            // In WAL mode NORMAL syncs the log at checkpoints instead of at every commit: a commit can
            // be lost to a power cut (never to a crash of the process) and the file never corrupts. A
            // commit then costs no fsync on the event loop (libsql is synchronous): issue #14.
            conn.exec('PRAGMA synchronous = NORMAL');
            conn.exec('PRAGMA foreign_keys = ON');
            // Saves that ask for it share one COMMIT (group-commit.ts).
            done(null, withGroupCommit(keepPreparedStatements(conn)));
          } catch (err) {
            done(err as Error, conn);
          }
        },
      },
    });
  }
  const url = new URL(settings.url!);
  const isMariaDb = url.protocol === 'mariadb:';
  const base = {
    ...common,
    clientUrl: `mysql://${url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : ''}${url.host}${url.pathname}`,
    charset: 'utf8mb4',
    collate: 'utf8mb4_unicode_ci',
    pool: { min: 1, max: 10 },
  };
  return isMariaDb ? defineMariaDb(base) : defineMySql(base);
}
