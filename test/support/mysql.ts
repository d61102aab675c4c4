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
import mysql from 'mysql2/promise';

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

  const connection = await mysql.createConnection({
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username) || 'root',
    password: decodeURIComponent(url.password),
  });
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }

  url.pathname = `/${name}`;
  return url.toString();
}
