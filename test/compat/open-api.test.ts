// compat-api §18 (open API) and §3.18 (item/updateByApi) as ShowDoc's scripts call them, on every URL form.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, Page, PageHistory, type Item, type User } from '../../db/src';
import { buildItem, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, call, expectError, expectOk, PAGE_ROW_KEYS, postJson } from './wire-helpers';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe.each(testDatabases())('ShowDoc open API on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let ownerToken: string;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_open_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    ownerToken = await buildSession(em, owner);
  });
  afterAll(async () => server?.close());

  const em = () => server.db.orm.em.fork();

  /** A new item and its key pair, as item/getKey gives them. */
  async function itemWithKey(): Promise<{ item: Item; key: { api_key: string; api_token: string } }> {
    const item = await buildItem(em(), owner);
    const key = expectOk(await server.form(api('item/getKey'), { item_id: item.id, user_token: ownerToken }));
    return { item, key: { api_key: key.api_key, api_token: key.api_token } };
  }

  it('creates nested catalogs and updates the same page on the second run, from /server/index.php?s=/api/item/updateByApi', async () => {
    const { item, key } = await itemWithKey();
    const fields = {
      ...key,
      cat_name: 'API/用户/登录',
      page_title: 'Login & <out>',
      page_content: '# v1 &amp; more',
    };
    const first = expectOk(await server.form('/server/index.php?s=/api/item/updateByApi', fields));
    expect(Object.keys(first)).toEqual(PAGE_ROW_KEYS);
    expect(first).toMatchObject({
      author_uid: '0',
      author_username: 'API',
      item_id: String(item.id),
      page_title: 'Login & <out>',
      page_content: '# v1 &amp; more',
      s_number: '99',
    });
    expect(first.addtime).toMatch(LOCAL_TIME);
    const catalogs = await em().find(Catalog, { item }, { orderBy: { level: 'asc' } });
    expect(catalogs.map((c) => [c.name, c.level])).toEqual([
      ['API', 1],
      ['用户', 2],
      ['登录', 3],
    ]);
    expect(first.cat_id).toBe(String(catalogs[2]!.id));

    const second = expectOk(
      await server.form('/server/index.php?s=/api/item/updateByApi', { ...fields, page_content: '# v2' }),
    );
    expect(second.page_id).toBe(first.page_id);
    expect(second.page_content).toBe('# v2');
    const stored = await em().findOneOrFail(Page, Number(first.page_id));
    expect([stored.title, stored.content]).toEqual(['Login & <out>', '# v2']);
    expect(await em().count(Page, { item })).toBe(1);
    expect(await em().count(PageHistory, { page: stored.id })).toBe(1);
    expect(await em().count(Catalog, { item })).toBe(3);
  });

  it('answers on every URL form and parameter carrier', async () => {
    const { item, key } = await itemWithKey();
    const forms = [
      () => server.form(api('open/updatePage'), { ...key, page_title: 'Same', page_content: 'a' }),
      () => server.form('/server/?s=/api/open/updateItem', { ...key, page_title: 'Same', page_content: 'b' }),
      () => server.form('/server/api/open/updatePage', { ...key, page_title: 'Same', page_content: 'c' }),
      () => server.form('/api/item/updateByApi', { ...key, page_title: 'Same', page_content: 'd' }),
      () =>
        postJson(server, '/server/index.php?s=/api/item/updateByApi', {
          ...key,
          page_title: 'Same',
          page_content: 'e',
        }),
      () =>
        call(
          server,
          `/server/index.php?s=/api/item/updateByApi&${new URLSearchParams({ ...key, page_title: 'Same', page_content: 'f' })}`,
        ),
    ];
    const ids = new Set<string>();
    for (const send of forms) ids.add(expectOk(await send()).page_id);
    expect(ids.size).toBe(1);
    const page = await em().findOneOrFail(Page, { item });
    expect(page.content).toBe('f');
  });

  it('keeps the catalog of a legacy cat_name_sub and the order when s_number is left out', async () => {
    const { key } = await itemWithKey();
    const created = expectOk(
      await server.form(api('open/updatePage'), {
        ...key,
        cat_name: 'Top',
        cat_name_sub: 'Sub',
        page_title: 'T',
        page_content: 'x',
        s_number: 3,
      }),
    );
    expect(created.s_number).toBe('3');
    const again = expectOk(
      await server.form(api('open/updatePage'), {
        ...key,
        cat_name: 'Top/Sub',
        page_title: 'T',
        page_content: 'y',
      }),
    );
    expect([again.page_id, again.s_number]).toEqual([created.page_id, '3']);
  });

  it("refuses bad keys with 10306 and ShowDoc's other errors", async () => {
    const { key } = await itemWithKey();
    expectError(
      await server.form(api('open/updatePage'), {
        ...key,
        api_token: 'x',
        page_title: 'T',
        page_content: 'x',
      }),
      10306,
      'api_key或者api_token不匹配',
    );
    expectError(await server.form(api('open/updatePage'), { page_title: 'T' }), 10306);
    expectError(await server.form(api('open/updatePage'), { ...key, page_content: 'x' }), 10101);
    expectError(
      await server.form(api('open/updatePage'), { ...key, cat_name: 'a/b/c/d', page_title: 'T' }),
      10101,
    );
    expectError(await server.form(api('open/getPage'), key), 10101, 'page_id或page_title参数必填');
    expectError(
      await server.form(api('open/getPage'), { ...key, page_id: 999_999 }),
      10101,
      '页面不存在或已删除',
    );
    expectError(await server.form(api('open/deletePage'), key), 10101, 'page_id参数必填');
    expectError(
      await server.form(api('open/deletePage'), { ...key, page_id: 999_999 }),
      10101,
      '页面不存在或不属于该项目',
    );
    expectError(await server.form(api('open/createCatalog'), key), 10101, 'cat_name参数必填');
    expectError(await server.form(api('open/updateCatalog'), key), 10101, 'cat_id参数必填');
    expectError(
      await server.form(api('open/updateCatalog'), { ...key, cat_id: 999_999, cat_name: 'x' }),
      10101,
      '目录不存在或不属于该项目',
    );
    expectError(
      await server.form(api('open/deleteCatalog'), { ...key, cat_id: 999_999 }),
      10101,
      '目录不存在或不属于该项目',
    );
  });

  it("takes showdoc_db.sh's database dictionary, answering plain text", async () => {
    const { item, key } = await itemWithKey();
    const fields = {
      ...key,
      cat_name: '数据字典\n',
      table_info: 'TABLE_NAME\tTABLE_COMMENT\nuser\tUsers _this_and_change_ roles\n',
      table_detail:
        'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT\nuser\tid\t\tNO\tint(11)\tKey\n',
    };
    const ok = await call(server, api('open/updateDbItem'), {
      method: 'POST',
      body: new URLSearchParams(fields),
    });
    expect([ok.status, ok.contentType, ok.text]).toEqual([200, 'text/plain; charset=utf-8', '成功\n']);
    const page = await em().findOneOrFail(Page, { item, title: 'user' });
    expect(page.content).toContain('- Users & roles');
    expect((await em().findOneOrFail(Catalog, { id: page.catalog!.id })).name).toBe('数据字典');
    const wrong = await call(server, api('open/updateDbItem'), {
      method: 'POST',
      body: new URLSearchParams({ ...fields, api_token: 'x' }),
    });
    expect(wrong.text).toBe('\napi_key或者api_token不匹配\n');
    const empty = await call(server, api('open/updateDbItem'), {
      method: 'POST',
      body: new URLSearchParams(key),
    });
    expect(empty.text).toBe('失败\n');
  });

  it('reads, deletes, lists and manages catalogs', async () => {
    const { item, key } = await itemWithKey();
    const created = expectOk(
      await server.form(api('open/createCatalog'), { ...key, cat_name: 'Guide', s_number: 5 }),
    );
    expect(Object.keys(created)).toEqual([
      'cat_id',
      'cat_name',
      'item_id',
      's_number',
      'addtime',
      'parent_cat_id',
      'level',
    ]);
    expect(created).toMatchObject({
      cat_name: 'Guide',
      item_id: String(item.id),
      s_number: '5',
      parent_cat_id: '0',
      level: '2',
    });
    const sub = expectOk(
      await server.form(api('open/createCatalog'), {
        ...key,
        cat_name: 'Sub',
        parent_cat_id: created.cat_id,
      }),
    );
    expect([sub.level, sub.parent_cat_id, sub.s_number]).toEqual(['3', created.cat_id, '99']);
    const renamed = expectOk(
      await server.form(api('open/updateCatalog'), { ...key, cat_id: sub.cat_id, cat_name: 'Sub 2' }),
    );
    expect([renamed.cat_name, renamed.s_number]).toEqual(['Sub 2', '99']);
    expectError(
      await server.form(api('open/updateCatalog'), { ...key, cat_id: sub.cat_id }),
      10101,
      '请至少提供cat_name或s_number参数',
    );

    const page = expectOk(
      await server.form(api('open/updatePage'), {
        ...key,
        cat_name: 'Guide/Sub 2',
        page_title: 'P',
        page_content: 'a<b',
      }),
    );
    expect(page.cat_id).toBe(sub.cat_id);
    const root = expectOk(
      await server.form(api('open/updatePage'), { ...key, page_title: 'Root', page_content: 'r' }),
    );
    expect(expectOk(await server.form(api('open/getPage'), { ...key, page_title: 'P' })).page_id).toBe(
      page.page_id,
    );
    const got = expectOk(await server.form(api('open/getPage'), { ...key, page_id: page.page_id }));
    expect(Object.keys(got)).toEqual(PAGE_ROW_KEYS);
    expect(got.page_content).toBe('a&lt;b');

    const tree = expectOk(await server.form(api('open/getCatalogTree'), key));
    expect(tree.pages).toEqual([
      {
        page_id: root.page_id,
        page_title: 'Root',
        cat_id: '0',
        page_content: 'r',
        s_number: '99',
        page_comments: '',
      },
    ]);
    expect(tree.catalogs).toHaveLength(1);
    expect(Object.keys(tree.catalogs[0])).toEqual([
      'cat_id',
      'cat_name',
      'parent_cat_id',
      'level',
      's_number',
      'pages',
      'catalogs',
    ]);
    expect(tree.catalogs[0].catalogs[0]).toMatchObject({
      cat_name: 'Sub 2',
      level: '3',
      parent_cat_id: created.cat_id,
    });
    expect(tree.catalogs[0].catalogs[0].pages[0]).toMatchObject({
      page_id: page.page_id,
      page_content: 'a&lt;b',
    });

    expect(expectOk(await server.form(api('open/deletePage'), { ...key, page_id: root.page_id }))).toEqual({
      page_id: Number(root.page_id),
    });
    expect(
      expectOk(await server.form(api('open/deleteCatalog'), { ...key, cat_id: created.cat_id })),
    ).toEqual({
      cat_id: Number(created.cat_id),
    });
    const bin = expectOk(
      await server.form(api('recycle/getList'), { item_id: item.id, user_token: ownerToken }),
    );
    expect(bin.map((r: { del_by_username: string }) => r.del_by_username)).toEqual(['API', 'API']);
  });

  it('shows open-API writes in item/getChangeLog, ten per page as the client asks', async () => {
    const { item, key } = await itemWithKey();
    for (let i = 1; i <= 11; i++) {
      expectOk(await server.form(api('open/updatePage'), { ...key, page_title: `P${i}`, page_content: 'x' }));
    }
    const log = expectOk(
      await server.form(api('item/getChangeLog'), {
        item_id: item.id,
        page: 1,
        count: 10,
        user_token: ownerToken,
      }),
    );
    expect(Object.keys(log)).toEqual(['total', 'list']);
    expect(log.total).toBe(11);
    expect(log.list).toHaveLength(10);
    expect(Object.keys(log.list[0])).toEqual([
      'id',
      'uid',
      'item_id',
      'op_action_type',
      'op_object_type',
      'op_object_id',
      'op_object_name',
      'remark',
      'optime',
      'username',
      'name',
      'oper',
      'op_action_type_desc',
      'op_object_type_desc',
    ]);
    expect(log.list[0]).toMatchObject({
      uid: '0',
      item_id: String(item.id),
      op_action_type: 'create',
      op_object_type: 'page',
      op_object_name: 'P11',
      remark: 'API',
      username: 'API',
      name: '',
      oper: 'API',
      op_action_type_desc: '创建',
      op_object_type_desc: '页面(或接口)',
    });
    expect(log.list[0].optime).toMatch(LOCAL_TIME);
    const second = expectOk(
      await server.form(api('item/getChangeLog'), {
        item_id: item.id,
        page: 2,
        count: 10,
        user_token: ownerToken,
      }),
    );
    expect(second.list.map((e: { op_object_name: string }) => e.op_object_name)).toEqual(['P1']);
    const defaults = expectOk(
      await server.form(api('item/getChangeLog'), {
        item_id: item.id,
        page: 0,
        count: 500,
        user_token: ownerToken,
      }),
    );
    expect(defaults.list).toHaveLength(11);

    // A user's own change shows their name.
    expectOk(
      await server.form(api('catalog/save'), { item_id: item.id, cat_name: 'Mine', user_token: ownerToken }),
    );
    const mine = expectOk(
      await server.form(api('item/getChangeLog'), { item_id: item.id, user_token: ownerToken }),
    );
    expect(mine.list[0]).toMatchObject({
      uid: String(owner.id),
      username: owner.username,
      oper: owner.username,
      op_object_type_desc: '目录',
    });
    expectError(await server.form(api('item/getChangeLog'), { item_id: item.id }), 10102);
    const stranger = await buildSession(em(), await buildUser(em()));
    expectError(
      await server.form(api('item/getChangeLog'), { item_id: item.id, user_token: stranger }),
      10101,
      '没有编辑权限',
    );
  });
});
