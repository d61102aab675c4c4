// compat-api §13 (mock/*) over real form-encoded HTTP, the three mock URL forms, and the safety of
// templates and regex paths (issue #21): refused or cut off while the server keeps answering.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, Mock, type Item, type Page, type User } from '../../db/src';
import { buildItem, buildMember, buildPage, buildSession, buildUser } from '../support/factories';
import { healthLatencyDuring } from '../support/health-probe';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, call, expectError, expectOk, get } from './wire-helpers';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const TEMPLATE = JSON.stringify({
  'list|3': [{ 'id|+1': 1, name: '@cname', email: '@email', 'age|18-60': 1 }],
  note: 'a <b> & "c"',
});

describe.each(testDatabases())('ShowDoc mocks on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let ownerToken: string, readerToken: string, strangerToken: string;
  let item: Item, page: Page, other: Page;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_mock_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    const reader = await buildUser(em);
    const stranger = await buildUser(em);
    item = await buildItem(em, owner, { password: 'item-secret' });
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    page = await buildPage(em, item);
    other = await buildPage(em, item);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    readerToken = await buildSession(em, reader);
    strangerToken = await buildSession(em, stranger);
  }, 120_000);
  afterAll(async () => server?.close());

  const post = (route: string, fields: Record<string, string | number>, token?: string) =>
    server.form(api(route), token ? { ...fields, user_token: token } : fields);

  it('adds a mock, keeps its key on update, and shows the row to readers', async () => {
    const added = expectOk(await post('mock/add', { page_id: page.id, template: TEMPLATE }, ownerToken));
    expect(Object.keys(added).sort()).toEqual(['page_id', 'path', 'unique_key']);
    expect(added.page_id).toBe(page.id);
    expect(added.path).toBe('/');
    expect(added.unique_key).toMatch(/^[0-9a-f]{32}$/);

    const updated = expectOk(
      await post('mock/add', { page_id: page.id, template: TEMPLATE, path: 'users/list' }, ownerToken),
    );
    expect(updated).toEqual({ page_id: page.id, path: '/users/list', unique_key: added.unique_key });

    const row = expectOk(await post('mock/infoByPageId', { page_id: page.id }, readerToken));
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'unique_key',
        'uid',
        'page_id',
        'item_id',
        'view_times',
        'template',
        'addtime',
        'last_update_time',
        'path',
      ].sort(),
    );
    expect(row).toMatchObject({
      unique_key: added.unique_key,
      uid: String(owner.id),
      page_id: String(page.id),
      item_id: String(item.id),
      view_times: '0',
      template: TEMPLATE,
      path: '/users/list',
    });
    expect(row.addtime).toMatch(LOCAL_TIME);
    expect(row.last_update_time).toMatch(LOCAL_TIME);
    expect(expectOk(await post('mock/infoByPageId', { page_id: other.id }, readerToken))).toEqual([]);
  });

  it('refuses readers, strangers and templates that are not truthy JSON', async () => {
    expectError(await post('mock/add', { page_id: page.id, template: '{}' }, readerToken), 10303, '没有权限');
    expectError(await post('mock/add', { page_id: page.id, template: '{}' }, strangerToken), 10303);
    expectError(await post('mock/infoByPageId', { page_id: page.id }, strangerToken), 10103, '没有权限');
    expectError(await post('mock/add', { page_id: 0, template: '{}' }, ownerToken), 10101, '页面不存在');
    for (const template of ['[]', '0', 'false', 'not json', '']) {
      expectError(
        await post('mock/add', { page_id: other.id, template }, ownerToken),
        10101,
        '为了服务器安全，只允许写符合json语法的字符串',
      );
    }
    // HTML-escaped JSON (as some ShowDoc clients send it) is unescaped first.
    expectOk(await post('mock/add', { page_id: other.id, template: '{&quot;a&quot;:1}' }, ownerToken));
  });

  it('serves generated JSON at every URL form and counts the views', async () => {
    const key = expectOk(await post('mock/infoByPageId', { page_id: page.id }, ownerToken)).unique_key;
    const forms = [
      `/server/mock-data/${key}`,
      `/server/mock-path/${item.id}?path=/users/list`,
      `/server/index.php?s=mock-path/${item.id}&path=/users/list`,
      `/server/index.php?s=/mock-path/${item.id}&path=users/list`,
    ];
    for (const url of forms) {
      const answer = await get(server, url);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.body.list).toHaveLength(3);
      expect(answer.body.list.map((u: { id: number }) => u.id)).toEqual([1, 2, 3]);
      expect(typeof answer.body.list[0].name).toBe('string');
      expect(answer.body.list[0].name).not.toBe('@cname');
      expect(answer.body.list[0].email).toMatch(/@/);
      expect(answer.body.list[0].age).toBeGreaterThanOrEqual(18);
      // ShowDoc re-encodes < > & ' " inside strings.
      expect(answer.text).toContain('a \\u003Cb\\u003E \\u0026 \\u0022c\\u0022');
      expect(answer.body.note).toBe('a <b> & "c"');
    }
    // POST carries the path in the body.
    const posted = await call(server, `/server/mock-path/${item.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'path=%2Fusers%2Flist',
    });
    expect(posted.status).toBe(200);
    const row = expectOk(await post('mock/infoByPageId', { page_id: page.id }, ownerToken));
    expect(row.view_times).toBe(String(forms.length + 1));
  });

  it('matches the exact path first, then regex paths by id, and answers 404/400 in text', async () => {
    const regexPage = await buildPage(server.db.orm.em.fork(), item);
    expectOk(
      await post(
        'mock/add',
        { page_id: regexPage.id, template: '{"kind":"regex","id|1-9":1}', path: '~^/users/\\d+$' },
        ownerToken,
      ),
    );
    const byRegex = await get(server, `/server/mock-path/${item.id}?path=/users/42`);
    expect(byRegex.status).toBe(200);
    expect(byRegex.body.kind).toBe('regex');
    expect((await get(server, `/server/mock-path/${item.id}?path=/users/list`)).body.list).toHaveLength(3);

    const missing = await get(server, `/server/mock-path/${item.id}?path=/nothing`);
    expect(missing).toMatchObject({ status: 404, text: 'no such path' });
    expect(missing.contentType).toMatch(/^text\/plain/);
    expect(await get(server, `/server/mock-data/${'0'.repeat(32)}`)).toMatchObject({
      status: 404,
      text: 'no such key',
    });
    expect(await get(server, `/server/mock-path/${item.id}?path=/${'x'.repeat(2100)}`)).toMatchObject({
      status: 400,
      text: 'path too long',
    });
  });

  it('refuses function templates, @function and @regex bombs, huge templates and backtracking paths', async () => {
    const refused = async (fields: Record<string, string>, message?: RegExp) =>
      expectError(await post('mock/add', { page_id: other.id, ...fields }, ownerToken), 10101, message);
    await refused({ template: '{"a":"function(){return process.exit(1)}"}' }, /函数/);
    await refused({ template: '{"a":"() => 1"}' }, /函数/);
    await refused({ template: '{"a":"@function(1)"}' }, /@function/);
    await refused({ template: '{"a":"@regex(\'(a+)+b\')"}' }, /@regex/);
    await refused({ template: '{"a":"@regex(\'a{1,999999}\')"}' }, /@regex/);
    await refused({ template: '{"a|1-100000000":"x"}' }, /1000/);
    for (const path of [
      '~(a+)+$',
      '~^(a|a)*$',
      '~(x*)*y',
      '~a{1,2}b{1,2}c{1,2}d{1,2}',
      '~([)',
      `~${'a'.repeat(500)}`,
    ])
      await refused({ template: '{"a":1}', path }, /正则路径/);
    const tenMb = JSON.stringify({ blob: 'x'.repeat(10 * 1024 * 1024) });
    const big = await post('mock/add', { page_id: other.id, template: tenMb }, ownerToken);
    expect(big.status).toBe(200);
    expect(big.body.error_code).toBe(10101);
    // Nothing of the refused saves was stored.
    const row = expectOk(await post('mock/infoByPageId', { page_id: other.id }, ownerToken));
    expect(row.template).toBe('{"a":1}');
    expect(row.path).toBe('/');
  });

  it("never evaluates a placeholder's arguments", async () => {
    const evil = await buildPage(server.db.orm.em.fork(), item);
    const key = expectOk(
      await post(
        'mock/add',
        {
          page_id: evil.id,
          template: JSON.stringify({ a: "@string(globalThis.pwned = 'yes', 3)", b: '@integer(1, 1)' }),
          path: '/evil',
        },
        ownerToken,
      ),
    ).unique_key;
    const answer = await get(server, `/server/mock-data/${key}`);
    expect(answer.status).toBe(200);
    expect(answer.body.b).toBe(1);
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
  });

  it('refuses a template that generates too much, and cuts one off that reached the table', async () => {
    const heavyTemplate = '{"a|1000":[{"b|1000":["@paragraph(10)"]}]}';
    expectError(
      await post('mock/add', { page_id: other.id, template: heavyTemplate }, ownerToken),
      10101,
      /20000/,
    );
    expectError(
      await post('mock/add', { page_id: other.id, template: '{"a":"@string(99999999)"}' }, ownerToken),
      10101,
    );
    // Number ranges are values, not repeat counts.
    expectOk(await post('mock/add', { page_id: other.id, template: '{"id|1-100000":1}' }, ownerToken));
    // Written past the service's checks, as an older ShowDoc database might hold it.
    const em = server.db.orm.em.fork();
    const heavy = await buildPage(em, item);
    const key = 'e'.repeat(32);
    em.persist(
      em.create(Mock, {
        uniqueKey: key,
        page: heavy,
        item,
        user: owner,
        template: heavyTemplate,
        path: '/heavy',
      }),
    );
    await em.flush();
    const answers: Array<{ status: number; text: string }> = [];
    const latency = await healthLatencyDuring(server.url, async () =>
      answers.push(await get(server, `/server/mock-data/${key}`)),
    );
    expect(Number.isFinite(latency)).toBe(true);
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(/too long|too large/);
    }
    // The pool recovers: a small mock still answers.
    expect((await get(server, `/server/mock-path/${item.id}?path=/users/list`)).status).toBe(200);
    await em.nativeDelete(Mock, { uniqueKey: key });
  });

  it('cuts off a catastrophic regex path that reached the table, and keeps answering', async () => {
    // Written past the service's checks, as an older ShowDoc database might hold it.
    const em = server.db.orm.em.fork();
    const bomb = await buildPage(em, item);
    em.persist(
      em.create(Mock, {
        uniqueKey: 'f'.repeat(32),
        page: bomb,
        item,
        user: owner,
        template: '{"bomb":true}',
        path: '~^(a+)+$',
      }),
    );
    await em.flush();
    const answers: Array<{ status: number; text: string }> = [];
    const latency = await healthLatencyDuring(server.url, async () =>
      answers.push(await get(server, `/server/mock-path/${item.id}?path=/${'a'.repeat(40)}!`)),
    );
    expect(Number.isFinite(latency)).toBe(true);
    for (const answer of answers) expect(answer).toMatchObject({ status: 404, text: 'no such path' });
    expect((await get(server, `/server/mock-path/${item.id}?path=/users/list`)).status).toBe(200);
    await em.nativeDelete(Mock, { uniqueKey: 'f'.repeat(32) });
  });
});
