// compat-api §6 (catalog) over real form-encoded HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, MemberGroup, Page, RecycleEntry, type Item, type User } from '../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, CATALOG_ROW_KEYS, expectError, expectOk } from './wire-helpers';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe.each(testDatabases())('ShowDoc catalog endpoints on $name', (target) => {
  let server: TestServer;
  let owner: User, reader: User, scoped: User;
  let ownerToken: string, readerToken: string, scopedToken: string;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_catalog_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
    ownerToken = await buildSession(em, owner);
    readerToken = await buildSession(em, reader);
    scopedToken = await buildSession(em, scoped);
  });
  afterAll(async () => server?.close());

  const em = () => server.db.orm.em.fork();
  const post = (route: string, fields: Record<string, string | number>, token?: string) =>
    server.form(api(route), token ? { ...fields, user_token: token } : fields);

  async function itemWithReader(overrides: Parameters<typeof buildItem>[2] = {}): Promise<Item> {
    const fork = em();
    const item = await buildItem(fork, owner, overrides);
    buildMember(fork, item, reader, MemberGroup.ReadOnly);
    await fork.flush();
    return item;
  }

  describe('save (§6.4)', () => {
    it('answers the bare catalog id and nests three levels', async () => {
      const item = await itemWithReader();
      const top = expectOk(await post('catalog/save', { item_id: item.id, cat_name: 'Top' }, ownerToken));
      expect(typeof top).toBe('number');
      const mid = expectOk(
        await post('catalog/save', { item_id: item.id, cat_name: 'Mid', parent_cat_id: top }, ownerToken),
      );
      const low = expectOk(
        await post(
          'catalog/save',
          { item_id: item.id, cat_name: 'Low', parent_cat_id: mid, s_number: 3 },
          ownerToken,
        ),
      );
      expectError(
        await post(
          'catalog/save',
          { item_id: item.id, cat_name: 'Too deep', parent_cat_id: low },
          ownerToken,
        ),
        10101,
        '目录最多只能有三级',
      );
      const stored = await em().findOneOrFail(Catalog, low);
      expect([stored.level, stored.sNumber, stored.parent?.id]).toEqual([3, 3, mid]);

      // Renaming without parent_cat_id keeps the catalog where it is (ShowDoc moved it to the top).
      expect(
        expectOk(
          await post('catalog/save', { item_id: item.id, cat_id: low, cat_name: 'Lower' }, ownerToken),
        ),
      ).toBe(low);
      expect((await em().findOneOrFail(Catalog, low)).parent?.id).toBe(mid);
      // parent_cat_id=0 moves it to the top.
      await post(
        'catalog/save',
        { item_id: item.id, cat_id: low, cat_name: 'Lower', parent_cat_id: 0 },
        ownerToken,
      );
      expect((await em().findOneOrFail(Catalog, low)).parent).toBeNull();
    });

    it("refuses with ShowDoc's codes", async () => {
      const item = await itemWithReader();
      const other = await buildItem(em(), owner);
      const foreign = await buildCatalog(em(), other);
      const mine = await buildCatalog(em(), item);
      expectError(
        await post('catalog/save', { item_id: item.id, cat_name: 'x' }, readerToken),
        10103,
        '您没有编辑权限',
      );
      expectError(
        await post('catalog/save', { item_id: item.id, cat_name: '' }, ownerToken),
        10101,
        '目录名称不能为空',
      );
      expectError(
        await post(
          'catalog/save',
          { item_id: item.id, cat_id: mine.id, cat_name: 'x', parent_cat_id: mine.id },
          ownerToken,
        ),
        10101,
        '上级目录不能选择自身',
      );
      expectError(
        await post(
          'catalog/save',
          { item_id: item.id, cat_name: 'x', parent_cat_id: foreign.id },
          ownerToken,
        ),
        10101,
      );
      expectError(
        await post('catalog/save', { item_id: item.id, cat_id: foreign.id, cat_name: 'x' }, ownerToken),
        10101,
        '目录不存在',
      );
      expectError(await post('catalog/save', { item_id: item.id, cat_name: 'x' }), 10102);
      const archived = await itemWithReader({ isArchived: true });
      expectError(await post('catalog/save', { item_id: archived.id, cat_name: 'x' }, ownerToken), 10101);
    });
  });

  describe('lists (§6.1–§6.3)', () => {
    let item: Item;
    let a: Catalog, a1: Catalog, a1x: Catalog, b: Catalog;
    beforeAll(async () => {
      item = await itemWithReader();
      const fork = em();
      b = await buildCatalog(fork, item, { name: 'B', sNumber: 2 });
      a = await buildCatalog(fork, item, { name: 'A', sNumber: 1 });
      a1 = await buildCatalog(fork, item, { name: 'A1', parent: a });
      a1x = await buildCatalog(fork, item, { name: 'A1x', parent: a1 });
      buildMember(fork, item, scoped, MemberGroup.ReadOnly, [b]);
      await fork.flush();
    });

    it('catListGroup: CatalogRows of strings with local times, nested in `sub`', async () => {
      const tree = expectOk(await post('catalog/catListGroup', { item_id: item.id }));
      expect(tree.map((c: { cat_name: string }) => c.cat_name)).toEqual(['A', 'B']);
      const [first] = tree;
      expect(Object.keys(first)).toEqual([...CATALOG_ROW_KEYS, 'sub']);
      expect(first).toMatchObject({
        cat_id: String(a.id),
        item_id: String(item.id),
        s_number: '1',
        parent_cat_id: '0',
        level: '2',
      });
      expect(first.addtime).toMatch(LOCAL_TIME);
      expect(first.sub[0]).toMatchObject({ cat_name: 'A1', level: '3', parent_cat_id: String(a.id) });
      expect(first.sub[0].sub[0]).toMatchObject({ cat_name: 'A1x', level: '4', sub: [] });
      expect(expectOk(await post('catalog/catListGroup', { item_id: 0 }))).toEqual([]);
    });

    it('catListName and catList: flat, depth-first, with path names', async () => {
      const names = expectOk(await post('catalog/catListName', { item_id: item.id }));
      expect(names.map((c: { cat_name: string }) => c.cat_name)).toEqual(['A', 'A/A1', 'A/A1/A1x', 'B']);
      expect(Object.keys(names[0])).toEqual(CATALOG_ROW_KEYS);
      const flat = expectOk(await post('catalog/catList', { item_id: item.id }));
      expect(flat.map((c: { cat_name: string }) => c.cat_name)).toEqual(['A', 'A1', 'A1x', 'B']);
      const second = expectOk(await post('catalog/secondCatList', { item_id: item.id }));
      expect(second.map((c: { cat_name: string }) => c.cat_name)).toEqual(['A', 'B']);
      const children = expectOk(await post('catalog/childCatList', { cat_id: a.id }));
      expect(children.map((c: { cat_name: string; sub: unknown[] }) => [c.cat_name, c.sub.length])).toEqual([
        ['A1', 1],
      ]);
      expect(expectOk(await post('catalog/childCatList', { cat_id: 987654 }))).toEqual([]);
    });

    it('gives a scoped member their catalogs, sub-trees included', async () => {
      const tree = expectOk(await post('catalog/catListGroup', { item_id: item.id }, scopedToken));
      expect(tree.map((c: { cat_name: string }) => c.cat_name)).toEqual(['B']);
      expect(expectOk(await post('catalog/childCatList', { cat_id: a1.id }, scopedToken))).toEqual([]);
      expect(a1x.id).toBeGreaterThan(0);
    });

    it('refuses a locked item with 10103', async () => {
      const locked = await buildItem(em(), owner, { password: 'pw' });
      expectError(await post('catalog/catListGroup', { item_id: locked.id }), 10103, '您没有访问权限');
      expectOk(await post('catalog/catListGroup', { item_id: locked.id, _item_pwd: 'pw' }));
    });
  });

  it('batUpdate applies an escaped drag-and-drop tree and answers []', async () => {
    const item = await itemWithReader();
    const a = await buildCatalog(em(), item, { name: 'A' });
    const b = await buildCatalog(em(), item, { name: 'B' });
    const page = await buildPage(em(), item, { title: 'p' });
    const cats = JSON.stringify([
      { cat_id: String(a.id), cat_name: 'A', parent_cat_id: '0', level: '2', s_number: '2' },
      { cat_id: b.id, cat_name: 'B', parent_cat_id: a.id, level: 3, s_number: 1 },
      { page_id: page.id, page_cat_id: 0, parent_cat_id: b.id, s_number: 1 },
    ]).replace(/"/g, '&quot;');
    const answer = await post(
      'catalog/batUpdate',
      { item_id: item.id, cats, dragged_id: page.id, dragged_title: 'p', dragged_type: 'page' },
      ownerToken,
    );
    expect(expectOk(answer)).toEqual([]);
    const fork = em();
    expect((await fork.findOneOrFail(Catalog, b.id)).parent?.id).toBe(a.id);
    expect((await fork.findOneOrFail(Page, page.id)).catalog?.id).toBe(b.id);

    expect(
      expectOk(await post('catalog/batUpdate', { item_id: item.id, cats: '{not json' }, ownerToken)),
    ).toEqual([]);
    expectError(await post('catalog/batUpdate', { item_id: item.id }, ownerToken), 10101, '参数错误');
    const tooDeep = JSON.stringify([{ cat_id: a.id, cat_name: 'A', parent_cat_id: b.id, s_number: 1 }]);
    expectError(await post('catalog/batUpdate', { item_id: item.id, cats: tooDeep }, ownerToken), 10101);
    expectError(await post('catalog/batUpdate', { item_id: item.id, cats: '[]' }, readerToken), 10103);
  });

  it('delete answers {success: true} and leaves the pages recoverable', async () => {
    const item = await itemWithReader();
    const a = await buildCatalog(em(), item);
    const page = await buildPage(em(), item, { catalog: a });
    expectError(await post('catalog/delete', { cat_id: 0 }, ownerToken), 10101, '参数错误');
    expectError(await post('catalog/delete', { cat_id: 987654 }), 10101, '目录不存在');
    expectError(await post('catalog/delete', { cat_id: a.id }), 10102);
    expectError(await post('catalog/delete', { cat_id: a.id }, readerToken), 10103);
    expect(expectOk(await post('catalog/delete', { item_id: item.id, cat_id: a.id }, ownerToken))).toEqual({
      success: true,
    });
    const entry = await em().findOneOrFail(RecycleEntry, { page: page.id });
    expect(entry.deletedWithCatalogId).toBe(a.id);
  });

  it('getPagesBycat lists page ids, titles and order as strings', async () => {
    const item = await itemWithReader();
    const a = await buildCatalog(em(), item);
    const second = await buildPage(em(), item, { catalog: a, title: 'second', sNumber: 2 });
    const first = await buildPage(em(), item, { catalog: a, title: 'first', sNumber: 1 });
    expect(
      expectOk(await post('catalog/getPagesBycat', { item_id: item.id, cat_id: a.id }, ownerToken)),
    ).toEqual([
      { page_id: String(first.id), page_title: 'first', s_number: '1' },
      { page_id: String(second.id), page_title: 'second', s_number: '2' },
    ]);
    expectError(await post('catalog/getPagesBycat', { item_id: item.id }, ownerToken), 10101, '参数错误');
    expectError(await post('catalog/getPagesBycat', { item_id: item.id, cat_id: a.id }, readerToken), 10103);
  });

  it('copy answers the new top catalog row; both items need edit rights', async () => {
    const item = await itemWithReader();
    const dest = await buildItem(em(), owner);
    const a = await buildCatalog(em(), item, { name: 'A' });
    await buildPage(em(), item, { catalog: a, title: 'p' });
    const copy = expectOk(await post('catalog/copy', { cat_id: a.id, to_item_id: dest.id }, ownerToken));
    expect(Object.keys(copy)).toEqual(CATALOG_ROW_KEYS);
    expect(copy).toMatchObject({ cat_name: 'A', item_id: String(dest.id), parent_cat_id: '0', level: '2' });
    expect(copy.addtime).toMatch(/^\d+$/);
    expect(await em().count(Page, { item: dest.id, title: 'p' })).toBe(1);
    const theirs = await buildItem(em(), reader);
    expectError(
      await post('catalog/copy', { cat_id: a.id, to_item_id: theirs.id }, ownerToken),
      10103,
      '您没有目标项目的编辑权限',
    );
    expectError(await post('catalog/copy', { cat_id: 0 }, ownerToken), 10101, '参数错误');
  });

  it('getDefaultCat: the catalog of the page, else of my last saved page', async () => {
    const item = await itemWithReader();
    const a = await buildCatalog(em(), item);
    const b = await buildCatalog(em(), item);
    const inA = await buildPage(em(), item, { catalog: a });
    expect(
      expectOk(await post('catalog/getDefaultCat', { item_id: item.id, page_id: inA.id }, ownerToken)),
    ).toEqual({ default_cat_id: a.id });
    await buildPage(em(), item, { catalog: b, author: owner });
    expect(expectOk(await post('catalog/getDefaultCat', { item_id: item.id }, ownerToken))).toEqual({
      default_cat_id: b.id,
    });
    expectError(
      await post('catalog/getDefaultCat', { item_id: item.id }, readerToken),
      10101,
      '没有编辑权限',
    );
  });
});
