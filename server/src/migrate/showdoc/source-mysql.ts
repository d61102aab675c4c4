import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import mysql from 'mysql2/promise';
import { ImportInputError, openShowdocSqlite, type ShowdocSource } from './source';

/** Rows copied per round trip (and per SQLite insert transaction). */
const ROWS_PER_BATCH = 1000;
/** ShowDoc's tables the importer needs; a database without them is not ShowDoc's. */
const REQUIRED = ['user', 'item', 'catalog', 'page'];

interface ColumnInfo {
  table: string;
  column: string;
  dataType: string;
}

/** A SQLite column type with the affinity ShowDoc's own SQLite schema gives the same column. */
function sqliteType(mysqlType: string): string {
  const t = mysqlType.toLowerCase();
  if (/int$|^bit$/.test(t)) return 'INTEGER';
  if (/^(decimal|float|double|real|numeric)$/.test(t)) return 'REAL';
  if (/blob|binary/.test(t)) return 'BLOB';
  return 'TEXT';
}

const quoteSqlite = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteMysql = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/**
 * A ShowDoc MySQL/MariaDB database (`mysql://user:pass@host:port/db`, optional `?prefix=showdoc_` when its
 * tables carry ShowDoc's `DB_PREFIX`; found by itself when the tables are named `<prefix>user`, ...).
 *
 * The rows are copied, read-only, into a temporary SQLite file with the same tables and columns (about
 * the size of the ShowDoc database), which the importer then reads exactly as a `showdoc.db.php`: one
 * reading path for both stores, and the importer's row-at-a-time reads stay synchronous. The file is
 * removed on close.
 */
export async function openShowdocMysql(url: string): Promise<ShowdocSource> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ImportInputError(`not a database URL: ${url.replace(/\/\/[^@/]*@/, '//***@')}`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^(mysql|mariadb):$/i.test(parsed.protocol) || !database) {
    throw new ImportInputError('a ShowDoc MySQL source is written mysql://user:password@host:port/database');
  }
  const shown = `${parsed.hostname}:${parsed.port || 3306}/${database}`;
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({
      host: parsed.hostname,
      port: Number(parsed.port || 3306),
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      database,
      charset: 'utf8mb4',
      // Text and numbers exactly as stored; dates as text, the way ShowDoc reads them.
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      connectTimeout: 10_000,
    });
  } catch (err) {
    throw new ImportInputError(`cannot connect to the ShowDoc database ${shown}: ${(err as Error).message}`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-showdoc-mysql-'));
  const file = path.join(dir, 'showdoc.db');
  try {
    const [columnRows] = await connection.query(
      `select table_name as t, column_name as c, data_type as d from information_schema.columns
        where table_schema = ? order by table_name, ordinal_position`,
      [database],
    );
    const columns = (columnRows as Array<{ t: string; c: string; d: string }>).map((r): ColumnInfo => ({
      table: r.t,
      column: r.c,
      dataType: r.d,
    }));
    const tableNames = [...new Set(columns.map((c) => c.table))];
    const prefix = parsed.searchParams.get('prefix') ?? detectPrefix(tableNames);
    const missing = REQUIRED.filter((name) => !tableNames.includes(prefix + name));
    if (missing.length) {
      throw new ImportInputError(
        `${shown} has no "${prefix + missing[0]}" table: not a ShowDoc database` +
          (prefix ? '' : ' (if its tables have a prefix, add ?prefix=showdoc_ to the URL)'),
      );
    }
    const target = new Database(file);
    try {
      target.exec('pragma journal_mode = off; pragma synchronous = off;');
      for (const table of tableNames.filter((name) => name.startsWith(prefix))) {
        const cols = columns.filter((c) => c.table === table);
        await copyTable(connection, target, table, table.slice(prefix.length), cols);
      }
    } finally {
      target.close();
    }
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    if (err instanceof ImportInputError) throw err;
    throw new ImportInputError(`reading the ShowDoc database ${shown} failed: ${(err as Error).message}`);
  } finally {
    await connection.end().catch(() => undefined);
  }
  const source = openShowdocSqlite(file);
  return {
    ...source,
    close: () => {
      source.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** ShowDoc's MySQL installs may name tables `<prefix>user`: the prefix that completes the required tables. */
function detectPrefix(tables: string[]): string {
  if (REQUIRED.every((name) => tables.includes(name))) return '';
  for (const table of tables) {
    if (!table.endsWith('user')) continue;
    const prefix = table.slice(0, -'user'.length);
    if (REQUIRED.every((name) => tables.includes(prefix + name))) return prefix;
  }
  return '';
}

async function copyTable(
  connection: mysql.Connection,
  target: Database,
  from: string,
  to: string,
  columns: ColumnInfo[],
): Promise<void> {
  target.exec(
    `create table ${quoteSqlite(to)} (${columns
      .map((c) => `${quoteSqlite(c.column)} ${sqliteType(c.dataType)}`)
      .join(', ')})`,
  );
  const insert = target.prepare(
    `insert into ${quoteSqlite(to)} values (${columns.map(() => '?').join(', ')})`,
  );
  const names = columns.map((c) => quoteMysql(c.column)).join(', ');
  // Keyset paging needs a key; LIMIT/OFFSET over a stable order works for any table.
  for (let offset = 0; ; offset += ROWS_PER_BATCH) {
    const [rows] = await connection.query({
      sql: `select ${names} from ${quoteMysql(from)} order by 1 limit ? offset ?`,
      values: [ROWS_PER_BATCH, offset],
      rowsAsArray: true,
    });
    const batch = rows as unknown[][];
    if (batch.length === 0) return;
    target.exec('begin');
    for (const row of batch) insert.run(...row.map(sqliteValue));
    target.exec('commit');
    if (batch.length < ROWS_PER_BATCH) return;
  }
}

function sqliteValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  return value;
}
