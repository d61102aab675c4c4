// Issue #23: backup -> wipe -> restore gives back every row (pages, history, users...) and every
// attachment byte, on the embedded database and on MySQL/MariaDB; a restore refuses a non-empty target
// and a damaged backup, changing nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Attachment,
  AttachmentPage,
  openDatabase,
  PageHistory,
  searchIndexCaughtUp,
  type Database,
} from '../../db/src';
import { verifyPassword } from '../../api/src/domain';
import { localStorageAt } from '../../api/src/storage/storage-config';
import { backup, type BackupTarget } from '../../server/src/migrate/backup';
import { restore } from '../../server/src/migrate/restore';
import { buildCatalog, buildItem, buildPage, buildUser } from '../support/factories';
import { scratchMysqlUrl, testDatabases } from '../support/mysql';

async function tableRows(db: Database, table: string): Promise<string[]> {
  const em = db.orm.em.fork();
  const rows = await em.getConnection().execute<Array<Record<string, unknown>>>(`select * from \`${table}\``);
  return rows.map((row: Record<string, unknown>) => JSON.stringify(row)).sort();
}

describe.each(testDatabases())('backup and restore on $name', (target) => {
  const scratch: string[] = [];
  const folder = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `quire-${name}-`));
    scratch.push(dir);
    return dir;
  };
  const targetIn = async (dataDir: string, suffix: string): Promise<BackupTarget> => ({
    database: { url: target.url ? await scratchMysqlUrl(target.url, suffix) : undefined, dataDir },
    uploadsDir: path.join(dataDir, 'uploads'),
  });
  let original: BackupTarget;
  let source: Database;
  let backupDir: string;
  const bytes = Buffer.from('%PDF-1.4 restored byte for byte \u00ff\u0000', 'latin1');

  beforeAll(async () => {
    original = await targetIn(folder('bk-src'), 'mig_bk_src');
    source = await openDatabase(original.database);
    const em = source.orm.em.fork();
    const alice = await buildUser(em, {
      username: 'alice',
      password: 'Alice#Handbook2026',
      email: 'alice@example.com',
    });
    const item = await buildItem(em, alice, { name: '产品手册 Handbook', password: 'Visit-1' });
    const catalog = await buildCatalog(em, item, { name: '入门 Start' });
    const page = await buildPage(em, item, { title: '项目简介 README', content: '# Hi & <b>', catalog });
    em.persist(em.create(PageHistory, { page, item, title: 'v1', content: 'old text', version: 1 }));
    const storage = localStorageAt(original.uploadsDir);
    await storage.put('2026-11/0123456789abcdef0123456789abcdef', Readable.from([bytes]));
    const file = em.create(Attachment, {
      sign: '676640d9d7974305ce2ac9fedc8a7b47',
      displayName: 'checklist.pdf',
      fileType: 'application/pdf',
      fileSize: bytes.length,
      uploader: alice,
      item,
      storageKey: 'local:2026-11/0123456789abcdef0123456789abcdef',
    });
    em.persist(file);
    em.persist(em.create(AttachmentPage, { attachment: file, item, page }));
    await em.flush();
    backupDir = path.join(folder('bk-out'), 'snapshot');
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips every row and every uploaded byte into an empty data folder and database', async () => {
    const manifest = await backup(original, backupDir);
    expect(manifest.dialect).toBe(target.name);
    expect(manifest.counts).toMatchObject({ user: 1, item: 1, page: 1, page_history: 1, attachment: 1 });
    expect(manifest.files.map((f) => f.path)).toContain('uploads/2026-11/0123456789abcdef0123456789abcdef');

    const fresh = await targetIn(folder('bk-dst'), 'mig_bk_dst');
    await restore(fresh, backupDir);
    const restored = await openDatabase(fresh.database);
    try {
      expect(restored.preUpgradeBackup).toBeNull();
      for (const table of Object.keys(manifest.counts)) {
        expect({ table, rows: await tableRows(restored, table) }).toEqual({
          table,
          rows: await tableRows(source, table),
        });
      }
      const em = restored.orm.em.fork();
      const [alice] = await em
        .getConnection()
        .execute<Array<{ password_hash: string }>>(
          "select password_hash from `user` where username = 'alice'",
        );
      expect(await verifyPassword(alice!.password_hash, 'Alice#Handbook2026')).toBe(true);
      expect(
        fs.readFileSync(path.join(fresh.uploadsDir, '2026-11', '0123456789abcdef0123456789abcdef')),
      ).toEqual(bytes);
      if (target.name === 'sqlite') {
        // The full-text index is rebuilt from the restored pages: the page is found by a word of its content.
        expect(await searchIndexCaughtUp(em)).toBe(true);
        const hits = await em
          .getConnection()
          .execute('select rowid from search.page_fts where page_fts match \'"README"\'');
        expect(hits).toHaveLength(1);
      }
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('refuses a target that holds data, and a damaged backup, writing nothing', async () => {
    await expect(restore(original, backupDir)).rejects.toThrow(/not empty|already holds a database/);
    const damaged = path.join(folder('bk-bad'), 'copy');
    fs.cpSync(backupDir, damaged, { recursive: true });
    fs.appendFileSync(path.join(damaged, 'uploads', '2026-11', '0123456789abcdef0123456789abcdef'), 'x');
    const empty = await targetIn(folder('bk-none'), 'mig_bk_none');
    await expect(restore(empty, damaged)).rejects.toThrow(/missing or has another size|damaged/);
    expect(fs.existsSync(empty.uploadsDir)).toBe(false);
    await expect(backup(original, backupDir)).rejects.toThrow(/not empty/);
  }, 120_000);
});
