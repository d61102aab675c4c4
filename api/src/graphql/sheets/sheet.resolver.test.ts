import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { ItemType, MemberGroup, Page, type Item, type User } from '../../../../db/src';
import { api, expectOk } from '../../../../test/compat/wire-helpers';
import { buildItem, buildMember, buildSession, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const fixture = fs.readFileSync(
  path.join(__dirname, '../../../../test/fixtures/sheets/every-feature.json'),
  'utf8',
);

const SAVE = `mutation($input: SavePageInput!) { savePage(input: $input) { id version } }`;
const ITEM_SHEETS = `query($id: Int!) { item(id: $id) { type sheets { index name rowCount columnCount merges freeze
  cells { row col address text } table } } }`;
const PAGE_SHEETS = `query($id: Int!) { page(id: $id) { content sheets { name cells { address text } } } }`;
const HISTORY = `query($pageId: Int!) { pageHistory(pageId: $pageId) { id version } }`;
const DIFF = `query($pageId: Int!, $versionId: Int!) { pageDiff(pageId: $pageId, versionId: $versionId) {
  cellChanges { cells { sheet address row col oldText newText } sheets { sheet kind } truncated } } }`;

describe.each(testDatabases())('spreadsheet doors on $name', (target) => {
  let server: TestServer;
  let owner: User, reader: User;
  let ownerToken: string, readerToken: string;
  let sheetItem: Item, docs: Item;
  let pageId: number;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_sheets');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    reader = await buildUser(em);
    sheetItem = await buildItem(em, owner, {
      type: ItemType.Spreadsheet,
      name: 'Sheet item',
      password: 'visit-pwd',
    });
    docs = await buildItem(em, owner, { name: 'Docs' });
    buildMember(em, sheetItem, reader, MemberGroup.ReadOnly);
    const page = em.create(Page, { item: sheetItem, title: 'Sheet item', content: '', author: owner });
    await em.persist(page).flush();
    pageId = page.id;
    ownerToken = await buildSession(em, owner);
    readerToken = await buildSession(em, reader);
    const saved = await server.graphql(
      SAVE,
      { input: { id: pageId, itemId: sheetItem.id, title: 'Sheet item', content: fixture, baseVersion: 1 } },
      ownerToken,
    );
    expect(saved.errors).toBeUndefined();
  }, 120_000);
  afterAll(async () => server?.close());

  it('Item.sheets and Page.sheets give names and cell text by row and column; raw JSON stays in content', async () => {
    const answer = await server.graphql<{ item: { sheets: Array<Record<string, unknown>> } }>(
      ITEM_SHEETS,
      { id: sheetItem.id },
      readerToken,
    );
    expect(answer.errors).toBeUndefined();
    const [first, second] = answer.data!.item.sheets;
    expect(first).toMatchObject({ index: 0, name: '接口清单', rowCount: 800, columnCount: 26, freeze: 'B2' });
    expect(first!.merges).toEqual(['A2:A6', 'C1:D1']);
    expect((first!.cells as unknown[])[0]).toEqual({ row: 0, col: 0, address: 'A1', text: '模块' });
    expect((second!.table as string[][])[0]).toEqual(['apple', 'banana', '', '', '']);
    expect((second!.table as string[][])[5]).toEqual(['', '', '', '', 'far cell']);
    const page = await server.graphql<{ page: { content: string; sheets: Array<{ name: string }> } }>(
      PAGE_SHEETS,
      { id: pageId },
      readerToken,
    );
    expect(page.data!.page.content).toBe(fixture);
    expect(page.data!.page.sheets.map((s) => s.name)).toEqual(['接口清单', 'Sheet Two']);
    const other = await server.graphql<{ item: { sheets: null } }>(ITEM_SHEETS, { id: docs.id }, ownerToken);
    expect(other.data!.item.sheets).toBeNull();
  });

  it('ShowDoc page/info answers the sheet JSON escaped as ShowDoc does, and reads back the same', async () => {
    const data = expectOk(await server.form(api('page/info'), { user_token: readerToken, page_id: pageId }));
    expect(data.page_content).toContain('&quot;name&quot;:');
    const unescaped = String(data.page_content)
      .replace(/&quot;/g, '"')
      .replace(/&#039;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(unescaped)).toEqual(JSON.parse(fixture));
    const info = expectOk(
      await server.form(api('item/info'), { user_token: readerToken, item_id: sheetItem.id }),
    );
    expect(info.item_type).toBe('4');
  });

  it('pageDiff gives the cell changes of a sheet page (sheet, address, old → new)', async () => {
    const sheets = JSON.parse(fixture);
    sheets[1].rows['0'].cells['1'].text = 'blueberry';
    const current = await server.db.orm.em.fork().findOneOrFail(Page, { id: pageId });
    const saved = await server.graphql(
      SAVE,
      {
        input: {
          id: pageId,
          itemId: sheetItem.id,
          title: 'Sheet item',
          content: JSON.stringify(sheets),
          baseVersion: current.version,
        },
      },
      ownerToken,
    );
    expect(saved.errors).toBeUndefined();
    const history = await server.graphql<{ pageHistory: Array<{ id: number; version: number }> }>(
      HISTORY,
      { pageId },
      readerToken,
    );
    const previous = history.data!.pageHistory[0]!;
    const diff = await server.graphql<{ pageDiff: { cellChanges: unknown } }>(
      DIFF,
      { pageId, versionId: previous.id },
      readerToken,
    );
    expect(diff.errors).toBeUndefined();
    expect(diff.data!.pageDiff.cellChanges).toEqual({
      cells: [{ sheet: 'Sheet Two', address: 'B1', row: 0, col: 1, oldText: 'banana', newText: 'blueberry' }],
      sheets: [],
      truncated: false,
    });
  });

  it('exports xlsx and CSV over HTTP, imports xlsx for editors only, with clear refusals', async () => {
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const xlsx = await fetch(`${server.url}/api/sheets/${sheetItem.id}/xlsx`, { headers: auth(readerToken) });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain("filename*=UTF-8''Sheet%20item.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.getWorksheet('接口清单')!.getCell('A1').value).toBe('模块');
    expect((workbook.getWorksheet('接口清单')!.model as { merges: string[] }).merges.sort()).toEqual([
      'A2:A6',
      'C1:D1',
    ]);
    const csv = await fetch(`${server.url}/api/sheets/${sheetItem.id}/csv?sheet=1`, {
      headers: auth(readerToken),
    });
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toMatch(/^apple,(banana|blueberry)\r\n/);
    const anonymous = await fetch(`${server.url}/api/sheets/${sheetItem.id}/xlsx`);
    expect(anonymous.status).toBe(403);
    const notSheet = await fetch(`${server.url}/api/sheets/${docs.id}/xlsx`, { headers: auth(ownerToken) });
    expect(notSheet.status).toBe(400);
    expect(((await notSheet.json()) as { error: { message: string } }).error.message).toBe(
      'This is not a spreadsheet item',
    );

    const source = new ExcelJS.Workbook();
    const ws = source.addWorksheet('Uploaded');
    ws.getCell('A1').value = 'uploaded cell';
    ws.getColumn(1).width = 30;
    ws.mergeCells('A2:B2');
    const upload = (token: string, body: Buffer | string, baseVersion?: number) => {
      const form = new FormData();
      if (baseVersion !== undefined) form.append('baseVersion', String(baseVersion));
      form.append('file', new Blob([typeof body === 'string' ? body : new Uint8Array(body)]), 'book.xlsx');
      return fetch(`${server.url}/api/sheets/${sheetItem.id}/xlsx`, {
        method: 'POST',
        headers: auth(token),
        body: form,
      });
    };
    const data = Buffer.from(await source.xlsx.writeBuffer());
    expect((await upload(readerToken, data)).status).toBe(403);
    const bad = await upload(ownerToken, 'not a workbook');
    expect(bad.status).toBe(400);
    const current = await server.db.orm.em.fork().findOneOrFail(Page, { id: pageId });
    expect((await upload(ownerToken, data, current.version - 1)).status).toBe(409);
    const ok = await upload(ownerToken, data, current.version);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ pageId, version: current.version + 1 });
    const back = await fetch(`${server.url}/api/sheets/${sheetItem.id}/xlsx`, { headers: auth(readerToken) });
    const roundTrip = new ExcelJS.Workbook();
    await roundTrip.xlsx.load(await back.arrayBuffer());
    const out = roundTrip.getWorksheet('Uploaded')!;
    expect(out.getCell('A1').value).toBe('uploaded cell');
    expect(out.getColumn(1).width).toBe(30);
    expect((out.model as { merges: string[] }).merges).toEqual(['A2:B2']);
  });
});
