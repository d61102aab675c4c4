import fs from 'node:fs';
import Database from 'libsql';

/** Rows of a ShowDoc database, read-only. Values come back as SQLite stores them (numbers or text). */
export interface ShowdocSource {
  all<T>(sql: string, ...params: unknown[]): T[];
  /** One row at a time, for the big tables (pages, history, change log). */
  iterate<T>(sql: string, ...params: unknown[]): IterableIterator<T>;
  hasTable(name: string): boolean;
  close(): void;
}

/** Thrown for input the importer cannot use: the report's reason, no stack trace needed. */
export class ImportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportInputError';
  }
}

/**
 * ShowDoc's default store, `Sqlite/showdoc.db.php` (a SQLite file despite the name), opened read-only so
 * an import never changes the site it comes from.
 */
export function openShowdocSqlite(file: string): ShowdocSource {
  if (!fs.existsSync(file)) throw new ImportInputError(`no such file: ${file}`);
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') !== 'SQLite format 3\u0000') {
    throw new ImportInputError(`${file} is not a SQLite database (ShowDoc's showdoc.db.php is one)`);
  }
  const db = new Database(file, { readonly: true });
  const tables = new Set(
    (db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map(
      (row) => row.name,
    ),
  );
  for (const required of ['user', 'item', 'catalog', 'page']) {
    if (!tables.has(required)) {
      db.close();
      throw new ImportInputError(`${file} has no "${required}" table: not a ShowDoc database`);
    }
  }
  return {
    all: <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[],
    iterate: <T>(sql: string, ...params: unknown[]) =>
      db.prepare(sql).iterate(...params) as IterableIterator<T>,
    hasTable: (name) => tables.has(name),
    close: () => db.close(),
  };
}
