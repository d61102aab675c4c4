import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Item, type User } from '../../../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';
import { parseShowdocComments, runApiMarkdown } from '../../domain';

/** The editor's API template (web/src/features/templates/docTemplates.ts), as a user fills it in. */
const API_TEMPLATE_PAGE = `##### 简要描述

- 用户注册接口

##### 请求URL
- \` http://xx.com/api/user/register \`

##### 请求方式
- POST

##### 参数

|参数名|必选|类型|说明|
|:----    |:---|:----- |-----   |
|username |是  |string |用户名   |
|password |是  |string | 密码    |
|age     |否  |int | 年龄     |

##### 返回示例

\`\`\`json
{
  "error_code": 0,
  "data": { "uid": "1", "groupid": 2 }
}
\`\`\`

##### 返回参数说明

|参数名|类型|说明|
|:-----  |:-----|-----                           |
|groupid |int   |用户组id  |

##### 备注

- 更多返回错误代码请看首页的错误代码描述
`;

const RUNAPI_PAGE = JSON.stringify({
  info: {
    from: 'runapi',
    type: 'api',
    title: 'Get user',
    method: 'get',
    url: '{{host}}/users/:id',
    description: 'One user',
  },
  request: {
    params: { mode: 'formdata', json: '', formdata: [] },
    query: [{ name: 'fields', type: 'string', value: 'name', require: '0', remark: 'Fields to return' }],
    headers: [{ name: 'X-Token', type: 'string', value: '', require: '1', remark: 'Session' }],
    pathVariable: [{ name: 'id', type: 'int', value: '7', require: '1', remark: 'User id' }],
  },
  response: { responseExample: '{"id":7,"name":"Ann","tags":["a"]}', responseParamsDesc: [] },
});

const COMMENT = `/**
 * showdoc
 * @title Update profile
 * @method put
 * @url https://api.example.com/profile
 * @json_param {"name":"Ann","age":3}
 * @param name 必选 string New name
 * @return {"ok":true}
 */`;

interface Exported {
  openApiExport: { json: string; operationCount: number; duplicates: string[]; downloadPath: string };
}

const EXPORT = `query($id: Int!) { openApiExport(itemId: $id) { json operationCount duplicates downloadPath } }`;

describe.each(testDatabases())('OpenAPI 3.1 export on $name', (target) => {
  let server: TestServer;
  let owner: User, stranger: User, scoped: User;
  let ownerToken: string, strangerToken: string, scopedToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, 'openapi_export');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    stranger = await buildUser(em);
    scoped = await buildUser(em);
    item = await buildItem(em, owner, { name: 'Shop API', password: 'secret' });
    const users = await buildCatalog(em, item, { name: 'Users' });
    const admin = await buildCatalog(em, item, { name: 'Admin' });
    const accounts = await buildCatalog(em, item, { name: 'Accounts', parent: users });
    await buildPage(em, item, { title: 'Register', content: API_TEMPLATE_PAGE, catalog: users });
    await buildPage(em, item, { title: 'Get user', content: RUNAPI_PAGE, catalog: accounts });
    const [generated] = parseShowdocComments(COMMENT);
    await buildPage(em, item, {
      title: 'Update profile',
      content: runApiMarkdown(generated!.doc),
      catalog: admin,
    });
    await buildPage(em, item, { title: 'Read me', content: '# Just prose\n\nNo API here.' });
    await buildPage(em, item, {
      title: 'Draft',
      content: API_TEMPLATE_PAGE.replace('/register', '/draft'),
      isDraft: true,
    });
    // The same method and path again: left out, and said so.
    await buildPage(em, item, { title: 'Register again', content: API_TEMPLATE_PAGE, catalog: admin });
    buildMember(em, item, scoped, MemberGroup.ReadOnly, [users]);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    strangerToken = await buildSession(em, stranger);
    scopedToken = await buildSession(em, scoped);
  }, 120_000);
  afterAll(async () => server?.close());

  it('exports the API pages as a valid OpenAPI 3.1 document with parameters, bodies, responses and tags', async () => {
    const answer = await server.graphql<Exported>(EXPORT, { id: item.id }, ownerToken);
    expect(answer.errors).toBeUndefined();
    const result = answer.data!.openApiExport;
    expect(result.operationCount).toBe(3);
    expect(result.duplicates).toEqual(['POST /api/user/register (Register again)']);
    const doc = JSON.parse(result.json);
    // Validated by the parser the import uses (a copy: it dereferences in place).
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Shop API');
    expect(doc.servers).toEqual([{ url: 'http://xx.com' }, { url: 'https://api.example.com' }]);
    expect(doc.tags.map((t: { name: string }) => t.name).sort()).toEqual([
      'Admin',
      'Users',
      'Users/Accounts',
    ]);
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/user/register', '/profile', '/users/{id}']);

    const register = doc.paths['/api/user/register'].post;
    expect(register).toMatchObject({ summary: 'Register', description: '用户注册接口', tags: ['Users'] });
    const form = register.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(form.required).toEqual(['username', 'password']);
    expect(form.properties.age).toEqual({ type: 'integer', description: '年龄' });
    const ok = register.responses['200'].content['application/json'];
    expect(ok.example).toEqual({ error_code: 0, data: { uid: '1', groupid: 2 } });
    expect(ok.schema.properties.data.properties.groupid).toEqual({
      type: 'integer',
      description: '用户组id',
    });

    const getUser = doc.paths['/users/{id}'].get;
    expect(getUser.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'User id',
        schema: { type: 'integer' },
        example: '7',
      },
      {
        name: 'fields',
        in: 'query',
        required: false,
        description: 'Fields to return',
        schema: { type: 'string' },
        example: 'name',
      },
      { name: 'X-Token', in: 'header', required: true, description: 'Session', schema: { type: 'string' } },
    ]);
    expect(getUser.responses['200'].content['application/json'].schema.properties.tags).toEqual({
      type: 'array',
      items: { type: 'string' },
    });

    const profile = doc.paths['/profile'].put;
    expect(profile.requestBody.content['application/json'].example).toEqual({ name: 'Ann', age: 3 });
    expect(profile.requestBody.content['application/json'].schema.properties.name).toEqual({
      type: 'string',
      description: 'New name',
    });
  });

  it('downloads the same document over HTTP, and refuses whoever may not read the item', async () => {
    const response = await fetch(`${server.url}/api/items/${item.id}/openapi.json`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toHaveLength(3);

    const denied = await fetch(`${server.url}/api/items/${item.id}/openapi.json`, {
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(denied.status).toBeGreaterThanOrEqual(400);
    expect(denied.status).toBeLessThan(500);
    const refused = await server.graphql(EXPORT, { id: item.id }, strangerToken);
    expect(refused.errors?.[0]?.extensions?.code).toBeDefined();
  });

  it('leaves out what a scoped member may not read', async () => {
    const answer = await server.graphql<Exported>(EXPORT, { id: item.id }, scopedToken);
    expect(answer.errors).toBeUndefined();
    const doc = JSON.parse(answer.data!.openApiExport.json);
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/user/register', '/users/{id}']);
  });
});
