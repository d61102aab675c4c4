// Issue #19, export: ShowDoc's `export/word`, `export/markdown`, `export/checkMarkdownLimit` and
// `exportHtml/export` over real HTTP (compat-api §16): the downloads unzipped and read, the scope and
// policy refusals, and the change log entry.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ExportLog,
  ItemChangeLog,
  MemberGroup,
  Page as PageEntity,
  type Catalog,
  type Item,
  type Page,
  type User,
} from '../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../support/factories';
import { multipart, PNG } from '../support/files';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { readZip } from '../support/zip';
import { api, call, expectError, expectOk } from '../compat/wire-helpers';

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json: { error_code: number; error_message?: string; data?: unknown } | null;
}

describe.each(testDatabases())('export on $name', (target) => {
  let server: TestServer;
  let owner: User, scoped: User, reader: User, stranger: User;
  let ownerToken: string, scopedToken: string, readerToken: string, strangerToken: string;
  let item: Item, singleItem: Item;
  let catA: Catalog, subA: Catalog, deep: Catalog, catB: Catalog;
  let rootPage: Page, richPage: Page, bPage: Page, xssPage: Page;
  let imageSign: string;

  async function download(route: string, query: Record<string, string | number>, token?: string) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    if (token) qs.set('user_token', token);
    const response = await fetch(`${server.url}/server/index.php?s=/api/${route}&${qs}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    let json: Download['json'] = null;
    if ((response.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(bytes.toString());
    return { status: response.status, headers: response.headers, bytes, json } satisfies Download;
  }
  const text = (entries: Map<string, Buffer>, name: string) => entries.get(name)?.toString('utf8') ?? '';

  beforeAll(async () => {
    server = await startTestServer(target, `export_${target.name}`, { logLevel: 'error' });
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    scoped = await buildUser(em);
    reader = await buildUser(em);
    stranger = await buildUser(em);
    [ownerToken, scopedToken, readerToken, strangerToken] = await Promise.all(
      [owner, scoped, reader, stranger].map((u) => buildSession(em, u)),
    );
    item = await buildItem(em, owner, { name: '导出项目 Export' });
    singleItem = await buildItem(em, owner, { name: 'Single', type: 2 });
    catA = await buildCatalog(em, item, { name: 'Cat A', sNumber: 1 });
    subA = await buildCatalog(em, item, { name: 'Sub A1', parent: catA });
    deep = await buildCatalog(em, item, { name: 'Deep: 三级', parent: subA });
    catB = await buildCatalog(em, item, { name: 'Cat B', sNumber: 2 });
    buildMember(em, item, scoped, MemberGroup.Edit, [catA]);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();

    const uploaded = await call(server, api('page/uploadImg'), {
      method: 'POST',
      body: multipart(
        { user_token: ownerToken, item_id: item.id },
        { field: 'editormd-image-file', name: 'diagram.png', data: PNG },
      ),
    });
    const url = uploaded.body.url as string;
    imageSign = /sign=([0-9a-f]+)/.exec(url)![1]!;

    rootPage = await buildPage(em, item, { title: 'Root page', content: 'at the root' });
    richPage = await buildPage(em, item, {
      title: '接口 a/b:c*?',
      catalog: deep,
      content: [
        '# 简介',
        '中文内容 **bold** and `code`, a [link](https://example.com).',
        '',
        '| 参数名 | 类型 |',
        '|---|---|',
        '| uid | int |',
        '',
        '```json',
        '{"a": 1}',
        '```',
        '',
        '- one',
        '- two',
        '',
        `![diagram](${url})`,
      ].join('\n'),
    });
    await buildPage(em, item, { title: 'Same', catalog: subA, content: 'first' });
    await buildPage(em, item, { title: 'Same', catalog: subA, content: 'second' });
    bPage = await buildPage(em, item, { title: 'B page', catalog: catB, content: 'in B' });
    xssPage = await buildPage(em, item, {
      title: 'XSS',
      catalog: catA,
      content:
        'hello <script>alert("pwned")</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3))',
    });
  }, 60_000);
  afterAll(async () => server?.close());

  it('exports the whole item as a real .docx with the TOC, numbered headings, a shaded table and the image', async () => {
    const answer = await download('export/word', { item_id: item.id }, ownerToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename=showdoc_export_\d{14}\.docx/,
    );
    const entries = await readZip(answer.bytes);
    expect(entries.has('[Content_Types].xml')).toBe(true);
    const xml = text(entries, 'word/document.xml');
    expect(xml).toMatch(/<w:instrText[^>]*>TOC \\h \\o &quot;1-6&quot;/);
    // Root page 1、, then the top catalogs continue the count; nested pages and catalogs N.M、.
    expect(xml).toContain('1、Root page');
    expect(xml).toContain('2、Cat A');
    expect(xml).toContain('3、Cat B');
    expect(xml).toContain('2.2、Sub A1');
    expect(xml).toContain('2.2.3、Deep: 三级');
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>/);
    expect(xml).toContain('中文内容');
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('参数名');
    expect(xml).toMatch(/w:fill="D9E2F3"/);
    expect(xml).toContain('Consolas');
    expect(xml).toContain('&quot;a&quot;: 1');
    expect(xml).toMatch(/<w:drawing>/);
    const media = [...entries.keys()].filter((n) => n.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    expect(entries.get(media[0]!)!.equals(PNG)).toBe(true);
    expect(text(entries, 'word/_rels/document.xml.rels')).toContain('https://example.com');
  });

  it('exports one page, or one catalog subtree', async () => {
    const page = await readZip(
      (await download('export/word', { item_id: item.id, page_id: bPage.id }, ownerToken)).bytes,
    );
    const pageXml = text(page, 'word/document.xml');
    expect(pageXml).toContain('B page');
    expect(pageXml).not.toContain('Root page');
    expect(pageXml).not.toContain('1、B page');
    const sub = await readZip(
      (await download('export/word', { item_id: item.id, cat_id: subA.id }, ownerToken)).bytes,
    );
    const subXml = text(sub, 'word/document.xml');
    expect(subXml).toContain('1、Sub A1');
    expect(subXml).toContain('中文内容');
    expect(subXml).not.toContain('B page');
    expect(subXml).not.toContain('Root page');
  });

  it("writes ShowDoc's markdown zip: sanitised names, info.json, attachments with links rewritten", async () => {
    const answer = await download('export/markdown', { item_id: item.id }, ownerToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=showdoc\.zip/);
    const entries = await readZip(answer.bytes);
    const names = [...entries.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        'Root page.md',
        'Cat A/XSS.md',
        'Cat A/Sub A1/Same.md',
        'Cat A/Sub A1/Same_1.md',
        'Cat A/Sub A1/Deep_ 三级/接口 a_b_c_.md',
        'Cat B/B page.md',
        'info.json',
      ]),
    );
    const attachments = names.filter((n) => n.startsWith('attachments/'));
    expect(attachments).toEqual([`attachments/${imageSign.slice(0, 8)}_diagram.png`]);
    expect(entries.get(attachments[0]!)!.equals(PNG)).toBe(true);
    const rich = text(entries, 'Cat A/Sub A1/Deep_ 三级/接口 a_b_c_.md');
    expect(rich).toContain('| 参数名 | 类型 |');
    expect(rich).toContain(`![diagram](../../../attachments/${imageSign.slice(0, 8)}_diagram.png)`);
    expect(rich).not.toContain('visitFile');

    const info = JSON.parse(text(entries, 'info.json'));
    expect(Object.keys(info)).toEqual(['item_type', 'item_name', 'item_description', 'password', 'pages']);
    expect(info.item_name).toBe('导出项目 Export');
    expect(info.item_type).toBe('1');
    expect(info.pages.pages.map((p: { page_title: string }) => p.page_title)).toEqual(['Root page']);
    const [a, b] = info.pages.catalogs;
    expect(a).toEqual(
      expect.objectContaining({ cat_id: String(catA.id), cat_name: 'Cat A', parent_cat_id: '0', level: '2' }),
    );
    expect(b.cat_name).toBe('Cat B');
    const deepRow = a.catalogs[0].catalogs[0];
    expect(deepRow).toEqual(
      expect.objectContaining({ cat_name: 'Deep: 三级', level: '4', parent_cat_id: String(subA.id) }),
    );
    const richRow = deepRow.pages[0];
    expect(Object.keys(richRow)).toEqual([
      'page_id',
      'page_title',
      'cat_id',
      'page_content',
      's_number',
      'page_comments',
    ]);
    expect(richRow.page_content).toContain(`![diagram](attachments/${imageSign.slice(0, 8)}_diagram.png)`);
    // ShowDoc keeps the content HTML-escaped in info.json (the .md files are not).
    const xss = a.pages.find((p: { page_id: string }) => p.page_id === String(xssPage.id));
    expect(xss.page_content).toContain('&lt;script&gt;');
    expect(text(entries, 'Cat A/XSS.md')).toContain('<script>');
  });

  it('writes an offline HTML site with the tree, search and images, and no script from page content', async () => {
    const answer = await download('exportHtml/export', { item_id: item.id }, ownerToken);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/showdoc_offline_.+_\d{14}\.zip/);
    const entries = await readZip(answer.bytes);
    const index = text(entries, 'index.html');
    expect(index).toContain(`href="pages/page-${richPage.id}.html"`);
    expect(index).toContain('Cat A');
    const rich = text(entries, `pages/page-${richPage.id}.html`);
    expect(rich).toContain('<table>');
    expect(rich).toContain(`src="../assets/uploads/${imageSign.slice(0, 8)}_diagram.png"`);
    expect(entries.get(`assets/uploads/${imageSign.slice(0, 8)}_diagram.png`)!.equals(PNG)).toBe(true);
    const xss = text(entries, `pages/page-${xssPage.id}.html`);
    expect(xss).toContain('hello');
    expect(xss).not.toMatch(/alert/);
    expect(xss).not.toMatch(/onerror/i);
    const scripts = [...xss.matchAll(/<script[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([
      '<script src="../data/search-index.js">',
      '<script src="../assets/js/site.js">',
    ]);
    expect(text(entries, 'data/search-index.js')).toMatch(/^window\.QUIRE_SEARCH=\[/);
    expect(text(entries, 'data/search-index.js')).not.toContain('</script');
    expect(entries.has('assets/css/site.css')).toBe(true);
    expect(entries.has('assets/js/site.js')).toBe(true);
  });

  it('gives a catalog-scoped member only their catalogs, and refuses what lies outside', async () => {
    const entries = await readZip(
      (await download('export/markdown', { item_id: item.id }, scopedToken)).bytes,
    );
    const pages = [...entries.keys()].filter((n) => n.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((n) => n.startsWith('Cat A/'))).toBe(true);
    const info = JSON.parse(text(entries, 'info.json'));
    expect(info.pages.pages).toEqual([]);
    expect(info.pages.catalogs.map((c: { cat_name: string }) => c.cat_name)).toEqual(['Cat A']);
    expectError(
      {
        status: 200,
        body: (await download('export/word', { item_id: item.id, page_id: bPage.id }, scopedToken)).json,
      },
      10302,
    );
    expectError(
      {
        status: 200,
        body: (await download('export/word', { item_id: item.id, cat_id: catB.id }, scopedToken)).json,
      },
      10302,
    );
    expectError(
      {
        status: 200,
        body: (await download('export/word', { item_id: item.id, page_id: rootPage.id }, scopedToken)).json,
      },
      10302,
    );
    const word = await readZip((await download('export/word', { item_id: item.id }, scopedToken)).bytes);
    expect(text(word, 'word/document.xml')).not.toContain('B page');
  });

  it("lists drafts only to their author, as the menu does (ShowDoc exported everyone's drafts)", async () => {
    const em = server.db.orm.em.fork();
    const drafts = await buildItem(em, owner, { name: 'Drafts' });
    buildMember(em, drafts, scoped, MemberGroup.Edit);
    await em.flush();
    await buildPage(em, drafts, { title: 'Published', content: 'for all' });
    await buildPage(em, drafts, { title: 'Owner draft', content: 'mine', isDraft: true });
    await buildPage(em, drafts, { title: 'Other draft', content: 'theirs', isDraft: true, author: scoped });
    const mdNames = async (token: string) =>
      [...(await readZip((await download('export/markdown', { item_id: drafts.id }, token)).bytes)).keys()]
        .filter((n) => n.endsWith('.md'))
        .sort();
    expect(await mdNames(ownerToken)).toEqual(['Owner draft.md', 'Published.md']);
    expect(await mdNames(scopedToken)).toEqual(['Other draft.md', 'Published.md']);
  });

  it('refuses strangers, read-only members and visitors, and writes nothing for them', async () => {
    const before = await server.db.orm.em.fork().count(ExportLog, {});
    for (const token of [strangerToken, readerToken]) {
      for (const route of ['export/word', 'export/markdown']) {
        const answer = await download(route, { item_id: item.id }, token);
        expect(answer.status).toBe(200);
        expectError({ status: 200, body: answer.json }, 10302, '没有权限');
      }
      expectError(
        { status: 200, body: (await download('exportHtml/export', { item_id: item.id }, token)).json },
        10103,
      );
    }
    expectError({ status: 200, body: (await download('export/word', { item_id: item.id })).json }, 10102);
    expect(await server.db.orm.em.fork().count(ExportLog, {})).toBe(before);
  });

  it('answers checkMarkdownLimit with [] and refuses the HTML site for unsupported item types', async () => {
    const limit = await call(server, api('export/checkMarkdownLimit'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user_token: ownerToken, export_format: 'markdown' }).toString(),
    });
    expect(expectOk(limit)).toEqual([]);
    const noLogin = await call(server, api('export/checkMarkdownLimit'), { method: 'POST' });
    expectError(noLogin, 10102);
    const single = await download('exportHtml/export', { item_id: singleItem.id }, ownerToken);
    expectError({ status: 200, body: single.json }, 10101, '不支持的项目类型');
  });

  it('streams a zip of many pages in batches into valid info.json and one .md each', async () => {
    const em = server.db.orm.em.fork();
    const big = await buildItem(em, owner, { name: 'Big' });
    const folder = await buildCatalog(em, big, { name: 'Many' });
    for (let i = 0; i < 120; i++) {
      em.persist(
        em.create(PageEntity, {
          item: big,
          catalog: folder,
          title: `P${i}`,
          content: `page ${i} ` + 'x'.repeat(2000),
          author: owner.id,
          authorName: owner.username,
        }),
      );
    }
    await em.flush();
    const answer = await download('export/markdown', { item_id: big.id }, ownerToken);
    const entries = await readZip(answer.bytes);
    expect([...entries.keys()].filter((n) => n.startsWith('Many/') && n.endsWith('.md'))).toHaveLength(120);
    const info = JSON.parse(text(entries, 'info.json'));
    const titles = info.pages.catalogs[0].pages.map((p: { page_title: string }) => p.page_title);
    expect(new Set(titles).size).toBe(120);
    expect(text(entries, 'Many/P119.md')).toMatch(/^page 119 x+$/);
    const wordAnswer = await download('export/word', { item_id: big.id }, ownerToken);
    const word = await readZip(wordAnswer.bytes);
    expect(text(word, 'word/document.xml')).toContain('1.120、P119');
  });

  it('writes a many-page .docx in chunks whose images, links and list numbers all resolve in the package', async () => {
    // The .docx is packed a chunk of pages at a time and the chunks joined into one package: every
    // reference a chunk makes (image and link relationships, ordered-list numberings) must land in it.
    const em = server.db.orm.em.fork();
    const big = await buildItem(em, owner, { name: 'Chunked' });
    const folder = await buildCatalog(em, big, { name: 'Chunks' });
    const image = `/server/index.php?s=/api/attachment/visitFile&sign=${imageSign}`;
    for (let i = 0; i < 60; i++) {
      em.persist(
        em.create(PageEntity, {
          item: big,
          catalog: folder,
          title: `C${i}`,
          content: `1. first ${i}\n2. second\n\nsee [site ${i}](https://example.com/${i})\n\n![d${i}](${image})\n`,
          author: owner.id,
          authorName: owner.username,
        }),
      );
    }
    await em.flush();
    const answer = await download('export/word', { item_id: big.id }, ownerToken);
    expect(answer.status).toBe(200);
    const word = await readZip(answer.bytes);
    const xml = text(word, 'word/document.xml');
    expect(xml).toContain('1.60、C59');
    expect(xml).not.toContain('QUIRE-EXPORT-BODY');
    expect(xml.match(/<w:body>/g)).toHaveLength(1);
    const rels = text(word, 'word/_rels/document.xml.rels');
    const relIds = new Set([...rels.matchAll(/Id="([^"]+)"/g)].map((m) => m[1]));
    const used = [...xml.matchAll(/r:(?:embed|id)="([^"]+)"/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThanOrEqual(120); // 60 images and 60 links
    expect(used.filter((id) => !relIds.has(id))).toEqual([]);
    for (const [, target] of rels.matchAll(/Target="(media\/[^"]+)"/g)) {
      expect(word.get(`word/${target}`)?.equals(PNG)).toBe(true);
    }
    expect(rels).toContain('https://example.com/59');
    const numbering = text(word, 'word/numbering.xml');
    const numIds = new Set([...numbering.matchAll(/<w:num w:numId="(\d+)"/g)].map((m) => m[1]));
    const listIds = [...xml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]);
    expect(listIds.filter((id) => !numIds.has(id))).toEqual([]);
    // Each page's ordered list restarts: a numbering of its own.
    expect(new Set(listIds).size).toBe(60);
  });

  it('records exports in the change log (export/item) and the export log', async () => {
    await download('export/markdown', { item_id: item.id }, ownerToken);
    const em = server.db.orm.em.fork();
    const entries = await em.find(ItemChangeLog, { item: item.id, actionType: 'export' });
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toEqual(expect.objectContaining({ objectType: 'item', objectId: item.id }));
    expect(await em.count(ExportLog, { item: item.id, exportType: 'markdown' })).toBeGreaterThan(0);
  });
});
