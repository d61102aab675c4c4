import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'libsql';
import mysql from 'mysql2';
import type { Connection as PromiseConnection } from 'mysql2/promise';
import { dialectOf, sqliteFileOf, type DatabaseSettings } from '../../../db/src';
import { QUIRE_VERSION } from '../../../api/src/domain';

/** What `npm run backup` writes next to the data, and `npm run restore` checks before touching anything. */
export interface BackupManifest {
  format: 1;
  quireVersion: string;
  createdAt: string;
  dialect: 'sqlite' | 'mysql';
  /** Applied migrations, oldest first: the schema version of the snapshot. */
  migrations: string[];
  /** Rows per table in the snapshot. */
  counts: Record<string, number>;
  /** Every file of the backup but the manifest, with its size and SHA-256. */
  files: Array<{ path: string; size: number; sha256: string }>;
}

export interface BackupTarget {
  database: DatabaseSettings;
  /** `$QUIRE_DATA_DIR/uploads`: local attachments (a bucket is backed up by its own tools). */
  uploadsDir: string;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const DB_FILE = 'quire.db';
const TABLES_DIR = 'tables';
const UPLOADS_DIR = 'uploads';

/** Tables of ours, not SQLite's own nor the search index's queue (the snapshot file carries them). */
const userTable = (name: string) => !/^sqlite_/.test(name) && !/^page_fts/.test(name);

async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, base);
    // Half-written uploads (`*.part`) are not files yet.
    return entry.isFile() && !entry.name.endsWith('.part') ? [path.relative(base, full)] : [];
  });
}

/** A connection of its own: `db` for queries, `core` for streaming a big result. */
export async function mysqlConnection(
  url: string,
): Promise<{ db: PromiseConnection; core: mysql.Connection }> {
  const u = new URL(url);
  const core = mysql.createConnection({
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username) || 'root',
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
    charset: 'utf8mb4',
    // Values exactly as stored: dates as text, big numbers as text, so a restore writes them back unchanged.
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    timezone: 'Z',
    multipleStatements: false,
  });
  const db = core.promise();
  await db.connect();
  return { db, core };
}

/**
 * A consistent snapshot without stopping the server. SQLite: `VACUUM INTO` (one read transaction, so
 * one point in time, WAL included). MySQL/MariaDB: every table read inside one `WITH CONSISTENT
 * SNAPSHOT` transaction, written as JSON lines. Then the uploads folder, whose files are written before
 * their rows and so are all there for the rows of the snapshot.
 */
export async function backup(target: BackupTarget, dir: string): Promise<BackupManifest> {
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).length) throw new BackupError(`${dir} is not empty: back up into a new folder`);
  const dialect = dialectOf(target.database);
  const counts: Record<string, number> = {};
  let migrations: string[];
  if (dialect === 'sqlite') {
    const source = new Database(sqliteFileOf(target.database));
    try {
      source.prepare('vacuum into ?').run(path.join(dir, DB_FILE));
    } finally {
      source.close();
    }
    const snapshot = new Database(path.join(dir, DB_FILE), { readonly: true });
    try {
      const tables = snapshot
        .prepare("select name from sqlite_master where type = 'table' order by name")
        .all() as Array<{ name: string }>;
      for (const { name } of tables.filter((t) => userTable(t.name))) {
        counts[name] = Number(
          (snapshot.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n,
        );
      }
      migrations = (
        snapshot.prepare('select name from quire_migrations order by id').all() as Array<{ name: string }>
      ).map((r) => r.name);
    } finally {
      snapshot.close();
    }
  } else {
    const { db: connection, core } = await mysqlConnection(target.database.url!);
    try {
      await connection.query('set session transaction isolation level repeatable read');
      await connection.query('start transaction with consistent snapshot, read only');
      const [tables] = await connection.query("show full tables where Table_type = 'BASE TABLE'");
      fs.mkdirSync(path.join(dir, TABLES_DIR));
      for (const row of tables as Array<Record<string, string>>) {
        const name = Object.values(row)[0]!;
        counts[name] = await dumpTable(core, name, path.join(dir, TABLES_DIR, `${name}.jsonl`));
      }
      const [names] = await connection.query('select name from quire_migrations order by id');
      migrations = (names as Array<{ name: string }>).map((r) => r.name);
      await connection.query('commit');
    } finally {
      await connection.end();
    }
  }
  for (const relative of walk(target.uploadsDir)) {
    const to = path.join(dir, UPLOADS_DIR, relative);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(target.uploadsDir, relative), to);
  }
  const files = [];
  for (const relative of walk(dir).sort()) {
    const full = path.join(dir, relative);
    files.push({
      path: relative.split(path.sep).join('/'),
      size: fs.statSync(full).size,
      sha256: await sha256(full),
    });
  }
  const manifest: BackupManifest = {
    format: 1,
    quireVersion: QUIRE_VERSION,
    createdAt: new Date().toISOString(),
    dialect,
    migrations,
    counts,
    files,
  };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Streams a table's rows in primary-key order as JSON lines; returns the row count. */
async function dumpTable(connection: mysql.Connection, table: string, file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  let rows = 0;
  const stream = connection.query(`select * from \`${table}\``).stream();
  for await (const row of stream as AsyncIterable<Record<string, unknown>>) {
    const line = `${JSON.stringify(row)}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    rows++;
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return rows;
}

export const BACKUP_LAYOUT = { DB_FILE, TABLES_DIR, UPLOADS_DIR };
