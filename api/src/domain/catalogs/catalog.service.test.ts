import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import {
  Catalog,
  Item,
  ItemChangeLog,
  ItemMember,
  MemberGroup,
  Page,
  RecycleEntry,
  type User,
} from '../../../../db/src';
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
import { CATALOGS_PER_ITEM, type CatalogNode, type MenuCatalog } from './catalog.service';

const names = (nodes: CatalogNode[]): unknown =>
  nodes.map((n) => (n.children.length ? [n.catalog.name, names(n.children)] : n.catalog.name));
const menuNames = (nodes: MenuCatalog[]): unknown =>
  nodes.map((n) => [n.catalog.name, n.pages.map((p) => p.title), menuNames(n.catalogs)]);

describe.each(testDatabases())('catalogs on $name', (target) => {
  let db: TestDb;
  let owner: User, editor: User, reader: User, scoped: User, scopedEditor: User, stranger: User;

  beforeAll(async () => {
    db = await openTestDb(target, 'catalogs');
    const em = db.services().em;
    owner = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
    scopedEditor = await buildUser(em);
    stranger = await buildUser(em);
  });
  afterAll(async () => db?.close());

  /** Fresh services, as one request, and the viewer for `user` in them. */
  async function as(user: User | null): Promise<{ s: Services; viewer: Viewer }> {
    const s = db.services();
    return { s, viewer: await viewerOf(s.em, user) };
  }

  async function itemWithMembers(overrides: { isArchived?: boolean } = {}) {
    const em = db.services().em;
    const item = await buildItem(em, owner, overrides);
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    return item;
  }

  async function scope(item: Item, user: User, group: number, catalogs: Catalog[]) {
    const em = db.services().em;
    const member = em.create(ItemMember, { item: item.id, user: user.id, memberGroupId: group });
    for (const c of catalogs) member.catalogs.add(em.getReference(Catalog, c.id));
    await em.flush();
  }

  const save = async (user: User, input: Parameters<Services['catalogs']['save']>[1]) => {
    const { s, viewer } = await as(user);
    return s.catalogs.save(viewer, input);
  };

  it('nests catalogs three levels deep and refuses a fourth', async () => {
    const item = await itemWithMembers();
    const a = await save(owner, { itemId: item.id, name: ' A ' });
    const b = await save(editor, { itemId: item.id, name: 'B', parentId: a.id });
    const c = await save(owner, { itemId: item.id, name: 'C', parentId: b.id, sNumber: 5 });
    expect([a.level, b.level, c.level]).toEqual([1, 2, 3]);
    expect(a.name).toBe('A');
    expect(c.sNumber).toBe(5);
    expect(a.sNumber).toBe(99);
    await expectCode(save(owner, { itemId: item.id, name: 'D', parentId: c.id }), 'CatalogTooDeep');
    expect(await db.services().em.count(Catalog, { item })).toBe(3);
    const log = await db.services().em.find(ItemChangeLog, { item, objectType: 'catalog' });
    expect(log.map((l) => [l.actionType, l.objectName])).toEqual([
      ['create', 'A'],
      ['create', 'B'],
      ['create', 'C'],
    ]);
  });

  it('refuses a move that would put a subtree below the third level, and moves that loop', async () => {
    const item = await itemWithMembers();
    const a = await save(owner, { itemId: item.id, name: 'A' });
    const a1 = await save(owner, { itemId: item.id, name: 'A1', parentId: a.id });
    const b = await save(owner, { itemId: item.id, name: 'B' });
    const b1 = await save(owner, { itemId: item.id, name: 'B1', parentId: b.id });
    await expectCode(
      save(owner, { itemId: item.id, id: b.id, name: 'B', parentId: a1.id }),
      'CatalogTooDeep',
    );
    await expectCode(
      save(owner, { itemId: item.id, id: a.id, name: 'A', parentId: a1.id }),
      'CatalogParentInvalid',
    );
    const self = await expectCode(
      save(owner, { itemId: item.id, id: a.id, name: 'A', parentId: a.id }),
      'CatalogParentInvalid',
    );
    expect(self.localized('zh')).toBe('上级目录不能选择自身');

    // A legal move re-levels the whole subtree.
    const moved = await save(owner, { itemId: item.id, id: b.id, name: 'B', parentId: a.id });
    expect(moved.level).toBe(2);
    const fresh = db.services().em;
    expect((await fresh.findOneOrFail(Catalog, b1.id)).level).toBe(3);
    // An omitted parent keeps the catalog where it is; null moves it to the top.
    const renamed = await save(owner, { itemId: item.id, id: b.id, name: 'B renamed' });
    expect(renamed.parent?.id).toBe(a.id);
    const top = await save(owner, { itemId: item.id, id: b.id, name: 'B', parentId: null });
    expect(top.parent).toBeNull();
    expect((await db.services().em.findOneOrFail(Catalog, b1.id)).level).toBe(2);
  });

  it('keeps parents and catalogs inside their own item', async () => {
    const item = await itemWithMembers();
    const other = await buildItem(db.services().em, owner);
    const foreign = await buildCatalog(db.services().em, other, { name: 'Foreign' });
    await expectCode(
      save(owner, { itemId: item.id, name: 'X', parentId: foreign.id }),
      'CatalogParentInvalid',
    );
    await expectCode(save(owner, { itemId: item.id, id: foreign.id, name: 'Stolen' }), 'CatalogNotFound');
    await expectCode(save(owner, { itemId: item.id, name: '   ' }), 'CatalogNameRequired');
    await expectCode(save(reader, { itemId: item.id, name: 'X' }), 'ItemEditDenied');
    await expectCode(save(stranger, { itemId: item.id, name: 'X' }), 'ItemEditDenied');
    const { s } = await as(null);
    await expectCode(
      s.catalogs.save(await viewerOf(s.em, null), { itemId: item.id, name: 'X' }),
      'LoginRequired',
    );
    expect((await db.services().em.findOneOrFail(Catalog, foreign.id)).name).toBe('Foreign');
  });

  it('refuses catalog writes on an archived item', async () => {
    const item = await itemWithMembers({ isArchived: true });
    const catalog = await buildCatalog(db.services().em, item);
    await expectCode(save(owner, { itemId: item.id, name: 'X' }), 'ItemArchived');
    await expectCode(save(editor, { itemId: item.id, id: catalog.id, name: 'X' }), 'ItemArchived');
    const { s, viewer } = await as(owner);
    await expectCode(s.catalogs.delete(viewer, catalog.id), 'ItemArchived');
  });

  it(`stops at ${CATALOGS_PER_ITEM} catalogs per item`, async () => {
    const item = await itemWithMembers();
    const em = db.services().em;
    await em.insertMany(
      Catalog,
      Array.from({ length: CATALOGS_PER_ITEM }, (_, i) => ({
        item: item.id,
        name: `C${i}`,
        level: 1,
        sNumber: 99,
        createdAt: new Date(),
      })),
    );
    await expectCode(save(owner, { itemId: item.id, name: 'One too many' }), 'CatalogLimit');
  });

  it('deletes a catalog with its sub-catalogs and sends their pages to the recycle bin', async () => {
    const item = await itemWithMembers();
    const em = db.services().em;
    const a = await buildCatalog(em, item, { name: 'A' });
    const a1 = await buildCatalog(em, item, { name: 'A1', parent: a });
    const b = await buildCatalog(em, item, { name: 'B' });
    const inA = await buildPage(em, item, { catalog: a, title: 'in A' });
    const inA1 = await buildPage(em, item, { catalog: a1, title: 'in A1' });
    const inB = await buildPage(em, item, { catalog: b, title: 'in B' });
    const { s, viewer } = await as(editor);
    await s.catalogs.delete(viewer, a.id);

    const check = db.services().em;
    const catalogs = await check.find(Catalog, { item }, { orderBy: { id: 'asc' } });
    expect(catalogs.map((c) => [c.name, c.deletedAt !== null])).toEqual([
      ['A', true],
      ['A1', true],
      ['B', false],
    ]);
    const pages = await check.find(Page, { item }, { orderBy: { id: 'asc' } });
    expect(pages.map((p) => [p.title, p.deletedAt !== null])).toEqual([
      ['in A', true],
      ['in A1', true],
      ['in B', false],
    ]);
    const entries = await check.find(RecycleEntry, { item }, { orderBy: { id: 'asc' } });
    expect(entries.map((e) => [e.page.id, e.title, e.deletedWithCatalogId, e.deletedByName])).toEqual([
      [inA.id, 'in A', a.id, editor.username],
      [inA1.id, 'in A1', a.id, editor.username],
    ]);
    expect(inB.deletedAt).toBeNull();
    await expectCode(s.catalogs.delete(viewer, a.id), 'CatalogNotFound');
    const menu = await (await as(owner)).s.catalogs.menu(await viewerOf(db.services().em, owner), item.id);
    expect(menuNames(menu.catalogs)).toEqual([['B', ['in B'], []]]);
  });

  it('lists the tree in order with full path names, and a scoped member only their catalogs', async () => {
    const item = await itemWithMembers();
    const em = db.services().em;
    const b = await buildCatalog(em, item, { name: 'B', sNumber: 1 });
    const a = await buildCatalog(em, item, { name: 'A', sNumber: 1 });
    const a2 = await buildCatalog(em, item, { name: 'A2', parent: a, sNumber: 2 });
    await buildCatalog(em, item, { name: 'A1', parent: a, sNumber: 1 });
    await buildCatalog(em, item, { name: 'A2x', parent: a2 });
    await buildCatalog(em, item, { name: 'Z' });
    await scope(item, scoped, MemberGroup.ReadOnly, [a]);

    const { s, viewer } = await as(owner);
    // Same s_number: the older catalog (B) first.
    expect(names(await s.catalogs.tree(viewer, item.id))).toEqual(['B', ['A', ['A1', ['A2', ['A2x']]]], 'Z']);
    const flat = await s.catalogs.flatList(viewer, item.id);
    expect(flat.map((n) => [n.path.join('/'), n.level])).toEqual([
      ['B', 1],
      ['A', 1],
      ['A/A1', 2],
      ['A/A2', 2],
      ['A/A2/A2x', 3],
      ['Z', 1],
    ]);
    const asScoped = await as(scoped);
    expect(names(await asScoped.s.catalogs.tree(asScoped.viewer, item.id))).toEqual([
      ['A', ['A1', ['A2', ['A2x']]]],
    ]);
    expect(names(await asScoped.s.catalogs.children(asScoped.viewer, a.id))).toEqual(['A1', ['A2', ['A2x']]]);
    expect(await asScoped.s.catalogs.children(asScoped.viewer, b.id)).toEqual([]);
    const asStranger = await as(stranger);
    const locked = await buildItem(em, owner, { password: 'pw' });
    await expectCode(asStranger.s.catalogs.tree(asStranger.viewer, locked.id), 'ItemVisitDenied');
  });

  // The three are lean reads: on SQLite they run on its read connection, which the ORM's knex does not see.
  it('builds the menu in three queries, whatever the size of the item, and reads it again in one', async () => {
    const item = await itemWithMembers();
    const em = db.services().em;
    for (let i = 0; i < 6; i++) {
      const top = await buildCatalog(em, item);
      const sub = await buildCatalog(em, item, { parent: top });
      await buildPage(em, item, { catalog: top });
      await buildPage(em, item, { catalog: sub });
      await buildPage(em, item);
    }
    const { s, viewer } = await as(owner);
    await s.policy.requireVisit(viewer, item.id); // rights are computed once per request
    const knex = (s.em.getConnection() as AbstractSqlConnection).getKnex();
    const sqls: string[] = [];
    const listen = (query: { sql: string }) => void sqls.push(query.sql);
    knex.on('query', listen);
    const first: string[] = [];
    try {
      const menu = await s.catalogs.menu(viewer, item.id);
      expect(menu.catalogs).toHaveLength(6);
      expect(menu.pages).toHaveLength(6);
      first.push(...sqls.splice(0));
      expect((await s.catalogs.menu(viewer, item.id)).pages).toHaveLength(6);
    } finally {
      knex.off('query', listen);
    }
    if (target.name === 'sqlite') {
      expect([first, sqls]).toEqual([[], []]);
      return;
    }
    // The menu version, the catalogs, the pages (the item and the rights were already loaded)...
    expect(first).toHaveLength(3);
    expect(first[0]).toMatch(/item_menu_version/);
    expect(first.some((q) => /`content`|"content"/.test(q))).toBe(false);
    // ... and a second time only the version: the menu comes from the cache.
    expect(sqls).toHaveLength(1);
    expect(sqls[0]).toMatch(/item_menu_version/);
  });

  it('shows the menu: root pages, nested catalogs in order, empty ones, own drafts only, the scope without root pages', async () => {
    const item = await itemWithMembers();
    const em = db.services().em;
    const a = await buildCatalog(em, item, { name: 'A', sNumber: 2 });
    const b = await buildCatalog(em, item, { name: 'B', sNumber: 1 });
    const a1 = await buildCatalog(em, item, { name: 'A1', parent: a });
    const a1x = await buildCatalog(em, item, { name: 'A1x', parent: a1 });
    await buildCatalog(em, item, { name: 'Empty' });
    await buildPage(em, item, { title: 'root 2', sNumber: 2 });
    await buildPage(em, item, { title: 'root 1', sNumber: 1 });
    await buildPage(em, item, { title: 'draft of editor', isDraft: true, author: editor });
    await buildPage(em, item, { title: 'gone', deletedAt: new Date() });
    await buildPage(em, item, { catalog: a, title: 'in A' });
    await buildPage(em, item, { catalog: b, title: 'in B' });
    const deep = await buildPage(em, item, { catalog: a1x, title: 'deep' });
    await scope(item, scoped, MemberGroup.ReadOnly, [a]);

    const { s, viewer } = await as(owner);
    const menu = await s.catalogs.menu(viewer, item.id, deep.id);
    expect(menu.pages.map((p) => p.title)).toEqual(['root 1', 'root 2']);
    expect(menuNames(menu.catalogs)).toEqual([
      ['B', ['in B'], []],
      ['A', ['in A'], [['A1', [], [['A1x', ['deep'], []]]]]],
      ['Empty', [], []],
    ]);
    expect(menu.catalogs[1]!.catalogs[0]!.level).toBe(2);
    expect(menu.defaultCatalogPath).toEqual([a.id, a1.id, a1x.id]);

    const asEditor = await as(editor);
    const editorMenu = await asEditor.s.catalogs.menu(asEditor.viewer, item.id);
    expect(editorMenu.pages.map((p) => p.title)).toEqual(['root 1', 'root 2', 'draft of editor']);

    const asScoped = await as(scoped);
    const scopedMenu = await asScoped.s.catalogs.menu(asScoped.viewer, item.id, deep.id);
    // Root pages lie outside every catalog scope (issue #15; ShowDoc's menu showed them).
    expect(scopedMenu.pages).toEqual([]);
    expect(menuNames(scopedMenu.catalogs)).toEqual([['A', ['in A'], [['A1', [], [['A1x', ['deep'], []]]]]]]);

    const anonymous = await as(null);
    const anonymousMenu = await anonymous.s.catalogs.menu(anonymous.viewer, item.id);
    expect(anonymousMenu.pages.map((p) => p.title)).toEqual(['root 1', 'root 2']);

    const inB = await buildPage(em, item, { catalog: b });
    expect((await s.catalogs.menu(viewer, item.id, inB.id)).defaultCatalogPath).toEqual([b.id]);
    // Not for a page the viewer cannot see.
    expect((await asScoped.s.catalogs.menu(asScoped.viewer, item.id, inB.id)).defaultCatalogPath).toEqual([]);
  });

  it('copes with old data: loops are ignored, deeper trees stay editable but may not grow', async () => {
    const item = await itemWithMembers();
    const em = db.services().em;
    const loopA = await buildCatalog(em, item, { name: 'loop A' });
    const loopB = await buildCatalog(em, item, { name: 'loop B', parent: loopA });
    await em.nativeUpdate(Catalog, { id: loopA.id }, { parent: loopB.id });
    const l1 = await buildCatalog(em, item, { name: 'L1' });
    const l2 = await buildCatalog(em, item, { name: 'L2', parent: l1 });
    const l3 = await buildCatalog(em, item, { name: 'L3', parent: l2 });
    const l4 = await buildCatalog(em, item, { name: 'L4', parent: l3 });
    const { s, viewer } = await as(owner);
    expect(names(await s.catalogs.tree(viewer, item.id))).toEqual([['L1', [['L2', [['L3', ['L4']]]]]]]);
    await expectCode(save(owner, { itemId: item.id, id: loopA.id, name: 'x' }), 'CatalogNotFound');
    expect((await save(owner, { itemId: item.id, id: l4.id, name: 'L4 renamed' })).name).toBe('L4 renamed');
    await expectCode(save(owner, { itemId: item.id, name: 'L5', parentId: l4.id }), 'CatalogTooDeep');
    expect(
      await s.catalogs.moveTree(viewer, item.id, [{ catalogId: l4.id, parentId: l3.id, sNumber: 1 }]),
    ).toEqual({
      catalogs: 1,
      pages: 0,
    });
  });

  describe('drag and drop', () => {
    it('applies what moved, pages and catalogs together', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const a = await buildCatalog(em, item, { name: 'A', sNumber: 1 });
      const b = await buildCatalog(em, item, { name: 'B', sNumber: 2 });
      const p1 = await buildPage(em, item, { title: 'p1', sNumber: 1 });
      const p2 = await buildPage(em, item, { catalog: a, title: 'p2', sNumber: 1 });
      const { s, viewer } = await as(editor);
      const result = await s.catalogs.moveTree(
        viewer,
        item.id,
        [
          { catalogId: a.id, parentId: null, sNumber: 2, name: 'A' },
          { catalogId: b.id, parentId: a.id, sNumber: 1, name: 'B' },
          { pageId: p1.id, parentId: b.id, sNumber: 1 },
          { pageId: p2.id, parentId: a.id, sNumber: 1 },
        ],
        { type: 'catalog', id: b.id },
      );
      expect(result).toEqual({ catalogs: 2, pages: 1 });
      const check = db.services().em;
      const movedB = await check.findOneOrFail(Catalog, b.id);
      expect([movedB.parent?.id, movedB.level]).toEqual([a.id, 2]);
      expect((await check.findOneOrFail(Page, p1.id)).catalog?.id).toBe(b.id);
      const log = await check.find(ItemChangeLog, { item, actionType: 'drag' });
      expect(log.map((l) => [l.objectType, l.objectName])).toEqual([['tree', '拖动目录「B」']]);

      // The same tree again changes nothing and logs nothing.
      const again = await as(editor);
      expect(
        await again.s.catalogs.moveTree(again.viewer, item.id, [
          { catalogId: b.id, parentId: a.id, sNumber: 1, name: 'B' },
          { pageId: p1.id, parentId: b.id, sNumber: 1 },
        ]),
      ).toEqual({ catalogs: 0, pages: 0 });
      expect(await db.services().em.count(ItemChangeLog, { item, actionType: 'drag' })).toBe(1);
    });

    it('refuses a fourth level, loops, and things of other items, and writes nothing then', async () => {
      const item = await itemWithMembers();
      const other = await buildItem(db.services().em, owner);
      const em = db.services().em;
      const a = await buildCatalog(em, item, { name: 'A' });
      const a1 = await buildCatalog(em, item, { name: 'A1', parent: a });
      const a2 = await buildCatalog(em, item, { name: 'A2', parent: a1 });
      const b = await buildCatalog(em, item, { name: 'B' });
      const b1 = await buildCatalog(em, item, { name: 'B1', parent: b });
      const foreignCatalog = await buildCatalog(em, other);
      const foreignPage = await buildPage(em, other);
      const page = await buildPage(em, item, { title: 'mine' });
      const { s, viewer } = await as(owner);
      const move = (changes: Parameters<Services['catalogs']['moveTree']>[2]) =>
        s.catalogs.moveTree(viewer, item.id, changes);

      await expectCode(move([{ catalogId: b.id, parentId: a1.id, sNumber: 1 }]), 'CatalogTooDeep');
      await expectCode(move([{ catalogId: b1.id, parentId: a2.id, sNumber: 1 }]), 'CatalogTooDeep');
      await expectCode(
        move([
          { catalogId: a.id, parentId: b.id, sNumber: 1 },
          { catalogId: b.id, parentId: a.id, sNumber: 1 },
        ]),
        'CatalogParentInvalid',
      );
      await expectCode(
        move([{ catalogId: b.id, parentId: foreignCatalog.id, sNumber: 1 }]),
        'CatalogParentInvalid',
      );
      await expectCode(
        move([{ pageId: page.id, parentId: foreignCatalog.id, sNumber: 1 }]),
        'CatalogParentInvalid',
      );
      await expectCode(
        move([{ catalogId: foreignCatalog.id, parentId: null, sNumber: 1 }]),
        'CatalogNotFound',
      );
      await expectCode(
        move([
          { pageId: page.id, parentId: b.id, sNumber: 1 },
          { pageId: foreignPage.id, parentId: b.id, sNumber: 1 },
        ]),
        'PageNotFound',
      );
      const check = db.services().em;
      expect((await check.findOneOrFail(Page, page.id)).catalog).toBeNull();
      expect((await check.findOneOrFail(Page, foreignPage.id)).item.id).toBe(other.id);
      expect((await check.findOneOrFail(Catalog, b.id)).parent).toBeNull();
      const asReader = await as(reader);
      await expectCode(
        asReader.s.catalogs.moveTree(asReader.viewer, item.id, [
          { pageId: page.id, parentId: b.id, sNumber: 1 },
        ]),
        'ItemEditDenied',
      );
    });

    it('keeps a scoped editor inside the scope', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const mine = await buildCatalog(em, item, { name: 'mine' });
      const theirs = await buildCatalog(em, item, { name: 'theirs' });
      const page = await buildPage(em, item, { catalog: mine });
      const outside = await buildPage(em, item, { catalog: theirs });
      await scope(item, scopedEditor, MemberGroup.Edit, [mine]);
      const { s, viewer } = await as(scopedEditor);
      await expectCode(
        s.catalogs.moveTree(viewer, item.id, [{ pageId: page.id, parentId: theirs.id, sNumber: 1 }]),
        'ItemEditDenied',
      );
      await expectCode(
        s.catalogs.moveTree(viewer, item.id, [{ pageId: outside.id, parentId: mine.id, sNumber: 1 }]),
        'ItemEditDenied',
      );
      // The item root is outside the scope too: moving a page there would hide it from its mover.
      await expectCode(
        s.catalogs.moveTree(viewer, item.id, [{ pageId: page.id, parentId: null, sNumber: 3 }]),
        'ItemEditDenied',
      );
      expect(
        await s.catalogs.moveTree(viewer, item.id, [{ pageId: page.id, parentId: mine.id, sNumber: 3 }]),
      ).toEqual({ catalogs: 0, pages: 1 });
      await expectCode(save(scopedEditor, { itemId: item.id, name: 'new top' }), 'ItemEditDenied');
      const child = await save(scopedEditor, { itemId: item.id, name: 'child', parentId: mine.id });
      expect(child.level).toBe(2);
    });
  });

  describe('copy and move', () => {
    it('copies a catalog with its sub-catalogs and pages into another item', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const dest = await buildItem(em, owner);
      const destParent = await buildCatalog(em, dest, { name: 'Target' });
      const a = await buildCatalog(em, item, { name: 'A', sNumber: 7 });
      const a1 = await buildCatalog(em, item, { name: 'A1', parent: a });
      await buildPage(em, item, { catalog: a, title: 'pa', content: '# A' });
      await buildPage(em, item, { catalog: a1, title: 'pa1' });
      await buildPage(em, item, { catalog: a1, title: 'draft', isDraft: true, author: editor });
      await buildPage(em, item, { catalog: a, title: 'gone', deletedAt: new Date() });

      const { s, viewer } = await as(owner);
      const copy = await s.catalogs.copy(viewer, {
        catalogId: a.id,
        toItemId: dest.id,
        parentId: destParent.id,
      });
      expect([copy.item.id, copy.name, copy.level, copy.sNumber, copy.parent?.id]).toEqual([
        dest.id,
        'A',
        2,
        7,
        destParent.id,
      ]);
      const menu = await s.catalogs.menu(viewer, dest.id);
      expect(menuNames(menu.catalogs)).toEqual([['Target', [], [['A', ['pa'], [['A1', ['pa1'], []]]]]]]);
      const copied = await db.services().em.findOneOrFail(Page, { item: dest, title: 'pa' });
      expect([copied.content, copied.author?.id]).toEqual(['# A', owner.id]);
      // The source is untouched.
      expect(await db.services().em.count(Page, { item, deletedAt: null })).toBe(3);
    });

    it('moves a catalog to another item, leaving the source pages recoverable', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const dest = await buildItem(em, owner);
      const a = await buildCatalog(em, item, { name: 'A' });
      const page = await buildPage(em, item, { catalog: a, title: 'pa' });
      const { s, viewer } = await as(owner);
      const moved = await s.catalogs.copy(viewer, { catalogId: a.id, toItemId: dest.id, move: true });
      expect(moved.item.id).toBe(dest.id);
      const check = db.services().em;
      expect((await check.findOneOrFail(Catalog, a.id)).deletedAt).not.toBeNull();
      const entry = await check.findOneOrFail(RecycleEntry, { page: page.id });
      expect(entry.deletedWithCatalogId).toBe(a.id);
      expect(await check.count(Page, { item: dest, title: 'pa', deletedAt: null })).toBe(1);
    });

    it('moves inside one item by re-parenting, within three levels', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const a = await buildCatalog(em, item, { name: 'A' });
      const a1 = await buildCatalog(em, item, { name: 'A1', parent: a });
      const b = await buildCatalog(em, item, { name: 'B' });
      const b1 = await buildCatalog(em, item, { name: 'B1', parent: b });
      const page = await buildPage(em, item, { catalog: b });
      const { s, viewer } = await as(editor);
      await expectCode(
        s.catalogs.copy(viewer, { catalogId: b.id, parentId: a1.id, move: true }),
        'CatalogTooDeep',
      );
      await expectCode(s.catalogs.copy(viewer, { catalogId: b.id, parentId: a1.id }), 'CatalogTooDeep');
      const moved = await s.catalogs.copy(viewer, { catalogId: b.id, parentId: a.id, move: true });
      expect([moved.id, moved.level]).toEqual([b.id, 2]);
      const check = db.services().em;
      expect((await check.findOneOrFail(Catalog, b1.id)).level).toBe(3);
      expect((await check.findOneOrFail(Page, page.id)).catalog?.id).toBe(b.id);
    });

    it('needs edit rights on both items', async () => {
      const item = await itemWithMembers();
      const em = db.services().em;
      const theirs = await buildItem(em, stranger);
      const a = await buildCatalog(em, item, { name: 'A' });
      const { s, viewer } = await as(editor);
      const denied = await expectCode(
        s.catalogs.copy(viewer, { catalogId: a.id, toItemId: theirs.id }),
        'ItemEditDenied',
      );
      expect(denied.localized('zh')).toBe('您没有目标项目的编辑权限');
      const foreign = await buildCatalog(em, theirs);
      const source = await expectCode(
        s.catalogs.copy(viewer, { catalogId: foreign.id, toItemId: item.id }),
        'ItemEditDenied',
      );
      expect(source.localized('zh')).toBe('您没有源项目的编辑权限');
      await expectCode(s.catalogs.copy(viewer, { catalogId: 0 }), 'CatalogNotFound');
      expect(await db.services().em.count(Catalog, { item: theirs })).toBe(1);
    });
  });

  it('lists the pages of a catalog for editors', async () => {
    const item = await itemWithMembers();
    const em = db.services().em;
    const a = await buildCatalog(em, item);
    await buildPage(em, item, { catalog: a, title: 'second', sNumber: 2 });
    await buildPage(em, item, { catalog: a, title: 'first', sNumber: 1 });
    await buildPage(em, item, { catalog: a, title: 'hidden draft', isDraft: true, author: editor });
    const { s, viewer } = await as(owner);
    expect((await s.catalogs.pagesOf(viewer, item.id, a.id)).map((p) => p.title)).toEqual([
      'first',
      'second',
    ]);
    const other = await buildItem(em, owner);
    await expectCode(s.catalogs.pagesOf(viewer, other.id, a.id), 'CatalogNotFound');
    const asReader = await as(reader);
    await expectCode(asReader.s.catalogs.pagesOf(asReader.viewer, item.id, a.id), 'ItemEditDenied');
  });
});
