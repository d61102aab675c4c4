import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, ItemChangeLog, MemberGroup, Page, RecycleEntry, type User } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildUser,
  viewerOf,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';
import type { Services } from '../services';
import type { Viewer } from '../viewer';

describe.each(testDatabases())('recycle bin on $name', (target) => {
  let db: TestDb;
  let owner: User, admin: User, editor: User;

  beforeAll(async () => {
    db = await openTestDb(target, 'recycle');
    const em = db.services().em;
    owner = await buildUser(em);
    admin = await buildUser(em);
    editor = await buildUser(em);
  });
  afterAll(async () => db?.close());

  async function as(user: User): Promise<{ s: Services; viewer: Viewer }> {
    const s = db.services();
    return { s, viewer: await viewerOf(s.em, user) };
  }

  async function setUp() {
    const em = db.services().em;
    const item = await buildItem(em, owner);
    buildMember(em, item, admin, MemberGroup.Admin);
    buildMember(em, item, editor, MemberGroup.Edit);
    await em.flush();
    return item;
  }

  const list = async (user: User, itemId: number) => {
    const { s, viewer } = await as(user);
    return s.recycle.list(viewer, itemId);
  };
  const recover = async (user: User, itemId: number, pageId: number) => {
    const { s, viewer } = await as(user);
    return s.recycle.recover(viewer, itemId, pageId);
  };
  const reload = (pageId: number) => db.services().em.findOneOrFail(Page, pageId);

  it('lists deleted pages with who deleted them and when, newest first, for managers', async () => {
    const item = await setUp();
    const other = await buildItem(db.services().em, owner);
    const em = db.services().em;
    const first = await buildPage(em, item, { title: 'First', author: editor });
    const second = await buildPage(em, item, { title: 'Second' });
    const elsewhere = await buildPage(em, other, { title: 'Elsewhere' });
    const e = await as(editor);
    await e.s.pages.delete(e.viewer, first.id, new Date('2030-01-01T00:00:00Z'));
    const o = await as(owner);
    await o.s.pages.delete(o.viewer, second.id, new Date('2030-01-02T00:00:00Z'));
    await o.s.pages.delete(o.viewer, elsewhere.id);

    const entries = await list(admin, item.id);
    expect(
      entries.map((x) => [x.page.id, x.title, x.deletedByName, x.deletedBy?.id, x.deletedAt.toISOString()]),
    ).toEqual([
      [second.id, 'Second', owner.username, owner.id, '2030-01-02T00:00:00.000Z'],
      [first.id, 'First', editor.username, editor.id, '2030-01-01T00:00:00.000Z'],
    ]);
    await expectCode(list(editor, item.id), 'ItemManageDenied');
  });

  it('puts a page back in its catalog, and logs it', async () => {
    const item = await setUp();
    const em = db.services().em;
    const guide = await buildCatalog(em, item, { name: 'Guide' });
    const page = await buildPage(em, item, { catalog: guide, title: 'Back' });
    const o = await as(owner);
    await o.s.pages.delete(o.viewer, page.id);
    await expectCode(recover(editor, item.id, page.id), 'ItemManageDenied');

    const { page: recovered, restoredCatalogs } = await recover(admin, item.id, page.id);
    expect([recovered.deletedAt, recovered.catalog?.id, restoredCatalogs]).toEqual([null, guide.id, []]);
    expect((await reload(page.id)).deletedAt).toBeNull();
    expect(await list(owner, item.id)).toEqual([]);
    const log = await db
      .services()
      .em.find(ItemChangeLog, { item, objectId: page.id }, { orderBy: { id: 'asc' } });
    expect(log.map((l) => [l.actionType, l.user?.id, l.remark])).toEqual([
      ['delete', owner.id, ''],
      ['create', admin.id, '从回收站恢复'],
    ]);
    await expectCode(recover(admin, item.id, page.id), 'RecycleEntryNotFound');
    await expectCode(recover(admin, item.id, 999_999), 'RecycleEntryNotFound');
  });

  it('brings back the catalogs a page was deleted with, so it shows where it was', async () => {
    const item = await setUp();
    const em = db.services().em;
    const top = await buildCatalog(em, item, { name: 'Top' });
    const sub = await buildCatalog(em, item, { name: 'Sub', parent: top });
    const sibling = await buildCatalog(em, item, { name: 'Sibling', parent: top });
    const inTop = await buildPage(em, item, { catalog: top, title: 'In top' });
    const inSub = await buildPage(em, item, { catalog: sub, title: 'In sub' });
    const inSibling = await buildPage(em, item, { catalog: sibling, title: 'In sibling' });
    const e = await as(editor);
    await e.s.catalogs.delete(e.viewer, top.id);

    const entries = await list(owner, item.id);
    expect(entries.map((x) => [x.page.id, x.deletedWithCatalogId, x.deletedByName]).sort()).toEqual(
      [
        [inTop.id, top.id, editor.username],
        [inSub.id, top.id, editor.username],
        [inSibling.id, top.id, editor.username],
      ].sort(),
    );

    const { restoredCatalogs } = await recover(owner, item.id, inSub.id);
    expect(restoredCatalogs.map((c) => c.id)).toEqual([sub.id, top.id]);
    const m = await as(owner);
    const menu = await m.s.catalogs.menu(m.viewer, item.id);
    expect(
      menu.catalogs.map((c) => [
        c.catalog.name,
        c.catalogs.map((cc) => [cc.catalog.name, cc.pages.map((p) => p.title)]),
      ]),
    ).toEqual([['Top', [['Sub', ['In sub']]]]]);
    // The others stay in the bin until recovered, and then find their catalogs.
    expect((await list(owner, item.id)).map((x) => x.page.id).sort()).toEqual(
      [inTop.id, inSibling.id].sort(),
    );
    expect((await recover(owner, item.id, inTop.id)).page.catalog?.id).toBe(top.id);
    const last = await recover(owner, item.id, inSibling.id);
    expect([last.page.catalog?.id, last.restoredCatalogs.map((c) => c.id)]).toEqual([
      sibling.id,
      [sibling.id],
    ]);
  });

  it('sends a page to the item root when its catalog went separately', async () => {
    const item = await setUp();
    const em = db.services().em;
    const gone = await buildCatalog(em, item, { name: 'Gone' });
    const page = await buildPage(em, item, { catalog: gone });
    const o = await as(owner);
    await o.s.pages.delete(o.viewer, page.id);
    const o2 = await as(owner);
    await o2.s.catalogs.delete(o2.viewer, gone.id);
    const { page: recovered, restoredCatalogs } = await recover(owner, item.id, page.id);
    expect([recovered.catalog, restoredCatalogs]).toEqual([null, []]);
    expect((await db.services().em.findOneOrFail(Catalog, gone.id)).deletedAt).not.toBeNull();

    // A catalog deleted with its page, whose own parent was deleted afterwards: the root too.
    const parent = await buildCatalog(em, item, { name: 'Parent' });
    const child = await buildCatalog(em, item, { name: 'Child', parent });
    const deep = await buildPage(em, item, { catalog: child });
    const o3 = await as(owner);
    await o3.s.catalogs.delete(o3.viewer, child.id);
    const o4 = await as(owner);
    await o4.s.catalogs.delete(o4.viewer, parent.id);
    expect((await recover(owner, item.id, deep.id)).page.catalog).toBeNull();
  });

  it('refuses bad input and other items', async () => {
    const item = await setUp();
    const other = await buildItem(db.services().em, owner);
    const page = await buildPage(db.services().em, other);
    const o = await as(owner);
    await o.s.pages.delete(o.viewer, page.id);
    await expectCode(recover(owner, item.id, page.id), 'RecycleEntryNotFound');
    await expectCode(recover(owner, 0, page.id), 'BadInput');
    await expectCode(recover(owner, item.id, 0), 'BadInput');
    expect(await db.services().em.count(RecycleEntry, { page: page.id })).toBe(1);
  });
});
