import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Catalog,
  Item,
  ItemApiKey,
  ItemChangeLog,
  Page,
  PageHistory,
  RecycleEntry,
  type User,
} from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { buildItem, buildUser, viewerOf } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';
import { catalogNames, type OpenApiKey } from './open-api.service';

describe('catalog paths of the open API', () => {
  it('drops one leading slash, trims names and skips empty segments', () => {
    expect(catalogNames('/API/ User /Login/')).toEqual(['API', 'User', 'Login']);
    expect(catalogNames('A//B')).toEqual(['A', 'B']);
    expect(catalogNames('')).toEqual([]);
  });
});

describe.each(testDatabases())('open API on $name', (target) => {
  let db: TestDb;
  let owner: User;

  beforeAll(async () => {
    db = await openTestDb(target, 'openapi');
    owner = await buildUser(db.services().em);
  });
  afterAll(async () => db?.close());

  /** An item and its key pair, as the owner gets it from item settings. */
  async function itemWithKey(): Promise<{ item: Item; key: OpenApiKey }> {
    const item = await buildItem(db.services().em, owner);
    const s = db.services();
    const row = await s.items.apiKey(await viewerOf(s.em, owner), item.id);
    return { item, key: { apiKey: row.apiKey, apiToken: row.apiToken } };
  }

  const update = (key: OpenApiKey, title: string, content: string, catalogPath = '', sNumber?: number) =>
    db.services().openApi.updatePage(key, { title, content, catalogPath, sNumber });

  it('creates nested catalogs from the path, and updates the same page on the next run', async () => {
    const { item, key } = await itemWithKey();
    const first = await update(key, 'Login', 'v1', 'API/User/Auth', 5);
    const em = db.services().em;
    const catalogs = await em.find(Catalog, { item }, { orderBy: { level: 'asc' } });
    expect(catalogs.map((c) => [c.name, c.level, c.parent?.id ?? null])).toEqual([
      ['API', 1, null],
      ['User', 2, catalogs[0]!.id],
      ['Auth', 3, catalogs[1]!.id],
    ]);
    expect([first.catalog?.id, first.authorName, first.author, first.sNumber]).toEqual([
      catalogs[2]!.id,
      'API',
      null,
      5,
    ]);

    const second = await update(key, 'Login', 'v2', '/API/User/Auth/');
    expect(second.id).toBe(first.id);
    const check = db.services().em;
    const page = await check.findOneOrFail(Page, first.id);
    // Left out, the order stays (ShowDoc reset it to 99).
    expect([page.content, page.version, page.sNumber]).toEqual(['v2', 2, 5]);
    expect(await check.count(Catalog, { item })).toBe(3);
    expect((await check.find(PageHistory, { page: first.id })).map((h) => [h.content, h.authorName])).toEqual(
      [['v1', 'API']],
    );
    const log = await check.find(ItemChangeLog, { item, objectType: 'page' }, { orderBy: { id: 'asc' } });
    expect(log.map((l) => [l.actionType, l.user, l.remark])).toEqual([
      ['create', null, 'API'],
      ['update', null, 'API'],
    ]);
    // Another catalog, or the root, is another page.
    const elsewhere = await update(key, 'Login', 'v1', 'API');
    const atRoot = await update(key, 'Login', 'v1');
    expect(new Set([first.id, elsewhere.id, atRoot.id]).size).toBe(3);
    expect(atRoot.catalog).toBeNull();
    expect((await db.services().em.findOneOrFail(Item, item.id)).lastUpdateAt).toBeInstanceOf(Date);
  });

  it('matches titles with & < > " \' instead of duplicating them, and exactly', async () => {
    const { item, key } = await itemWithKey();
    const title = `A & B <c> "d" 'e'`;
    const first = await update(key, title, 'one');
    const second = await update(key, title, 'two');
    expect(second.id).toBe(first.id);
    const other = await update(key, title.toUpperCase(), 'three');
    expect(other.id).not.toBe(first.id);
    expect(await db.services().em.count(Page, { item, deletedAt: null })).toBe(2);
  });

  it('refuses wrong keys, deep paths and archived items', async () => {
    const { item, key } = await itemWithKey();
    const mismatch = await expectCode(update({ ...key, apiToken: 'wrong' }, 'T', 'x'), 'ApiKeyMismatch');
    expect(mismatch.info.showdoc).toBe(10306);
    await expectCode(update({ apiKey: '', apiToken: '' }, 'T', 'x'), 'ApiKeyMismatch');
    await expectCode(
      update({ apiKey: key.apiKey.toUpperCase(), apiToken: key.apiToken }, 'T', 'x'),
      'ApiKeyMismatch',
    );
    await expectCode(update(key, 'T', 'x', 'A/B/C/D'), 'CatalogTooDeep');
    await expectCode(update(key, '  ', 'x'), 'PageTitleRequired');
    // A reset token locks out the old one.
    const s = db.services();
    const reset = await s.items.resetApiKey(await viewerOf(s.em, owner), item.id);
    await expectCode(update(key, 'T', 'x'), 'ApiKeyMismatch');
    const fresh = { apiKey: reset.apiKey, apiToken: reset.apiToken };
    expect((await update(fresh, 'T', 'x')).title).toBe('T');
    expect((await db.services().em.findOneOrFail(ItemApiKey, { item })).lastCheckAt).not.toBeNull();
    await db.services().em.nativeUpdate(Item, { id: item.id }, { isArchived: true });
    await expectCode(update(fresh, 'T', 'y'), 'ItemArchived');
    expect((await db.services().openApi.getPage(fresh, { title: 'T' })).content).toBe('x');
    await db.services().em.nativeUpdate(Item, { id: item.id }, { deletedAt: new Date() });
    await expectCode(db.services().openApi.getPage(fresh, { title: 'T' }), 'ApiKeyMismatch');
  });

  it('reads, deletes and lists pages and catalogs of its own item only', async () => {
    const { item, key } = await itemWithKey();
    const other = await itemWithKey();
    const api = db.services().openApi;
    const page = await update(key, 'Get me', 'body', 'Docs');
    const foreign = await update(other.key, 'Foreign', 'x');
    expect((await api.getPage(key, { pageId: page.id })).title).toBe('Get me');
    expect((await api.getPage(key, { title: 'Get me' })).id).toBe(page.id);
    await expectCode(api.getPage(key, { pageId: foreign.id }), 'PageNotFound');
    await expectCode(api.getPage(key, {}), 'BadInput');

    const tree = await db.services().openApi.tree(key);
    expect(tree.pages).toEqual([]);
    expect(tree.catalogs.map((c) => [c.catalog.name, c.level, c.pages.map((p) => p.content)])).toEqual([
      ['Docs', 1, ['body']],
    ]);

    await expectCode(db.services().openApi.deletePage(key, foreign.id), 'PageNotFound');
    await db.services().openApi.deletePage(key, page.id);
    const entry = await db.services().em.findOneOrFail(RecycleEntry, { page: page.id });
    expect([entry.deletedBy, entry.deletedByName]).toEqual([null, 'API']);
    expect(item.id).not.toBe(other.item.id);
  });

  it('writes the database dictionary as one page per table, updated on the next run', async () => {
    const { item, key } = await itemWithKey();
    const dump = {
      tableInfo: 'TABLE_NAME\tTABLE_COMMENT\nuser\tUsers\norder\tOrders\n',
      tableDetail:
        'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT\nuser\tid\t\tNO\tint\tKey\n',
      tableIndex: '',
    };
    const first = await db.services().openApi.updateDbDictionary(key, { dump, catalogPath: 'DB' });
    expect(first.map((p) => p.title)).toEqual(['user', 'order']);
    expect(first[0]!.content).toContain('|id|int|NO||Key|');
    const again = await db.services().openApi.updateDbDictionary(key, { dump, catalogPath: 'DB' });
    expect(again.map((p) => p.id)).toEqual(first.map((p) => p.id));
    expect(await db.services().em.count(Page, { item, deletedAt: null })).toBe(2);
  });

  it('creates, renames, reorders and deletes catalogs (pages to the recycle bin)', async () => {
    const { item, key } = await itemWithKey();
    const api = () => db.services().openApi;
    const top = await api().createCatalog(key, { name: 'Top', parentId: 0, sNumber: 3 });
    const sub = await api().createCatalog(key, { name: 'Sub', parentId: top.id, sNumber: 99 });
    expect([sub.level, sub.parent?.id, top.sNumber]).toEqual([2, top.id, 3]);
    await expectCode(
      api().createCatalog(key, { name: ' ', parentId: 0, sNumber: 99 }),
      'CatalogNameRequired',
    );

    const renamed = await api().updateCatalog(key, { id: sub.id, name: 'Renamed' });
    expect([renamed.name, renamed.sNumber]).toEqual(['Renamed', 99]);
    const reordered = await api().updateCatalog(key, { id: sub.id, sNumber: 7 });
    expect([reordered.name, reordered.sNumber]).toEqual(['Renamed', 7]);
    await expectCode(api().updateCatalog(key, { id: sub.id, name: '' }), 'BadInput');
    const other = await itemWithKey();
    await expectCode(api().updateCatalog(other.key, { id: sub.id, name: 'X' }), 'CatalogNotFound');

    const page = await update(key, 'Inside', 'x', 'Top/Renamed');
    expect(page.catalog?.id).toBe(sub.id);
    await expectCode(api().deleteCatalog(other.key, top.id), 'CatalogNotFound');
    await api().deleteCatalog(key, top.id);
    const em = db.services().em;
    expect((await em.findOneOrFail(Page, page.id)).deletedAt).not.toBeNull();
    expect((await em.findOneOrFail(RecycleEntry, { page: page.id })).deletedWithCatalogId).toBe(top.id);
    const log = await em.find(ItemChangeLog, { item, objectType: 'catalog' }, { orderBy: { id: 'asc' } });
    expect(log.map((l) => [l.actionType, l.remark])).toEqual([
      ['create', 'API'],
      ['create', 'API'],
      ['update', 'API'],
      ['update', 'API'],
      ['delete', 'API'],
    ]);
  });
});
