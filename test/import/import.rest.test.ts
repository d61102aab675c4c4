// compat-api §17 over real multipart HTTP: every format ShowDoc's import/auto, importSwagger/import and
// importPostman/import accept, the round trip of a ShowDoc-format export with attachments, overwriting by
// title, and every refusal with nothing changed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import iconv from 'iconv-lite';
import { Attachment, Catalog, Item, Page, type User } from '../../db/src';
import { buildItem, buildSession, buildUser } from '../support/factories';
import { PNG, GIF, multipart, storedFiles } from '../support/files';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { rawZip, zipOf } from '../support/zip';
import { api, call, expectError, expectOk } from '../compat/wire-helpers';
import { generatedOpenApi } from './fixtures/generate';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

describe.each(testDatabases())('imports on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let ownerToken: string, strangerToken: string;

  const em = () => server.db.orm.em.fork();
  const send = (
    route: string,
    token: string,
    name: string,
    data: Buffer | string,
    fields: Record<string, string | number> = {},
  ) =>
    call(server, api(route), {
      method: 'POST',
      body: multipart({ user_token: token, ...fields }, { field: 'file', name, data: Buffer.from(data) }),
    });
  const snapshot = async () => {
    const e = em();
    return {
      items: await e.count(Item, {}),
      pages: await e.count(Page, {}),
      catalogs: await e.count(Catalog, {}),
      files: await e.count(Attachment, {}),
      stored: storedFiles(path.join(server.dataDir, 'uploads')).length,
    };
  };
  /** The item's live tree as `catalog path > page title` → content. */
  const treeOf = async (itemId: number) => {
    const e = em();
    const catalogs = await e.find(Catalog, { item: itemId, deletedAt: null });
    const byId = new Map(catalogs.map((c) => [c.id, c]));
    const pathOf = (c: Catalog | null): string =>
      c ? `${pathOf(c.parent ? byId.get(c.parent.id)! : null)}${c.name}/` : '';
    const pages = await e.find(Page, { item: itemId, deletedAt: null }, { populate: ['catalog'] });
    return {
      pages: Object.fromEntries(
        pages.map((p) => [`${pathOf(p.catalog ? byId.get(p.catalog.id)! : null)}${p.title}`, p.content]),
      ),
      catalogs: catalogs
        .map((c) => ({ path: pathOf(c), level: c.level }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    };
  };

  beforeAll(async () => {
    server = await startTestServer(target, `import_rest_${target.name}`, { logLevel: 'error' });
    const e = em();
    owner = await buildUser(e);
    const stranger = await buildUser(e);
    ownerToken = await buildSession(e, owner);
    strangerToken = await buildSession(e, stranger);
  }, 180_000); // migrations on a fresh MariaDB database take a while on a loaded machine
  afterAll(async () => server?.close());

  describe('Swagger / OpenAPI', () => {
    it('importSwagger/import: Swagger 2.0 Petstore, every operation and schema, a private new item', async () => {
      const data = expectOk(
        await send('importSwagger/import', ownerToken, 'petstore.json', fixture('petstore-2.0.json')),
      );
      expect(Object.keys(data)).toEqual(['item_id']);
      expect(typeof data.item_id).toBe('number');
      const item = await em().findOneOrFail(Item, data.item_id);
      expect(item.name).toBe('Swagger Petstore');
      expect(item.owner.id).toBe(owner.id);
      expect(item.password).not.toBe('');
      const tree = await treeOf(data.item_id);
      expect(tree.catalogs.map((c) => c.path)).toEqual([
        'from swagger/',
        'pet/',
        'store/',
        'user/',
        '数据结构/',
      ]);
      expect(Object.keys(tree.pages).sort()).toEqual(
        [
          'pet/Add a new pet to the store',
          'pet/Finds Pets by status',
          'pet/Find pet by ID',
          'pet/Updates a pet in the store with form data',
          'pet/deletePet',
          'store/Place an order for a pet',
          'user/Logs user into the system',
          'from swagger/health',
          '数据结构/Category',
          '数据结构/Tag',
          '数据结构/Pet',
          '数据结构/Order',
        ].sort(),
      );
      expect(tree.pages['pet/Find pet by ID']).toContain('- `https://petstore.swagger.io/v2/pet/{petId}`');
    });

    it('import/auto: OpenAPI 3.0 YAML and 3.1 JSON with allOf/oneOf/$ref cycles', async () => {
      const yaml = expectOk(
        await send('import/auto', ownerToken, 'petstore.yaml', fixture('petstore-3.0.yaml')),
      );
      const yamlTree = await treeOf(yaml.item_id);
      expect(Object.keys(yamlTree.pages)).toHaveLength(8);
      expect(yamlTree.pages['pet/Update an existing pet']).toContain('|category.name|Dogs|否|string||');

      const composed = expectOk(
        await send('import/auto', ownerToken, 'composition.json', fixture('openapi-3.1-composition.json')),
      );
      const tree = await treeOf(composed.item_id);
      expect(Object.keys(tree.pages).sort()).toEqual(
        [
          'tree/Read a node with its children',
          'tree/Search anything',
          'pets/Create a cat or a dog',
          'pets/Search anything',
          '数据结构/TreeNode',
          '数据结构/Animal',
          '数据结构/Cat',
          '数据结构/Dog',
          '数据结构/PetChoice',
          '数据结构/Problem',
        ].sort(),
      );
      expect(tree.pages['pets/Create a cat or a dog']).toContain('(oneOf 2: Dog).packSize');
      expect(tree.pages['tree/Read a node with its children']).toContain('循环引用');
    });

    it('imports a generated 2,000-operation document completely', async () => {
      const data = expectOk(
        await send('import/auto', ownerToken, 'big.json', JSON.stringify(generatedOpenApi(2000))),
      );
      const e = em();
      expect(await e.count(Page, { item: data.item_id })).toBe(2001);
      expect(await e.count(Catalog, { item: data.item_id })).toBe(21);
      expect(await e.count(Page, { item: data.item_id, title: 'Operation 1999' })).toBe(1);
      // Indexed for search (in bulk on MySQL): the last operation's path is found in the new item.
      const found = await server.graphql(
        'query($itemId: Int!) { search(itemId: $itemId, query: "items1999") { edges { node { page { title } } } } }',
        { itemId: data.item_id },
        ownerToken,
      );
      expect(found.errors).toBeUndefined();
      const titles = (
        found.data as { search: { edges: Array<{ node: { page: { title: string } } }> } }
      ).search.edges.map((edge) => edge.node.page.title);
      expect(titles).toEqual(['Operation 1999']);
    }, 300_000);
  });

  describe('Postman', () => {
    it('importPostman/import: v2.1 with nested folders and saved examples', async () => {
      const data = expectOk(
        await send(
          'importPostman/import',
          ownerToken,
          'shop.postman_collection.json',
          fixture('postman-v2.1.json'),
        ),
      );
      expect(Object.keys(data)).toEqual(['item_id']);
      const item = await em().findOneOrFail(Item, data.item_id);
      expect(item.name).toBe('Shop API 商城');
      const tree = await treeOf(data.item_id);
      expect(tree.catalogs).toEqual([
        { path: 'Orders/', level: 1 },
        { path: 'Users/', level: 1 },
        { path: 'Users/Auth/', level: 2 },
      ]);
      expect(Object.keys(tree.pages).sort()).toEqual(
        [
          'Orders/Create order',
          'Orders/Upload invoice',
          'Users/Auth/Login 登录',
          'Users/List users',
          'b/Ping',
        ].sort(),
      );
      expect(tree.pages['Users/Auth/Login 登录']).toContain('"token": "abc123"');
    });

    it('import/auto detects a v1 collection', async () => {
      const data = expectOk(await send('import/auto', ownerToken, 'legacy.json', fixture('postman-v1.json')));
      const tree = await treeOf(data.item_id);
      expect(Object.keys(tree.pages).sort()).toEqual([
        'Accounts/Create account',
        'Accounts/Get account',
        'Root request',
      ]);
    });
  });

  describe('ShowDoc export zip (info.json)', () => {
    const content = (n: number) =>
      `# 标题 ${n}\n\n|名称|值|\n|:---|:---|\n|a & b|<x>|\n\n\`\`\`js\nconst s = "引号 'x'";\n\`\`\`\n\n![logo](attachments/logo.png)\n\n[说明](attachments/图.gif)\n`;
    const esc = (s: string) =>
      s
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#039;');
    const infoJson = {
      item_type: '1',
      item_name: '导出的项目 & more',
      item_description: 'round trip',
      password: '',
      pages: {
        pages: [
          {
            page_id: '1',
            page_title: '首页',
            cat_id: '0',
            page_content: esc(content(1)),
            s_number: '1',
            page_comments: '',
          },
        ],
        catalogs: [
          {
            cat_id: '10',
            cat_name: '一级',
            parent_cat_id: '0',
            level: '2',
            s_number: '1',
            pages: [
              {
                page_id: '2',
                page_title: 'Page <2>',
                cat_id: '10',
                page_content: esc(content(2)),
                s_number: '1',
                page_comments: '',
              },
            ],
            catalogs: [
              {
                cat_id: '11',
                cat_name: '二级',
                parent_cat_id: '10',
                level: '3',
                s_number: '1',
                pages: [],
                catalogs: [
                  {
                    cat_id: '12',
                    cat_name: '三级',
                    parent_cat_id: '11',
                    level: '4',
                    s_number: '1',
                    pages: [
                      {
                        page_id: '3',
                        page_title: '深处',
                        cat_id: '12',
                        page_content: esc(content(3)),
                        s_number: '1',
                        page_comments: '',
                      },
                    ],
                    catalogs: [],
                  },
                ],
              },
            ],
          },
        ],
      },
    };

    it('imports the tree, unescapes the content and uploads the linked attachments', async () => {
      const zip = await zipOf({
        'info.json': JSON.stringify(infoJson),
        '首页.md': content(1),
        'attachments/logo.png': PNG,
        'attachments/图.gif': GIF,
      });
      const before = await snapshot();
      const data = expectOk(await send('import/auto', ownerToken, 'showdoc.zip', zip));
      expect(Object.keys(data)).toEqual(['item_id']);
      const item = await em().findOneOrFail(Item, data.item_id);
      expect(item.name).toBe('导出的项目 & more');
      const tree = await treeOf(data.item_id);
      expect(tree.catalogs).toEqual([
        { path: '一级/', level: 1 },
        { path: '一级/二级/', level: 2 },
        { path: '一级/二级/三级/', level: 3 },
      ]);
      expect(Object.keys(tree.pages).sort()).toEqual(['一级/Page <2>', '一级/二级/三级/深处', '首页'].sort());
      const page = tree.pages['一级/二级/三级/深处']!;
      const links = [...page.matchAll(/\((\/files\/[0-9a-f]{32}\/[^)]+)\)/g)].map((m) => m[1]!);
      expect(links).toHaveLength(2);
      expect(page.replace(/\/files\/[0-9a-f]{32}\/[^)]+\)/g, 'X)')).toBe(
        content(3).replace(/attachments\/[^)]+\)/g, 'X)'),
      );
      const after = await snapshot();
      expect(after.files - before.files).toBe(2);
      const image = await fetch(server.url + links[0]!, {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    });

    it('into an existing item: same-title pages in the same catalog are overwritten, others added', async () => {
      const item = await buildItem(em(), owner);
      const first = await zipOf({ 'info.json': JSON.stringify(infoJson) });
      expectOk(await send('import/auto', ownerToken, 'a.zip', first, { item_id: item.id }));
      const pagesBefore = await em().count(Page, { item: item.id });
      const changed = structuredClone(infoJson);
      changed.pages.pages[0]!.page_content = 'changed';
      changed.pages.pages.push({
        page_id: '9',
        page_title: '新页',
        cat_id: '0',
        page_content: 'new',
        s_number: '2',
        page_comments: '',
      });
      const data = expectOk(
        await send(
          'import/auto',
          ownerToken,
          'b.zip',
          await zipOf({ 'info.json': JSON.stringify(changed) }),
          { item_id: item.id },
        ),
      );
      expect(data).toEqual({ item_id: item.id });
      expect(await em().count(Page, { item: item.id })).toBe(pagesBefore + 1);
      const tree = await treeOf(item.id);
      expect(tree.pages['首页']).toBe('changed');
      expect(tree.pages['新页']).toBe('new');
      expect(tree.catalogs).toHaveLength(3);
    });
  });

  describe('markdown zip', () => {
    it('folders become catalogs (deeper ones folded), GBK names converted, images uploaded; answers []', async () => {
      const gbk = (s: string) => iconv.encode(s, 'gbk');
      const zip = rawZip([
        { name: gbk('文档/入门/安装说明.md'), data: '# 安装\n\n![图](../../图片/截图.png)\n', utf8: false },
        { name: gbk('文档/概述.md'), data: '概述内容', utf8: false },
        { name: gbk('图片/截图.png'), data: PNG, utf8: false },
        { name: 'A/B/C/D/E/deep.md', data: 'deep' },
        { name: 'README.md', data: 'root page' },
      ]);
      const before = await snapshot();
      const answer = await send('import/auto', ownerToken, '我的文档.zip', zip);
      expect(expectOk(answer)).toEqual([]);
      const item = await em().findOneOrFail(Item, { name: '我的文档', owner: owner.id });
      expect(item.password).not.toBe('');
      const tree = await treeOf(item.id);
      expect(tree.catalogs.map((c) => c.path)).toEqual(['A/', 'A/B/', 'A/B/C/', '文档/', '文档/入门/']);
      expect(Object.keys(tree.pages).sort()).toEqual(
        ['A/B/C/D/E/deep', 'README', '文档/入门/安装说明', '文档/概述'].sort(),
      );
      expect(tree.pages['文档/入门/安装说明']).toMatch(
        /^# 安装\n\n!\[图\]\(\/files\/[0-9a-f]{32}\/%E6%88%AA%E5%9B%BE\.png\)\n$/,
      );
      expect((await snapshot()).files - before.files).toBe(1);
    });
  });

  describe('refusals change nothing', () => {
    const cases: Array<[string, () => Promise<{ name: string; data: Buffer }>, RegExp]> = [
      [
        'a path traversal entry',
        async () => ({
          name: 't.zip',
          data: rawZip([
            { name: 'ok.md', data: 'x' },
            { name: '../evil.md', data: 'x' },
          ]),
        }),
        /不安全的路径/,
      ],
      [
        'an absolute path entry',
        async () => ({ name: 't.zip', data: rawZip([{ name: '/etc/evil.md', data: 'x' }]) }),
        /不安全的路径/,
      ],
      [
        'a zip bomb (declared size over the cap)',
        async () => ({
          name: 'b.zip',
          data: rawZip([{ name: 'a.md', data: 'x'.repeat(100), deflate: true, declaredSize: 0xfffffff0 }]),
        }),
        /过大/,
      ],
      [
        'too many entries',
        async () => ({
          name: 'n.zip',
          data: rawZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `p${i}.md`, data: '' }))),
        }),
        /过大/,
      ],
      [
        'an entry inflating past its declared size',
        async () => ({
          name: 'l.zip',
          data: rawZip([{ name: 'a.md', data: 'x'.repeat(1000), declaredSize: 10 }]),
        }),
        /过大|不支持/,
      ],
      [
        'invalid JSON',
        async () => ({ name: 'bad.json', data: Buffer.from('{"swagger": "2.0", ') }),
        /不支持的文件格式/,
      ],
      [
        'an invalid info.json',
        async () => ({ name: 's.zip', data: await zipOf({ 'info.json': '{nope' }) }),
        /不支持的文件格式/,
      ],
      [
        'an unknown JSON format',
        async () => ({ name: 'x.json', data: Buffer.from('{"hello": "world"}') }),
        /^不支持的文件格式$/,
      ],
      [
        'a ZIP without pages',
        async () => ({ name: 'e.zip', data: await zipOf({ 'a.txt': 'x' }) }),
        /不支持的文件格式/,
      ],
      [
        'a file that is not a ZIP',
        async () => ({ name: 'fake.zip', data: Buffer.from('not a zip at all') }),
        /不支持的文件格式/,
      ],
      [
        'another extension',
        async () => ({ name: 'doc.txt', data: Buffer.from('{}') }),
        /^只支持上传 ZIP 或 JSON 格式的文件$/,
      ],
    ];
    it.each(cases)('%s', async (_label, make, message) => {
      const { name, data } = await make();
      const before = await snapshot();
      expectError(await send('import/auto', ownerToken, name, data), 10101, message);
      expect(await snapshot()).toEqual(before);
    });

    it('Swagger and Postman doors refuse the other format', async () => {
      const before = await snapshot();
      expectError(
        await send('importSwagger/import', ownerToken, 'p.json', fixture('postman-v2.1.json')),
        10101,
        /不支持的文件格式/,
      );
      expectError(
        await send('importPostman/import', ownerToken, 'p.json', fixture('petstore-2.0.json')),
        10101,
        /不支持的文件格式/,
      );
      expect(await snapshot()).toEqual(before);
    });

    it('a missing file, no login, and an item the caller may not edit', async () => {
      const before = await snapshot();
      const noFile = await call(server, api('import/auto'), {
        method: 'POST',
        body: multipart({ user_token: ownerToken }),
      });
      expectError(noFile, 10101, '请上传文件');
      const anonymous = await call(server, api('import/auto'), {
        method: 'POST',
        body: multipart({}, { field: 'file', name: 'p.json', data: fixture('postman-v1.json') }),
      });
      expect(anonymous.body.error_code).toBe(10102);
      const item = await buildItem(em(), owner);
      const after = await snapshot();
      const denied = await send('import/auto', strangerToken, 'p.json', fixture('postman-v1.json'), {
        item_id: item.id,
      });
      expect(denied.body.error_code).not.toBe(0);
      expect(await em().count(Page, { item: item.id })).toBe(0);
      expect(await snapshot()).toEqual(after);
      expect(after.items).toBe(before.items + 1);
    });
  });
});
