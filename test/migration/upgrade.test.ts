// Issue #23, safe upgrades: a database at the first released schema, with rows in it, is migrated to the
// current one by an ordinary start on both databases, keeping every row (and indexing old pages for
// search); the embedded database is copied first; a database from a newer Quire is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import {
  DatabaseTooNewError,
  Item,
  migratorOf,
  openDatabase,
  Page,
  PageHistory,
  PRE_UPGRADE_BACKUPS_KEPT,
  User,
  searchIndexCaughtUp,
  type DatabaseSettings,
} from '../../db/src';
import { verifyPassword } from '../../api/src/domain';
import { hashPassword } from '../../api/src/domain/accounts/password';
import { scratchMysqlUrl, testDatabases } from '../support/mysql';

const FIRST_RELEASE = 'Migration20261123111133_Initial';

/** Rows written with the first schema's columns (no ORM: today's entities have columns it lacked). */
async function seedFirstSchema(settings: DatabaseSettings): Promise<void> {
  const db = await openDatabase(settings, { migrate: false });
  try {
    await migratorOf(db.orm).up({ to: FIRST_RELEASE });
    const run = (sql: string, params: unknown[]) => db.orm.em.getConnection().execute(sql, params, 'run');
    const now = new Date('2026-11-20T08:00:00Z');
    await run(
      'insert into `user` (id, created_at, username, email, name, password_hash, group_id, is_sso) values (?, ?, ?, ?, ?, ?, ?, ?)',
      [7, now, 'lee', 'lee@example.com', '李 Lee', await hashPassword('upgrade-pw-1'), 2, false],
    );
    await run(
      'insert into item (id, created_at, name, description, owner_id, password, type, is_archived, allow_comment, allow_feedback, last_update_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [649078094, now, '产品手册 Handbook', 'desc', 7, 'Visit-1', 1, false, false, false, now],
    );
    await run(
      'insert into catalog (id, created_at, item_id, name, s_number, level) values (?, ?, ?, ?, ?, ?)',
      [491363965, now, 649078094, '入门指南', 1, 1],
    );
    await run(
      'insert into page (id, created_at, item_id, catalog_id, title, content, s_number, author_id, author_name, comments, ext_info, is_draft, updated_at, version) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        178274990,
        now,
        649078094,
        491363965,
        '项目简介 README',
        '# 升级前的内容 zebra-quartz',
        1,
        7,
        'lee',
        '',
        '',
        false,
        now,
        2,
      ],
    );
    await run(
      'insert into page_history (created_at, page_id, item_id, catalog_id, title, content, comments, author_id, author_name, version) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [now, 178274990, 649078094, 491363965, '项目简介 README', 'first version', '初版', 7, 'lee', 1],
    );
  } finally {
    await db.close();
  }
}

describe.each(testDatabases())('upgrading a database with data on $name', (target) => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('migrates the first released schema with rows to the current one, keeping every row', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-upgrade-'));
    dirs.push(dataDir);
    const settings = {
      url: target.url ? await scratchMysqlUrl(target.url, 'mig_upgrade') : undefined,
      dataDir,
    };
    await seedFirstSchema(settings);
    const backups = path.join(dataDir, 'backups');
    fs.mkdirSync(backups);
    for (let i = 0; i < PRE_UPGRADE_BACKUPS_KEPT; i++)
      fs.writeFileSync(path.join(backups, `pre-upgrade-2000-0${i}.db`), '');

    const db = await openDatabase(settings);
    try {
      const em = db.orm.em.fork();
      const item = await em.findOneOrFail(Item, 649078094, { populate: ['owner'] });
      expect([item.name, item.password, item.passwordVersion, item.owner.username]).toEqual([
        '产品手册 Handbook',
        'Visit-1',
        0,
        'lee',
      ]);
      const page = await em.findOneOrFail(Page, 178274990, { populate: ['catalog'] });
      expect([page.title, page.content, page.catalog?.name, page.version]).toEqual([
        '项目简介 README',
        '# 升级前的内容 zebra-quartz',
        '入门指南',
        2,
      ]);
      const history = await em.find(PageHistory, { page });
      expect(history.map((h) => [h.content, h.comments, h.version])).toEqual([['first version', '初版', 1]]);
      const user = await em.findOneOrFail(User, 7);
      expect(await verifyPassword(user.passwordHash, 'upgrade-pw-1')).toBe(true);
      // Old pages are searchable after the upgrade: FTS5 on SQLite, the gram index built by the migration on MySQL.
      if (target.name === 'sqlite') expect(await searchIndexCaughtUp(em)).toBe(true);
      const found =
        target.name === 'sqlite'
          ? await em
              .getConnection()
              .execute('select rowid from search.page_fts where page_fts match \'"zebra-quartz"\'')
          : await em
              .getConnection()
              .execute('select distinct page_id from page_search_gram where page_id = ?', [178274990]);
      expect(found).toHaveLength(1);
      const tables = await em
        .getConnection()
        .execute(
          target.name === 'sqlite'
            ? "select name from sqlite_master where name = 'login_failure'"
            : "show tables like 'login_failure'",
        );
      expect(tables).toHaveLength(0);

      if (target.name === 'sqlite') {
        expect(db.preUpgradeBackup).not.toBeNull();
        const kept = fs.readdirSync(backups).sort();
        expect(kept).toHaveLength(PRE_UPGRADE_BACKUPS_KEPT);
        expect(kept).toContain(path.basename(db.preUpgradeBackup!));
        expect(db.preUpgradeBackup).toMatch(new RegExp(`${FIRST_RELEASE}\\.db$`));
      } else {
        expect(db.preUpgradeBackup).toBeNull();
      }
    } finally {
      await db.close();
    }
    if (target.name === 'sqlite') {
      // The copy is the database as it was: first schema, its rows. Putting it back undoes the upgrade.
      const copy = await openDatabase(
        {
          url: `file:${fs
            .readdirSync(backups)
            .map((f) => path.join(backups, f))
            .find((f) => f.includes(FIRST_RELEASE))}`,
          dataDir,
        },
        { migrate: false },
      );
      try {
        const conn = copy.orm.em.getConnection();
        expect(await conn.execute('select name from quire_migrations')).toEqual([{ name: FIRST_RELEASE }]);
        expect(await conn.execute('select title from page')).toEqual([{ title: '项目简介 README' }]);
      } finally {
        await copy.close();
      }
    }

    const again = await openDatabase(settings);
    expect(again.preUpgradeBackup).toBeNull();
    await again.close();
  }, 240_000);

  it('refuses to start on a database migrated by a newer Quire, and leaves it as it is', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-newer-'));
    dirs.push(dataDir);
    const settings = {
      url: target.url ? await scratchMysqlUrl(target.url, 'mig_newer') : undefined,
      dataDir,
    };
    const db = await openDatabase(settings);
    await db.orm.em
      .getConnection()
      .execute(
        'insert into quire_migrations (name, executed_at) values (?, ?)',
        ['Migration29990101000000_Future', new Date()],
        'run',
      );
    await db.close();
    const refused = openDatabase(settings);
    await expect(refused).rejects.toThrow(DatabaseTooNewError);
    await expect(openDatabase(settings)).rejects.toThrow(
      /upgraded by a newer Quire \(its schema has Migration29990101000000_Future/,
    );
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
  }, 120_000);
});
