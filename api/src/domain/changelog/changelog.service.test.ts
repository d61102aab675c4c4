import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ItemChangeLog, MemberGroup, type User } from '../../../../db/src';
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
import { CHANGE_LOG_KEEP, CHANGE_LOG_TRIM_EVERY, operatorOf } from './changelog.service';

describe.each(testDatabases())('change log on $name', (target) => {
  let db: TestDb;
  let owner: User, editor: User, reader: User, scoped: User, newcomer: User;

  beforeAll(async () => {
    db = await openTestDb(target, 'changelog');
    const em = db.services().em;
    owner = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
    newcomer = await buildUser(em);
  });
  afterAll(async () => db?.close());

  async function as(user: User): Promise<{ s: Services; viewer: Viewer }> {
    const s = db.services();
    return { s, viewer: await viewerOf(s.em, user) };
  }

  async function setUp() {
    const em = db.services().em;
    const item = await buildItem(em, owner);
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    return item;
  }

  const list = async (user: User, itemId: number, offset = 0, limit = 100) => {
    const { s, viewer } = await as(user);
    return s.changeLog.list(viewer, itemId, { offset, limit });
  };

  it('records creating, changing and deleting pages, catalogs, members and item settings', async () => {
    const item = await setUp();
    const o = await as(owner);
    const catalog = await o.s.catalogs.save(o.viewer, { itemId: item.id, name: 'Guide' });
    const page = await o.s.pages.save(o.viewer, {
      itemId: item.id,
      catalogId: catalog.id,
      title: 'Intro',
      content: 'a',
    });
    const e = await as(editor);
    await e.s.pages.save(e.viewer, { id: page.id, itemId: item.id, content: 'b' });
    await e.s.catalogs.save(e.viewer, { itemId: item.id, id: catalog.id, name: 'Guides' });
    const o2 = await as(owner);
    await o2.s.members.add(o2.viewer, { itemId: item.id, usernames: newcomer.username, memberGroupId: 1 });
    await o2.s.items.update(o2.viewer, item.id, { description: 'new' });
    await o2.s.pages.delete(o2.viewer, page.id);
    await o2.s.catalogs.delete(o2.viewer, catalog.id);

    const log = await list(editor, item.id);
    expect(log.total).toBe(8);
    expect(
      log.entries.map((x) => [x.actionType, x.objectType, x.objectName, operatorOf(x).username]),
    ).toEqual([
      ['delete', 'catalog', 'Guides', owner.username],
      ['delete', 'page', 'Intro', owner.username],
      ['update', 'item', item.name, owner.username],
      ['binding', 'member', newcomer.username, owner.username],
      ['update', 'catalog', 'Guides', editor.username],
      ['update', 'page', 'Intro', editor.username],
      ['create', 'page', 'Intro', owner.username],
      ['create', 'catalog', 'Guide', owner.username],
    ]);
    const second = await list(editor, item.id, 2, 2);
    expect([second.total, second.entries.map((x) => x.objectType)]).toEqual([8, ['item', 'member']]);
    await expectCode(list(reader, item.id), 'ItemEditDenied');
  });

  it('shows the newest 300 entries of each item and trims the rest', async () => {
    const item = await setUp();
    const other = await setUp();
    const s = db.services();
    const actor = await viewerOf(s.em, owner);
    const entries = CHANGE_LOG_KEEP + 2 * CHANGE_LOG_TRIM_EVERY + 5;
    for (let i = 1; i <= entries; i++) {
      await s.changeLog.record(item, actor.user, {
        action: 'update',
        objectType: 'page',
        objectId: i,
        objectName: `p${i}`,
      });
    }
    await s.changeLog.record(other, actor.user, {
      action: 'update',
      objectType: 'item',
      objectId: other.id,
      objectName: 'x',
    });
    const em = db.services().em;
    // Trimmed on one entry in CHANGE_LOG_TRIM_EVERY: never that many past the bound.
    const stored = await em.count(ItemChangeLog, { item });
    expect(stored).toBeGreaterThanOrEqual(CHANGE_LOG_KEEP);
    expect(stored).toBeLessThan(CHANGE_LOG_KEEP + CHANGE_LOG_TRIM_EVERY);
    expect(stored).toBeLessThan(entries);
    const shown = await s.changeLog.list(actor, item.id, { offset: 0, limit: 1000 });
    expect(shown.total).toBe(CHANGE_LOG_KEEP);
    expect(shown.entries.map((e) => e.objectName)).toEqual(
      Array.from({ length: CHANGE_LOG_KEEP }, (_, i) => `p${entries - i}`),
    );
    expect(await em.count(ItemChangeLog, { item: other })).toBe(1);
  });

  it('hides entries about root pages and pages and catalogs outside a scoped editor’s catalogs', async () => {
    const item = await setUp();
    const em = db.services().em;
    const inside = await buildCatalog(em, item, { name: 'Inside' });
    const outside = await buildCatalog(em, item, { name: 'Outside' });
    buildMember(em, item, scoped, MemberGroup.Edit, [inside]);
    await em.flush();
    const insidePage = await buildPage(em, item, { catalog: inside, title: 'In' });
    const outsidePage = await buildPage(em, item, { catalog: outside, title: 'Out' });
    const rootPage = await buildPage(em, item, { title: 'Root' });
    const o = await as(owner);
    for (const page of [insidePage, outsidePage, rootPage]) {
      const next = await as(owner);
      await next.s.pages.save(next.viewer, { id: page.id, itemId: item.id, content: 'changed' });
    }
    await o.s.catalogs.save(o.viewer, { itemId: item.id, id: inside.id, name: 'Inside 2' });
    const o2 = await as(owner);
    await o2.s.catalogs.save(o2.viewer, { itemId: item.id, id: outside.id, name: 'Outside 2' });

    const seen = (await list(scoped, item.id)).entries.map((x) => x.objectName);
    // Root pages lie outside every catalog scope (issue #15).
    expect(seen).toEqual(['Inside 2', 'In']);
    expect((await list(owner, item.id)).entries.map((x) => x.objectName)).toEqual([
      'Outside 2',
      'Inside 2',
      'Root',
      'Out',
      'In',
    ]);
  });
});
