import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import Database from 'libsql';
import {
  dialectOf,
  migrationsFolder,
  migratorOf,
  openDatabase,
  removeSearchIndex,
  sqliteFileOf,
} from '../../../db/src';
import {
  BACKUP_LAYOUT,
  BackupError,
  mysqlConnection,
  type BackupManifest,
  type BackupTarget,
} from './backup';

/** Reads and checks a backup folder: its manifest, and every file's size and checksum. */
export async function readBackup(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, 'manifest.json');
  if (!fs.existsSync(file)) throw new BackupError(`${dir} has no manifest.json: not a Quire backup`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1)
    throw new BackupError(`backup format ${String(manifest.format)} is not known to this Quire`);
  for (const entry of manifest.files) {
    const full = path.join(dir, ...entry.path.split('/'));
    if (!fs.existsSync(full) || fs.statSync(full).size !== entry.size) {
      throw new BackupError(`backup file ${entry.path} is missing or has another size`);
    }
    const hash = crypto.createHash('sha256');
    await pipeline(fs.createReadStream(full), hash);
    if (hash.digest('hex') !== entry.sha256)
      throw new BackupError(`backup file ${entry.path} is damaged (checksum)`);
  }
  const known = new Set(
    fs.readdirSync(migrationsFolder(manifest.dialect)).map((name) => name.replace(/\.(d\.)?[jt]s$/, '')),
  );
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new BackupError(
      `the backup was made by a newer Quire (schema ${unknown.at(-1)}): restore it with Quire ${manifest.quireVersion} or later`,
    );
  }
  return manifest;
}

/**
 * Restores a backup into an empty database and an empty uploads folder (refused otherwise: a restore
 * never mixes two sites). The database kind must be the backup's: SQLite file to SQLite, MySQL dump to
 * MySQL/MariaDB.
 */
export async function restore(target: BackupTarget, dir: string): Promise<BackupManifest> {
  const manifest = await readBackup(dir);
  const dialect = dialectOf(target.database);
  if (dialect !== manifest.dialect) {
    throw new BackupError(
      `this backup is of a ${manifest.dialect} database; DATABASE_URL points at ${dialect}`,
    );
  }
  if (fs.existsSync(target.uploadsDir) && fs.readdirSync(target.uploadsDir).length) {
    throw new BackupError(`${target.uploadsDir} is not empty: restore into an empty data folder`);
  }
  if (dialect === 'sqlite') {
    const file = sqliteFileOf(target.database);
    if (fs.existsSync(file) && fs.statSync(file).size > 0 && hasTables(file)) {
      throw new BackupError(`${file} already holds a database: restore into an empty data folder`);
    }
    for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    // The search index of whatever was here before is rebuilt from the restored pages.
    removeSearchIndex(file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(path.join(dir, BACKUP_LAYOUT.DB_FILE), file);
  } else {
    await restoreMysql(target, dir, manifest);
  }
  const uploads = path.join(dir, BACKUP_LAYOUT.UPLOADS_DIR);
  for (const entry of manifest.files.filter((f) => f.path.startsWith(`${BACKUP_LAYOUT.UPLOADS_DIR}/`))) {
    const relative = entry.path.slice(BACKUP_LAYOUT.UPLOADS_DIR.length + 1);
    const to = path.join(target.uploadsDir, ...relative.split('/'));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(uploads, ...relative.split('/')), to);
  }
  return manifest;
}

function hasTables(file: string): boolean {
  const db = new Database(file, { readonly: true });
  try {
    return (
      Number(
        (db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n,
      ) > 0
    );
  } finally {
    db.close();
  }
}

const ROWS_PER_INSERT = 200;

/** Schema from the migrations the backup had (no more), then the rows, foreign keys checked at the end. */
async function restoreMysql(target: BackupTarget, dir: string, manifest: BackupManifest): Promise<void> {
  const { db: probe } = await mysqlConnection(target.database.url!);
  try {
    const [tables] = await probe.query("show full tables where Table_type = 'BASE TABLE'");
    if ((tables as unknown[]).length)
      throw new BackupError('the database is not empty: restore into an empty database');
  } finally {
    await probe.end();
  }
  const db = await openDatabase(target.database, { migrate: false });
  try {
    const last = manifest.migrations.at(-1);
    if (last) await migratorOf(db.orm).up({ to: last });
  } finally {
    await db.close();
  }
  const { db: connection } = await mysqlConnection(target.database.url!);
  try {
    await connection.query('set foreign_key_checks = 0');
    await connection.query('start transaction');
    for (const table of Object.keys(manifest.counts)) {
      // The migrations wrote their own bookkeeping rows and backfills: the backup's rows replace them.
      await connection.query(`delete from \`${table}\``);
      const file = path.join(dir, BACKUP_LAYOUT.TABLES_DIR, `${table}.jsonl`);
      let batch: Array<Record<string, unknown>> = [];
      const flush = async () => {
        if (!batch.length) return;
        const columns = Object.keys(batch[0]!);
        const sql = `insert into \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) values ?`;
        await connection.query(sql, [batch.map((row) => columns.map((c) => row[c]))]);
        batch = [];
      };
      for await (const line of readline.createInterface({
        input: fs.createReadStream(file),
        crlfDelay: Infinity,
      })) {
        if (!line) continue;
        batch.push(JSON.parse(line) as Record<string, unknown>);
        if (batch.length >= ROWS_PER_INSERT) await flush();
      }
      await flush();
    }
    await connection.query('commit');
  } catch (err) {
    await connection.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await connection.query('set foreign_key_checks = 1').catch(() => undefined);
    await connection.end();
  }
}
