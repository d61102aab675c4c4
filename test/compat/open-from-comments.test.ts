// compat-api §18.3: `open/fromComments` (= `fromComments/generate`) fed exactly as ShowDoc's
// showdoc_api.sh feeds it: the doc-comment blocks of a source file, `&` sent as `_this_and_change_`,
// posted raw with curl's --data-binary (no URL encoding).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, ItemType, Page, type Item, type User } from '../../db/src';
import { buildItem, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, call, expectOk } from './wire-helpers';

// What showdoc_api.sh's sed keeps of a PHP controller: its doc-comment blocks.
const SOURCE = `/**
    * showdoc
    * @catalog 测试文档/用户相关
    * @title 用户登录
    * @description 用户登录的接口
    * @method get
    * @url https://www.showdoc.cc/home/user/login
    * @header token 可选 string 设备token
    * @param username 必选 string 用户名
    * @param password 必选 string 密码
    * @param name 可选 string 用户昵称
    * @return {"error_code":0,"data":{"uid":"1","username":"12154545","name":"吴系挂","groupid":2,"reg_time":"1436864169","last_login_time":"0"}}
    * @return_param groupid int 用户组id
    * @return_param name string 用户昵称
    * @remark 这里是备注信息 & more
    * @number 3
    */
    /**
     * A plain comment, not for ShowDoc.
     */
    /**
    * showdoc
    * @catalog 测试文档/用户相关
    * @title 修改资料
    * @method post
    * @url https://www.showdoc.cc/home/user/update
    * @json_param {"uid":1,"name":"新名字"}
    * @param uid 必选 int 用户id
    * @param name 可选 string 新的昵称
    * @return {"error_code":0}
    */`;

/** The body showdoc_api.sh sends: `&` in the text replaced, then posted as is. */
const scriptBody = (key: { api_key: string; api_token: string }, source: string) =>
  `from=shell&api_key=${key.api_key}&api_token=${key.api_token}&content=${source.replace(/&/g, '_this_and_change_')}`;

describe.each(testDatabases())('ShowDoc open/fromComments on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let ownerToken: string;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_fromcomments_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    ownerToken = await buildSession(em, owner);
  }, 120_000);
  afterAll(async () => server?.close());

  const em = () => server.db.orm.em.fork();

  async function itemWithKey(type?: (typeof ItemType)[keyof typeof ItemType]) {
    const item: Item = await buildItem(em(), owner, type === undefined ? {} : { type });
    const key = expectOk(await server.form(api('item/getKey'), { item_id: item.id, user_token: ownerToken }));
    return { item, key: { api_key: key.api_key as string, api_token: key.api_token as string } };
  }

  const post = (route: string, body: string) =>
    call(server, `/server/index.php?s=/api/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body,
    });

  it('writes one Markdown page per ShowDoc block, in its catalog, and updates them on the next run', async () => {
    const { item, key } = await itemWithKey();
    const answer = await post('open/fromComments', scriptBody(key, SOURCE));
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/plain/);
    expect(answer.text).toBe('\n 成功 \n\n ');

    const pages = await em().find(Page, { item }, { orderBy: { id: 'asc' }, populate: ['catalog'] });
    expect(pages.map((p) => p.title)).toEqual(['用户登录', '修改资料']);
    const catalogs = await em().find(Catalog, { item }, { orderBy: { level: 'asc' } });
    expect(catalogs.map((c) => c.name)).toEqual(['测试文档', '用户相关']);
    expect(pages.every((p) => p.catalog?.id === catalogs[1]!.id)).toBe(true);
    expect(pages[0]!.sNumber).toBe(3);

    const login = pages[0]!.content;
    expect(login).toContain('##### 简要描述\n\n- 用户登录的接口');
    // GET: the params are query params, and the URL is shown without the appended query names.
    expect(login).toContain('##### 请求URL\n\n- `https://www.showdoc.cc/home/user/login`');
    expect(login).toContain('##### 请求方式\n\n- GET');
    expect(login).toContain('##### Header');
    expect(login).toContain('|token||否|string|设备token|');
    expect(login).toContain('##### 请求Query参数');
    expect(login).toContain('|username||是|string|用户名|');
    expect(login).toContain('|name||否|string|用户昵称|');
    expect(login).toContain('"reg_time": "1436864169"');
    expect(login).toContain('|groupid|int|用户组id|');
    // `&` arrived as `_this_and_change_` and is restored.
    expect(login).toContain('##### 备注\n\n这里是备注信息 & more');

    const update = pages[1]!.content;
    expect(update).toContain('- POST');
    expect(update).toContain('##### 请求参数示例');
    expect(update).toContain('"name": "新名字"');
    expect(update).toContain('##### json字段说明');
    expect(update).toContain('|uid||是|int|用户id|');

    // The script runs again on every build: the same pages are updated, none added.
    const again = await post('open/fromComments', scriptBody(key, SOURCE.replace('用户登录的接口', '登录')));
    expect(again.text).toBe('\n 成功 \n\n ');
    expect(await em().count(Page, { item })).toBe(2);
    expect((await em().findOneOrFail(Page, pages[0]!.id)).content).toContain('- 登录');
  });

  it('keeps RunApi JSON in RunApi items, with GET params as query and in the URL', async () => {
    const { item, key } = await itemWithKey(ItemType.ApiClient);
    const answer = await post('fromComments/generate', scriptBody(key, SOURCE));
    expect(answer.text).toBe('\n 成功 \n\n ');
    const login = await em().findOneOrFail(Page, { item, title: '用户登录' });
    const doc = JSON.parse(login.content);
    expect(doc.info).toMatchObject({
      from: 'runapi',
      method: 'get',
      url: 'https://www.showdoc.cc/home/user/login?username=&password=&name=&',
    });
    expect(doc.request.query.map((p: { name: string; require: string }) => [p.name, p.require])).toEqual([
      ['username', '1'],
      ['password', '1'],
      ['name', '0'],
    ]);
    expect(doc.request.headers[0]).toMatchObject({ name: 'token', type: 'string', remark: '设备token' });
    expect(doc.response.responseParamsDesc.map((p: { name: string }) => p.name)).toEqual(['groupid', 'name']);
  });

  it('answers the key mismatch and 失败 in plain text, writing nothing', async () => {
    const { item, key } = await itemWithKey();
    const wrong = await post('open/fromComments', scriptBody({ ...key, api_token: 'nope' }, SOURCE));
    expect(wrong.status).toBe(200);
    expect(wrong.text).toBe('\napi_key或者api_token不匹配\n\n');
    const nothing = await post('open/fromComments', scriptBody(key, '/** just a comment @title x */'));
    expect(nothing.text).toBe('失败');
    expect(await em().count(Page, { item })).toBe(0);
  });
});
