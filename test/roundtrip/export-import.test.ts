// Issue #19's round trip: an item with three catalog levels, tables, code, Chinese text and two images is
// exported as a markdown zip and imported as a new item: same tree, same titles, same markdown (only the
// image addresses change) and the images served again. Once through the zip as exported (ShowDoc's
// info.json layout) and once with info.json taken out (a plain markdown zip of folders and .md files).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, Item, Page, type User } from '../../db/src';
import { buildCatalog, buildItem, buildPage, buildSession, buildUser } from '../support/factories';
import { GIF, multipart, PNG } from '../support/files';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { readZip, zipOf } from '../support/zip';
import { api, call, expectOk } from '../compat/wire-helpers';

/** Markdown image links; the address part is replaced by IMG, so two versions of a page compare. */
const IMAGE = /!\[([^\]]*)\]\(([^)\s]+)\)/g;
const withoutAddresses = (markdown: string) => markdown.replace(IMAGE, '![$1](IMG)');
const addresses = (markdown: string) => [...markdown.matchAll(IMAGE)].map((m) => m[2]!);

/** The exported zip again, without the entry `drop` ('' keeps all). */
const zipWithout = (entries: Map<string, Buffer>, drop: string) =>
  zipOf(Object.fromEntries([...entries].filter(([name]) => name !== drop)));

describe.each(testDatabases())('export → import round trip on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let token: string;
  let item: Item;
  let exported: Map<string, Buffer>;

  const em = () => server.db.orm.em.fork();
  /** `catalog path/title` → content, and the catalog paths with their levels. */
  async function treeOf(itemId: number) {
    const e = em();
    const catalogs = await e.find(Catalog, { item: itemId, deletedAt: null });
    const byId = new Map(catalogs.map((c) => [c.id, c]));
    const pathOf = (c: Catalog | undefined): string =>
      c ? `${pathOf(c.parent ? byId.get(c.parent.id) : undefined)}${c.name}/` : '';
    const pages = await e.find(Page, { item: itemId, deletedAt: null });
    return {
      pages: new Map(
        pages.map((p) => [`${pathOf(p.catalog ? byId.get(p.catalog.id) : undefined)}${p.title}`, p.content]),
      ),
      catalogs: catalogs.map((c) => `${c.level} ${pathOf(c)}`).sort(),
    };
  }
  async function upload(name: string, data: Buffer): Promise<string> {
    const answer = await call(server, api('page/uploadImg'), {
      method: 'POST',
      body: multipart({ user_token: token, item_id: item.id }, { field: 'editormd-image-file', name, data }),
    });
    expect(answer.body.success).toBe(1);
    return answer.body.url as string;
  }
  /** The new item's id: ShowDoc answers `{item_id}` for its own zips and `[]` for a markdown zip. */
  async function importZip(zip: Buffer): Promise<number> {
    const answer = await call(server, api('import/auto'), {
      method: 'POST',
      body: multipart({ user_token: token }, { field: 'file', name: 'export.zip', data: zip }),
    });
    const data = expectOk(answer) as { item_id?: number } | unknown[];
    if (!Array.isArray(data) && data.item_id) return data.item_id;
    const newest = await em().find(Item, { owner }, { orderBy: { id: 'desc' }, limit: 1 });
    return newest[0]!.id;
  }
  async function expectSameItem(importedId: number) {
    const original = await treeOf(item.id);
    const copy = await treeOf(importedId);
    expect(copy.catalogs).toEqual(original.catalogs);
    expect([...copy.pages.keys()].sort()).toEqual([...original.pages.keys()].sort());
    for (const [key, content] of original.pages) {
      expect(withoutAddresses(copy.pages.get(key)!)).toBe(withoutAddresses(content));
    }
    // The images are files of the new item now, served to its owner with the same bytes.
    const deep = copy.pages.get('一级 Level 1/二级/三级 deep/图片 Images')!;
    const links = addresses(deep);
    expect(links).toHaveLength(2);
    const bodies = [];
    for (const link of links) {
      const response = await fetch(new URL(link, server.url), {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      bodies.push(Buffer.from(await response.arrayBuffer()));
    }
    expect(bodies[0]!.equals(PNG)).toBe(true);
    expect(bodies[1]!.equals(GIF)).toBe(true);
  }

  beforeAll(async () => {
    server = await startTestServer(target, `roundtrip_${target.name}`, { logLevel: 'error' });
    const e = em();
    owner = await buildUser(e);
    token = await buildSession(e, owner);
    item = await buildItem(e, owner, { name: '往返 Round trip' });
    const one = await buildCatalog(e, item, { name: '一级 Level 1', sNumber: 1 });
    const two = await buildCatalog(e, item, { name: '二级', parent: one });
    const three = await buildCatalog(e, item, { name: '三级 deep', parent: two });
    const other = await buildCatalog(e, item, { name: 'Other', sNumber: 2 });
    await e.flush();
    const png = await upload('diagram.png', PNG);
    const gif = await upload('动画.gif', GIF);
    await buildPage(e, item, { title: '首页 Home', content: '# 欢迎\n\n中文和 English 混排。\n' });
    await buildPage(e, item, {
      title: '接口 API',
      catalog: one,
      content: [
        '# 获取用户',
        '',
        '| 参数名 | 必选 | 类型 | 说明 |',
        '|:---|:---|:---|:---|',
        '| uid | 是 | int | 用户 ID |',
        '',
        '```json',
        '{ "error_code": 0, "data": { "name": "张三" } }',
        '```',
        '',
      ].join('\n'),
    });
    await buildPage(e, item, { title: 'Second level', catalog: two, content: '- one\n- two\n\n> 引用\n' });
    // (An empty catalog is not carried over: the import creates catalogs that hold pages, as ShowDoc's does.)
    await buildPage(e, item, { title: 'Notes', catalog: other, content: 'Plain text & <b>html</b>.\n' });
    await buildPage(e, item, {
      title: '图片 Images',
      catalog: three,
      content: `Two images:\n\n![diagram](${png})\n\n![动画](${gif})\n`,
    });
    await e.flush();

    const response = await fetch(
      `${server.url}/server/index.php?s=/api/export/markdown&item_id=${item.id}&user_token=${token}`,
    );
    expect(response.status).toBe(200);
    exported = await readZip(Buffer.from(await response.arrayBuffer()));
  }, 180_000);
  // The last image fetched leaves a keep-alive connection whose response ends a tick after the client has
  // every byte; that connection once held the close for Fastify's 72 s keep-alive timeout (#19). The close
  // is timed against a bound far above a prompt close (tens of ms) and far below that timeout.
  afterAll(async () => {
    const started = Date.now();
    await server?.close();
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('the export is ShowDoc-format: info.json, one .md per page, the attachments', () => {
    expect(exported.has('info.json')).toBe(true);
    expect([...exported.keys()].filter((name) => name.endsWith('.md'))).toHaveLength(5);
    expect([...exported.keys()].filter((name) => name.startsWith('attachments/'))).toHaveLength(2);
  });

  it('imported as exported (info.json): same tree, titles and markdown, images working', async () => {
    await expectSameItem(await importZip(await zipWithout(exported, '')));
  });

  it('imported as a plain markdown zip (no info.json): the same from the folders and files', async () => {
    const importedId = await importZip(await zipWithout(exported, 'info.json'));
    const copy = await em().findOneOrFail(Item, importedId);
    expect(copy.id).not.toBe(item.id);
    await expectSameItem(importedId);
  });
});
