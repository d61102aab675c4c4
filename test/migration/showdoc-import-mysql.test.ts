// Issue #23: `npm run import:showdoc -- mysql://…` reads a ShowDoc that runs on MySQL/MariaDB. The test
// loads the fixture's tables, row for row, into a real MariaDB database (as ShowDoc's MySQL install would
// hold them), imports from that mysql:// source into a fresh Quire and checks what the SQLite-source test
// checks: the counts, every user's sign-in with the README's password, a page's text and a share link.
import path from 'node:path';
import Database from 'libsql';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Page } from '../../db/src';
import { localStorageAt } from '../../api/src/storage/storage-config';
import { importShowdoc } from '../../server/src/migrate/showdoc/importer';
import { importedTotal, type ImportReport } from '../../server/src/migrate/showdoc/report';
import { ImportInputError, type ShowdocSource } from '../../server/src/migrate/showdoc/source';
import { openShowdocMysql } from '../../server/src/migrate/showdoc/source-mysql';
import { api, expectOk, login } from '../compat/wire-helpers';
import { scratchMysqlUrl } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { copyFixture, FIXTURE_USERS, type FixtureCopy } from './showdoc-fixture';

const MYSQL = process.env.TEST_MYSQL_URL?.trim();
const withMysql = MYSQL ? describe : describe.skip;

/** Copies every table of a SQLite file into the (empty) MySQL database of `url`, with a table prefix. */
async function loadIntoMysql(sqliteFile: string, url: string, prefix: string): Promise<void> {
  const source = new Database(sqliteFile, { readonly: true });
  const u = new URL(url);
  const connection = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username) || 'root',
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    charset: 'utf8mb4',
  });
  try {
    const tables = source
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as Array<{ name: string }>;
    for (const { name } of tables) {
      // ShowDoc's SQLite guard table `<?php ` has no MySQL counterpart (a name cannot end with a space).
      if (name.trim() !== name) continue;
      const cols = source.prepare(`pragma table_info("${name}")`).all() as Array<{
        name: string;
        type: string;
      }>;
      const type = (t: string) =>
        /INT/i.test(t) ? 'bigint' : /REAL|FLOA|DOUB/i.test(t) ? 'double' : 'longtext';
      await connection.query(
        `create table \`${prefix}${name}\` (${cols.map((c) => `\`${c.name}\` ${type(c.type)} null`).join(', ')}) default charset utf8mb4`,
      );
      const rows = source.prepare(`select * from "${name}"`).all() as Array<Record<string, unknown>>;
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500).map((row) => cols.map((c) => row[c.name] ?? null));
        await connection.query(`insert into \`${prefix}${name}\` values ?`, [chunk]);
      }
    }
  } finally {
    source.close();
    await connection.end();
  }
}

withMysql('ShowDoc import from a mysql:// source', () => {
  let server: TestServer;
  let fixture: FixtureCopy;
  let sourceUrl: string;
  let source: ShowdocSource;
  let first: ImportReport;
  const em = () => server.db.orm.em.fork();
  const run = () =>
    importShowdoc(server.db.orm, source, {
      uploadsDir: fixture.uploadsDir,
      storage: { driver: localStorageAt(path.join(server.dataDir, 'uploads')), kind: 'local' },
    });

  beforeAll(async () => {
    fixture = copyFixture();
    sourceUrl = await scratchMysqlUrl(MYSQL!, 'showdoc_src');
    await loadIntoMysql(fixture.dbFile, sourceUrl, 'showdoc_');
    source = await openShowdocMysql(sourceUrl);
    server = await startTestServer({ name: 'sqlite' }, 'mig_mysql_src');
    first = await run();
  }, 600_000);

  afterAll(async () => {
    source?.close();
    await server?.close();
    fixture?.remove();
  }, 60_000);

  it('imports the same rows as from the SQLite file, keeping ids', () => {
    const imported = Object.fromEntries(Object.entries(first.counts).map(([kind, c]) => [kind, c.imported]));
    expect(imported).toMatchObject({
      users: 8,
      items: 18,
      catalogs: 480,
      pages: 4050,
      'page history': 15,
      'recycle bin': 3,
      'share links': 2,
      'item api keys': 1,
      members: 4,
      teams: 1,
      templates: 2,
      attachments: 4,
      subscriptions: 4047,
    });
    expect(first.notes.filter((n) => /failed/.test(n.reason))).toEqual([]);
    expect(first.remapped.filter((r) => r.kind !== 'user')).toEqual([]);
  });

  it('signs every fixture user in with their ShowDoc password', async () => {
    for (const user of FIXTURE_USERS) {
      expect(await login(server, user.username, user.password)).toMatch(/^[0-9a-f]+$/);
    }
  }, 120_000);

  it('keeps the page text and the share links', async () => {
    const page = await em().findOneOrFail(Page, 178274990);
    expect(page.content).toContain('`a < b && c > d`, "quoted" text and O\'Reilly');
    const shared = expectOk(
      await server.form(api('page/infoByKey'), { unique_key: 'c11b32d7cc3719b5757bf60a8a459fe8' }),
    );
    expect(shared.page_title).toBe('五分钟上手 Quick Start');
  });

  it('finds nothing to do on a second run', async () => {
    expect(importedTotal(await run())).toBe(0);
  });

  it('refuses a MySQL database that is not ShowDoc, and an unreachable one, with a clear error', async () => {
    const empty = await scratchMysqlUrl(MYSQL!, 'showdoc_none');
    await expect(openShowdocMysql(empty)).rejects.toThrow(/no "user" table: not a ShowDoc database/);
    const closed = new URL(empty);
    closed.port = '1';
    await expect(openShowdocMysql(closed.toString())).rejects.toBeInstanceOf(ImportInputError);
  });
});
