// Issue #15: a NUL byte in any string answered HTTP 500 (the SQLite driver cut the statement at it).
// Both doors refuse NUL and other control characters with a clear error and change nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, Item, Page, type User } from '../../db/src';
import { buildCatalog, buildItem, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

describe.each(testDatabases())('NUL and control characters on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let token: string;
  let itemId: number;

  beforeAll(async () => {
    server = await startTestServer(target, `sec_nul_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    token = await buildSession(em, owner);
    itemId = (await buildItem(em, owner, { name: 'Clean' })).id;
  });
  afterAll(async () => server?.close());

  const counts = async () => {
    const em = server.db.orm.em.fork();
    return { items: await em.count(Item, {}), pages: await em.count(Page, {}) };
  };
  const rest = (route: string, fields: Record<string, string | number>) =>
    server.form(`/server/index.php?s=/api/${route}`, fields);

  it.each([
    ['a name', 'item/add', { item_name: 'bad\u0000name' }],
    ['content', 'page/save', { page_title: 'T', page_content: 'a\u0000b' }],
    ['a title, with another control character', 'page/save', { page_title: 'T\u0007', page_content: 'x' }],
    ['a keyword', 'item/search', { keyword: 'a\u0000' }],
    [
      'a login',
      'user/login',
      { username: 'ad\u0000min', password: 'x', captcha_id: 1, captcha: TEST_CAPTCHA },
    ],
  ])('REST refuses %s with 10101 and changes nothing', async (_what, route, fields) => {
    const before = await counts();
    const answer = await rest(route, { user_token: token, item_id: itemId, ...fields });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ error_code: 10101, error_message: expect.stringMatching(/控制字符/) });
    expect(await counts()).toEqual(before);
  });

  it('REST refuses a control character in the query string and in a path parameter', async () => {
    const query = await server.form(`/server/index.php?s=/api/item/search&keyword=a%00b`, {
      user_token: token,
      item_id: itemId,
    });
    expect(query.body.error_code).toBe(10101);
    const path = await server.form(`/api/item/search/keyword/a%01b`, { user_token: token, item_id: itemId });
    expect(path.body.error_code).toBe(10101);
  });

  it('REST refuses a NUL that appears only once the action decodes a value', async () => {
    const before = await counts();
    const e = server.db.orm.em.fork();
    const catalog = await buildCatalog(e, await e.findOneOrFail(Item, { id: itemId }), { name: 'Kept' });
    await e.flush();
    // `is_urlencode=1`: the content is percent-encoded once more, so the door first sees `%00`.
    const encoded = await rest('page/save', {
      user_token: token,
      item_id: itemId,
      page_title: 'Encoded',
      page_content: 'a%00b',
      is_urlencode: 1,
    });
    expect(encoded.body).toEqual({ error_code: 10101, error_message: expect.stringMatching(/控制字符/) });
    // A JSON parameter: the door sees the six characters `\u0000`, the decoded name holds a NUL.
    const renamed = await rest('catalog/batUpdate', {
      user_token: token,
      item_id: itemId,
      cats: JSON.stringify([{ cat_id: catalog.id, cat_name: 'bad\\u0000name', parent_cat_id: 0 }]).replace(
        '\\\\u0000',
        '\\u0000',
      ),
    });
    expect(renamed.body).toEqual({ error_code: 10101, error_message: expect.stringMatching(/控制字符/) });
    expect(await counts()).toEqual(before);
    expect((await server.db.orm.em.fork().findOneOrFail(Catalog, { id: catalog.id })).name).toBe('Kept');
  });

  it('REST keeps tab, line feed and carriage return in content', async () => {
    const answer = await rest('page/save', {
      user_token: token,
      item_id: itemId,
      page_title: 'Tabs',
      page_content: 'a\tb\r\nc',
    });
    expect(answer.body.error_code).toBe(0);
    const page = await server.db.orm.em.fork().findOneOrFail(Page, { title: 'Tabs' });
    expect(page.content).toBe('a\tb\r\nc');
  });

  const graphqlCases: Array<[string, string, Record<string, unknown>]> = [
    [
      'a name in variables',
      'mutation($input: CreateItemInput!) { createItem(input: $input) { id } }',
      { input: { name: 'bad\u0000name' } },
    ],
    ['a name as an inline literal', 'mutation { createItem(input: { name: "bad\\u0000name" }) { id } }', {}],
    [
      'content',
      'mutation($input: SavePageInput!) { savePage(input: $input) { id } }',
      { input: { itemId: 0, title: 'T', content: 'a\u0000b' } },
    ],
    ['a keyword', 'query($q: String!) { search(query: $q) { totalCount } }', { q: 'a\u0000' }],
    [
      'a login',
      'mutation($input: LoginInput!) { login(input: $input) { token } }',
      { input: { login: 'ad\u0000min', password: 'x', captchaId: 1, captcha: TEST_CAPTCHA } },
    ],
  ];

  it.each(graphqlCases)(
    'GraphQL refuses %s with BAD_USER_INPUT and changes nothing',
    async (_what, query, variables) => {
      const before = await counts();
      const answer = await server.graphql(
        query,
        JSON.parse(JSON.stringify(variables).replace('"itemId":0', `"itemId":${itemId}`)) as Record<
          string,
          unknown
        >,
        token,
      );
      expect(answer.data ?? null).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.message).toMatch(/control characters/);
      expect(await counts()).toEqual(before);
    },
  );
});
