// Issue #23: importing into a Quire that already has users and items. A username clash stops the import
// before it writes (unless --merge-users); taken ids are replaced and reported, everything else is kept.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ImportMap, Item, Page, User } from '../../db/src';
import { localStorageAt } from '../../api/src/storage/storage-config';
import { importShowdoc } from '../../server/src/migrate/showdoc/importer';
import { openShowdocSqlite, type ShowdocSource } from '../../server/src/migrate/showdoc/source';
import { openTestDb, type TestDb } from '../support/db';
import { buildItem, buildUser } from '../support/factories';
import { copyFixture, type FixtureCopy } from './showdoc-fixture';

describe('ShowDoc import into a Quire with data', () => {
  let db: TestDb;
  let fixture: FixtureCopy;
  let source: ShowdocSource;
  let quireAlice: User;
  const em = () => db.database.orm.em.fork();
  const run = (mergeUsers: boolean) =>
    importShowdoc(db.database.orm, source, {
      uploadsDir: fixture.uploadsDir,
      storage: { driver: localStorageAt(path.join(fixture.dir, 'quire-uploads')), kind: 'local' },
      mergeUsers,
    });

  beforeAll(async () => {
    fixture = copyFixture();
    source = openShowdocSqlite(fixture.dbFile);
    db = await openTestDb({ name: 'sqlite' }, 'mig_existing');
    const setup = em();
    quireAlice = await buildUser(setup, { username: 'alice' });
    // Takes the id of ShowDoc's "Product Handbook" item.
    const squatter = await buildItem(setup, quireAlice, { name: 'Quire item' });
    await setup.nativeUpdate(Item, { id: squatter.id }, { id: 649078094 });
  }, 60_000);

  afterAll(async () => {
    source?.close();
    await db?.close();
    fixture?.remove();
  });

  it('refuses a username that exists in Quire without --merge-users, writing nothing', async () => {
    await expect(run(false)).rejects.toThrow(
      /usernames exist in Quire already: alice\. Run again with --merge-users/,
    );
    expect(await em().count(ImportMap, {})).toBe(0);
    expect(await em().count(User, {})).toBe(1);
  });

  it('merges the user with --merge-users and gives a taken item id a new one, reported', async () => {
    const report = await run(true);
    expect(report.notes).toContainEqual(
      expect.objectContaining({
        kind: 'user',
        id: 2,
        reason: expect.stringMatching(/^merged into the Quire user "alice"/),
      }),
    );
    const moved = report.remapped.find((r) => r.kind === 'item' && r.from === 649078094);
    expect(moved).toBeDefined();
    expect(moved!.to).not.toBe(649078094);
    const handbook = await em().findOneOrFail(Item, moved!.to, { populate: ['owner'] });
    expect([handbook.name, handbook.owner.id]).toEqual(['产品手册 Product Handbook', quireAlice.id]);
    // Its pages kept their ids and follow the item to its new id.
    const readme = await em().findOneOrFail(Page, 178274990, { populate: ['item'] });
    expect(readme.item.id).toBe(moved!.to);
    expect((await em().findOneOrFail(Item, 649078094)).name).toBe('Quire item');
    expect(await em().count(User, { username: 'alice' })).toBe(1);
  }, 240_000);
});
