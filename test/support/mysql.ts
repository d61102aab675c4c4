// Which real databases the integration tests run against (ARCHITECTURE.md, "Tests"): the embedded SQLite
// always, and MySQL/MariaDB as well when TEST_MYSQL_URL is set (CI sets it, e.g.
// mysql://root@127.0.0.1:3306/quire_ci).
//
//   describe.each(testDatabases())('items on $name', ({ name, url }) => {
//     beforeAll(async () => {
//       const dbUrl = url ? await scratchMysqlUrl(url, 'items') : undefined; // undefined: SQLite
//       ...
//     });
//   });
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql, { type RowDataPacket } from 'mysql2/promise';
import { migrationsFolder, openDatabase } from '../../db/src';

export interface TestDatabase {
  name: 'sqlite' | 'mysql';
  /** The server's URL for `mysql`; pass it through `scratchMysqlUrl` before use. Absent for `sqlite`. */
  url?: string;
}

export function testDatabases(): TestDatabase[] {
  const databases: TestDatabase[] = [{ name: 'sqlite' }];
  const url = process.env.TEST_MYSQL_URL?.trim();
  if (url) databases.push({ name: 'mysql', url });
  return databases;
}

const MAX_IDENTIFIER_LENGTH = 64;

/**
 * Drops and recreates the database `<database of base>_<suffix>` (utf8mb4) on the server of `base`, and
 * returns `base` pointing at it. Give every test file its own suffix: Jest runs files in parallel workers,
 * and two files sharing a database would wipe each other's tables.
 */
export async function scratchMysqlUrl(base: string, suffix: string): Promise<string> {
  const url = new URL(base);
  if (!/^(mysql|mariadb):$/i.test(url.protocol)) {
    throw new Error(`scratchMysqlUrl expects a mysql:// or mariadb:// URL, got "${url.protocol}//…"`);
  }
  const baseName = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'quire_test';
  const name = `${baseName}_${suffix}`.replace(/[^A-Za-z0-9_]/g, '_');
  if (name.length > MAX_IDENTIFIER_LENGTH) {
    throw new Error(`database name "${name}" is longer than ${MAX_IDENTIFIER_LENGTH} characters`);
  }

  const connection = await connect(url);
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }

  url.pathname = `/${name}`;
  return url.toString();
}

function connect(url: URL) {
  return mysql.createConnection({
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username) || 'root',
    password: decodeURIComponent(url.password),
    multipleStatements: true,
  });
}

/** A short hash of the MySQL migrations' sources: a template built by other migrations is never reused. */
function migrationsHash(): string {
  const folder = migrationsFolder('mysql');
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(folder).sort()) {
    if (!/\.(js|ts)$/.test(name) || name.endsWith('.d.ts')) continue;
    hash.update(name).update(fs.readFileSync(path.join(folder, name)));
  }
  return hash.digest('hex').slice(0, 10);
}

/**
 * The database `<base>_tpl_<migrations hash>`, migrated once for every test file and every Jest worker (the
 * first caller builds it under a MariaDB named lock; the others wait and reuse it).
 */
async function migratedTemplate(base: string, connection: mysql.Connection): Promise<string> {
  const url = new URL(base);
  const baseName = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'quire_test';
  const name = `${baseName}_tpl_${migrationsHash()}`.replace(/[^A-Za-z0-9_]/g, '_');
  const [[{ locked }]] = await connection.query<RowDataPacket[]>('SELECT GET_LOCK(?, 600) AS locked', [name]);
  if (locked !== 1) throw new Error(`could not lock the template database ${name}`);
  try {
    // A finished template holds this marker table; a half-built one (a run stopped mid-way) is rebuilt.
    const [ready] = await connection.query<RowDataPacket[]>(
      'SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
      [name, 'quire_template_ready'],
    );
    if (ready.length === 0) {
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      url.pathname = `/${name}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-tpl-'));
      const database = await openDatabase({ url: url.toString(), dataDir });
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await connection.query(`CREATE TABLE \`${name}\`.quire_template_ready (id int primary key)`);
    }
  } finally {
    await connection.query('SELECT RELEASE_LOCK(?)', [name]);
  }
  return name;
}

/**
 * Like `scratchMysqlUrl`, but the database is already migrated: its tables are copied from a template
 * migrated once per run (CREATE TABLE statements as the template shows them, with their rows), which
 * takes a fraction of running every migration's DDL again in each of the ~100 test files. Opening it with
 * `openDatabase` finds every migration applied. Tests of migrations themselves use `scratchMysqlUrl`.
 */
export async function migratedScratchMysqlUrl(base: string, suffix: string): Promise<string> {
  const target = await scratchMysqlUrl(base, suffix);
  const name = decodeURIComponent(new URL(target).pathname.slice(1));
  const connection = await connect(new URL(base));
  try {
    const template = await migratedTemplate(base, connection);
    const [tables] = await connection.query<RowDataPacket[]>(
      `SELECT TABLE_NAME AS t FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'quire_template_ready'`,
      [template],
    );
    // In the new database, so the statements' unqualified foreign-key references point at its own tables.
    const statements: string[] = [`USE \`${name}\``, 'SET FOREIGN_KEY_CHECKS = 0'];
    for (const { t } of tables) {
      const [[row]] = await connection.query<RowDataPacket[]>(`SHOW CREATE TABLE \`${template}\`.\`${t}\``);
      statements.push(row['Create Table']);
      statements.push(`INSERT INTO \`${t}\` SELECT * FROM \`${template}\`.\`${t}\``);
    }
    statements.push('SET FOREIGN_KEY_CHECKS = 1');
    await connection.query(statements.join(';\n'));
  } finally {
    await connection.end();
  }
  return target;
}
