// Issue #20 with #19: a spreadsheet item exports readably (each sheet a markdown table in the .md files and
// in Word) while the zip's info.json keeps ShowDoc's sheet JSON, so importing the zip gives a working
// spreadsheet item again.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Item, Page, type User } from '../../db/src';
import { buildItem, buildPage, buildSession, buildUser } from '../support/factories';
import { multipart } from '../support/files';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { readZip } from '../support/zip';
import { api, call, expectOk } from '../compat/wire-helpers';

const SHEET = JSON.stringify([
  {
    name: '库存 Stock',
    freeze: 'A1',
    styles: [],
    merges: [],
    rows: {
      0: { cells: { 0: { text: '名称' }, 1: { text: 'Count' } } },
      1: { cells: { 0: { text: 'apple' }, 1: { text: '3' } } },
      len: 100,
    },
    cols: { len: 26 },
    validations: [],
    autofilter: {},
  },
]);

describe.each(testDatabases())('spreadsheet export on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let token: string;
  let item: Item;

  async function download(route: string): Promise<Buffer> {
    const response = await fetch(
      `${server.url}/server/index.php?s=/api/${route}&item_id=${item.id}&user_token=${token}`,
    );
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  beforeAll(async () => {
    server = await startTestServer(target, `sheet_export_${target.name}`, { logLevel: 'error' });
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    token = await buildSession(em, owner);
    item = await buildItem(em, owner, { name: 'Sheet item', type: 4 });
    await buildPage(em, item, { title: 'Sheet item', content: SHEET });
    await em.flush();
  }, 180_000);
  afterAll(async () => server?.close());

  it('the markdown zip shows a table, info.json keeps the sheet, and it imports as a spreadsheet', async () => {
    const zip = await download('export/markdown');
    const entries = await readZip(zip);
    const markdown = [...entries].find(([name]) => name.endsWith('.md'))![1].toString('utf8');
    expect(markdown).toContain('### 库存 Stock');
    expect(markdown).toMatch(/\|\s*名称\s*\|\s*Count\s*\|/);
    expect(markdown).toMatch(/\|\s*apple\s*\|\s*3\s*\|/);
    const info = JSON.parse(entries.get('info.json')!.toString('utf8'));
    expect(Number(info.item_type)).toBe(4);

    const answer = await call(server, api('import/auto'), {
      method: 'POST',
      body: multipart({ user_token: token }, { field: 'file', name: 'sheet.zip', data: zip }),
    });
    const { item_id: importedId } = expectOk(answer) as { item_id: number };
    const em = server.db.orm.em.fork();
    expect((await em.findOneOrFail(Item, importedId)).type).toBe(4);
    const [page] = await em.find(Page, { item: importedId, deletedAt: null });
    expect(JSON.parse(page!.content)).toEqual(JSON.parse(SHEET));
  });

  it('the Word export holds the cells as a table', async () => {
    const entries = await readZip(await download('export/word'));
    const xml = entries.get('word/document.xml')!.toString('utf8');
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('apple');
    expect(xml).toContain('名称');
    expect(xml).not.toContain('"cells"');
  });
});
