// compat-api §3.15 (item/search) over real form-encoded HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, MemberGroup, type Item, type Page, type User } from '../../db/src';
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
import { api, expectError, expectOk } from './wire-helpers';

const HIT_KEYS = [
  'page_id',
  'author_uid',
  'author_username',
  'item_id',
  'cat_id',
  'page_title',
  's_number',
  'addtime',
  'page_comments',
  'is_del',
  'page_addtime',
  'ext_info',
  'is_draft',
  'search_content',
  'item_name',
];

describe.each(testDatabases())('ShowDoc item/search on $name', (target) => {
  let server: TestServer;
  let owner: User, scoped: User, stranger: User;
  let ownerToken: string, scopedToken: string, strangerToken: string;
  let item: Item, locked: Item;
  let guide: Catalog, other: Catalog;
  let long: Page, markup: Page, nested: Page;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_isearch_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    scoped = await buildUser(em);
    stranger = await buildUser(em);
    item = await buildItem(em, owner, { name: '接口项目' });
    locked = await buildItem(em, owner, { name: 'Locked', password: 'pwd-1' });
    guide = await buildCatalog(em, item, { name: 'Guide' });
    other = await buildCatalog(em, item, { name: 'Other' });
    const sub = await buildCatalog(em, item, { name: 'Sub', parent: guide });
    long = await buildPage(em, item, {
      title: 'Long page',
      catalog: guide,
      sNumber: 2,
      content: `${'前'.repeat(150)}接口文档${'后'.repeat(300)}`,
    });
    markup = await buildPage(em, item, {
      title: 'Markup',
      catalog: other,
      sNumber: 1,
      content: `<b>"接口" & 'x'</b>`,
    });
    nested = await buildPage(em, item, { title: 'Nested 接口', catalog: sub, sNumber: 3, content: 'deep' });
    await buildPage(em, item, { title: 'Root 接口', content: 'root page' });
    await buildPage(em, item, { title: 'Draft 接口', content: 'mine', isDraft: true });
    await buildPage(em, item, { title: 'Gone 接口', content: 'deleted', deletedAt: new Date() });
    await buildPage(em, locked, { title: 'Locked 接口', content: 'secret' });
    buildMember(em, item, scoped, MemberGroup.ReadOnly, [guide]);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    scopedToken = await buildSession(em, scoped);
    strangerToken = await buildSession(em, stranger);
    // The pages' plain text (what snippets are cut from, issue #22) is written in the background.
    await server.plainText.idle();
  });
  afterAll(async () => server?.close());

  const search = (fields: Record<string, string | number>, token?: string) =>
    server.form(api('item/search'), token ? { ...fields, user_token: token } : fields);

  it('answers the item and its matching pages: PageRow without content, plus snippet and item name', async () => {
    const data = expectOk(await search({ item_id: item.id, keyword: '接口' }, ownerToken));
    expect(Object.keys(data)).toEqual(['item_id', 'item_name', 'pages']);
    expect(data.item_id).toBe(item.id);
    expect(data.item_name).toBe('接口项目');
    // s_number order; drafts (even the caller's own) and deleted pages left out.
    expect(data.pages.map((p: { page_title: string }) => p.page_title)).toEqual([
      'Markup',
      'Long page',
      'Nested 接口',
      'Root 接口',
    ]);
    const [first] = data.pages;
    expect(Object.keys(first)).toEqual(HIT_KEYS);
    expect(first).toEqual(
      expect.objectContaining({
        page_id: String(markup.id),
        item_id: item.id,
        cat_id: String(other.id),
        s_number: '1',
        is_del: '0',
        is_draft: '0',
        author_uid: String(owner.id),
        item_name: '接口项目',
      }),
    );
    expect(first.addtime).toMatch(/^\d+$/);
  });

  it("cuts ShowDoc's snippet: 100 characters before the match, keyword length + 200, dots around", async () => {
    const data = expectOk(await search({ item_id: item.id, keyword: '接口文档' }, ownerToken));
    expect(data.pages).toHaveLength(1);
    expect(data.pages[0].page_id).toBe(String(long.id));
    expect(data.pages[0].search_content).toBe(`...${'前'.repeat(100)}接口文档${'后'.repeat(100)}...`);
  });

  it('sends the snippet HTML-escaped, as ShowDoc stores content, and finds markup as written', async () => {
    const data = expectOk(await search({ item_id: item.id, keyword: '"接口"' }, ownerToken));
    expect(data.pages.map((p: { page_id: string }) => p.page_id)).toEqual([String(markup.id)]);
    // Cut from the page as readers see it (issue #22): the tags are gone, the text is escaped.
    expect(data.pages[0].search_content).toBe('...&quot;接口&quot; &amp; &#039;x&#039;...');
    // A match only in the markup keeps the source's window, so the snippet still shows it.
    const tag = expectOk(await search({ item_id: item.id, keyword: '<B>' }, ownerToken));
    expect(tag.pages).toHaveLength(1);
    expect(tag.pages[0].search_content).toBe('...&lt;b&gt;&quot;接口&quot; &amp; &#039;x&#039;&lt;/b&gt;...');
  });

  it('ignores ASCII case and takes LIKE wildcards literally', async () => {
    const data = expectOk(await search({ item_id: item.id, keyword: 'DEEP' }, ownerToken));
    expect(data.pages.map((p: { page_id: string }) => p.page_id)).toEqual([String(nested.id)]);
    expect(expectOk(await search({ item_id: item.id, keyword: '%' }, ownerToken)).pages).toEqual([]);
    expect(expectOk(await search({ item_id: item.id, keyword: '_' }, ownerToken)).pages).toEqual([]);
  });

  it('keeps a scoped member inside the allowed catalogs and their sub-catalogs, root pages excluded', async () => {
    const data = expectOk(await search({ item_id: item.id, keyword: '接口' }, scopedToken));
    expect(data.pages.map((p: { page_title: string }) => p.page_title)).toEqual(['Long page', 'Nested 接口']);
  });

  it('answers 10101 参数错误 without item_id or keyword', async () => {
    expectError(await search({ keyword: '接口' }, ownerToken), 10101, '参数错误');
    expectError(await search({ item_id: item.id }, ownerToken), 10101, '参数错误');
    expectError(await search({ item_id: item.id, keyword: '   ' }, ownerToken), 10101, '参数错误');
    expectError(await search({ item_id: 'abc', keyword: '接口' }, ownerToken), 10101, '参数错误');
  });

  it('answers 10303 没有权限 to a caller who may not read the item, 10101 for a missing one', async () => {
    expectError(await search({ item_id: locked.id, keyword: '接口' }, strangerToken), 10303, '没有权限');
    const withPassword = expectOk(
      await search({ item_id: locked.id, keyword: '接口', _item_pwd: 'pwd-1' }, strangerToken),
    );
    expect(withPassword.pages.map((p: { page_title: string }) => p.page_title)).toEqual(['Locked 接口']);
    expectError(await search({ item_id: 987654321, keyword: '接口' }, ownerToken), 10101, '项目不存在');
  });

  it("names the item as it is now when a search is asked again after the item's rename", async () => {
    const em = server.db.orm.em.fork();
    const renamed = await buildItem(em, owner, { name: 'Before' });
    await buildPage(em, renamed, { title: 'Renamed 接口', content: 'kept rows' });
    await em.flush();
    await server.plainText.idle();
    const first = expectOk(await search({ item_id: renamed.id, keyword: '接口' }, ownerToken));
    expect(first.pages.map((p: { item_name: string }) => p.item_name)).toEqual(['Before']);
    expectOk(
      await server.form(api('item/update'), {
        item_id: renamed.id,
        item_name: 'After',
        user_token: ownerToken,
      }),
    );
    const again = expectOk(await search({ item_id: renamed.id, keyword: '接口' }, ownerToken));
    expect(again.item_name).toBe('After');
    expect(again.pages.map((p: { item_name: string }) => p.item_name)).toEqual(['After']);
  });

  it('needs a login (10102)', async () => {
    expectError(await search({ item_id: item.id, keyword: '接口' }), 10102);
  });

  it('answers the GraphQL search with hits, catalog paths and highlights', async () => {
    const answer = await server.graphql<{
      search: {
        totalCount: number;
        edges: Array<{
          node: {
            page: { id: number; title: string };
            item: { id: number; name: string };
            catalogPath: string[];
            snippet: string;
            highlights: Array<{ start: number; end: number }>;
          };
        }>;
      };
    }>(
      `query ($q: String!) { search(query: $q, first: 10) { totalCount edges { node {
         page { id title } item { id name } catalogPath snippet highlights { start end } } } } }`,
      { q: 'deep' },
      ownerToken,
    );
    expect(answer.errors).toBeUndefined();
    const hit = answer.data?.search.edges[0]?.node;
    expect(answer.data?.search.totalCount).toBe(1);
    expect(hit).toEqual({
      page: { id: nested.id, title: 'Nested 接口' },
      item: { id: item.id, name: '接口项目' },
      catalogPath: ['Guide', 'Sub'],
      snippet: 'deep',
      highlights: [{ start: 0, end: 4 }],
    });
    const bad = await server.graphql(`{ search(query: " ") { totalCount } }`, {}, ownerToken);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });
});
