import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { ItemType, MemberGroup, Page, type Item, type User } from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { buildMember, buildUser, viewerOf } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';
import { closeSheetXlsxPool, SheetXlsxPool } from './sheet-xlsx.worker';
import { diffSheets, type Sheet, type SheetRow } from './sheet-format';

const fixture = fs.readFileSync(
  path.join(__dirname, '../../../../test/fixtures/sheets/every-feature.json'),
  'utf8',
);

describe.each(testDatabases())('spreadsheet items on $name', (target) => {
  let db: TestDb;
  let owner: User, reader: User;
  let sheetItem: Item, docs: Item;
  let pageId: number;

  const as = async (user: User | null) => {
    const services = db.services();
    return { services, viewer: await viewerOf(services.em, user) };
  };

  beforeAll(async () => {
    db = await openTestDb(target, 'sheets');
    const em = db.services().em;
    owner = await buildUser(em, { username: 'sheet-owner' });
    reader = await buildUser(em, { username: 'sheet-reader' });
    {
      const { services, viewer } = await as(owner);
      sheetItem = await services.items.create(viewer, { name: '表格 Sheet', type: ItemType.Spreadsheet });
      docs = await services.items.create(viewer, { name: 'Docs' });
      services.em.persist(buildMember(services.em, sheetItem, reader, MemberGroup.ReadOnly));
      await services.em.flush();
    }
    const { services, viewer } = await as(owner);
    const page = (await services.sheets.sheetPageOf(viewer, sheetItem.id)).page;
    pageId = page.id;
    await services.pages.save(viewer, { id: pageId, itemId: sheetItem.id, content: fixture });
    await services.pages.save(viewer, {
      itemId: docs.id,
      title: 'Markdown page',
      content: 'A markdown page that mentions cells and bgcolor and merges',
    });
  }, 120_000);

  afterAll(async () => {
    await closeSheetXlsxPool();
    await db?.close();
  });

  it('stores the raw JSON as saved and the cell text beside it', async () => {
    const em = db.services().em;
    const page = await em.findOneOrFail(Page, { id: pageId });
    expect(page.content).toBe(fixture);
    expect(page.searchText).toContain('用户模块');
    expect(page.searchText).not.toContain('bgcolor');
    const markdown = await em.findOneOrFail(Page, { item: docs.id });
    expect(markdown.searchText).toBeNull();
  });

  it('search finds a word in a cell, not the JSON keys, and snippets the cell text', async () => {
    const { services, viewer } = await as(reader);
    const hit = await services.search.search(viewer, 'banana', { first: 10 });
    expect(hit.hits.map((h) => h.page.id)).toEqual([pageId]);
    expect(hit.hits[0]!.snippet).toContain('apple banana');
    expect(hit.hits[0]!.snippet).not.toContain('"text"');
    expect((await services.search.search(viewer, '用户模块')).hits.map((h) => h.page.id)).toEqual([pageId]);
    // Two characters (FTS5 cannot look them up: the LIKE path) and across two cells of a row.
    expect((await services.search.search(viewer, '模块')).hits.map((h) => h.page.id)).toEqual([pageId]);
    expect((await services.search.search(viewer, 'apple\tbanana')).hits).toHaveLength(1);
    const { services: s2, viewer: ownerViewer } = await as(owner);
    for (const noise of ['bgcolor', 'merges', 'cells']) {
      const pages = (await s2.search.search(ownerViewer, noise)).hits.map((h) => h.page.title);
      expect(pages).toEqual(['Markdown page']);
    }
    expect((await s2.search.search(ownerViewer, 'fff2cc')).hits).toEqual([]);
  });

  it('reindexes on every save: a new word is found and the old one is gone', async () => {
    const { services, viewer } = await as(owner);
    const page = await services.em.findOneOrFail(Page, { id: pageId });
    const sheets = JSON.parse(page.content) as Sheet[];
    (sheets[1]!.rows!['0'] as SheetRow).cells!['1'] = { text: 'kiwifruit' };
    await services.pages.save(viewer, {
      id: pageId,
      itemId: sheetItem.id,
      content: JSON.stringify(sheets),
      baseVersion: page.version,
    });
    const fresh = await as(owner);
    expect((await fresh.services.search.search(fresh.viewer, 'kiwifruit')).hits).toHaveLength(1);
    expect((await fresh.services.search.search(fresh.viewer, 'banana')).hits).toHaveLength(0);
    // History keeps the old version: its cell diff with the current page names the cell.
    const versions = await fresh.services.history.list(fresh.viewer, pageId);
    const diff = diffSheets(versions.versions[0]!.content, versions.page.content);
    expect(diff.cells).toEqual([
      { sheet: 'Sheet Two', address: 'B1', row: 0, col: 1, oldText: 'banana', newText: 'kiwifruit' },
    ]);
  });

  it('parses the JSON of a sheet save once, for the check and the search text together', async () => {
    const { services, viewer } = await as(owner);
    const page = await services.em.findOneOrFail(Page, { id: pageId });
    const sheets = JSON.parse(page.content) as Sheet[];
    (sheets[0]!.rows!['0'] as SheetRow).cells!['7'] = { text: 'parsedonce' };
    const content = JSON.stringify(sheets);
    const parse = jest.spyOn(JSON, 'parse');
    try {
      await services.pages.save(viewer, {
        id: pageId,
        itemId: sheetItem.id,
        content,
        baseVersion: page.version,
      });
      expect(parse.mock.calls.filter(([text]) => text === content)).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
    const fresh = await as(owner);
    expect((await fresh.services.search.search(fresh.viewer, 'parsedonce')).hits).toHaveLength(1);
  });

  it('refuses a save that is not the sheet format, or too large, and changes nothing', async () => {
    const { services, viewer } = await as(owner);
    const before = await services.em.findOneOrFail(Page, { id: pageId });
    await expectCode(
      services.pages.save(viewer, { id: pageId, itemId: sheetItem.id, content: '# markdown' }),
      'BadInput',
    );
    await expectCode(
      services.pages.save(viewer, {
        id: pageId,
        itemId: sheetItem.id,
        content: JSON.stringify([{ name: 'big', rows: { len: 50_000 } }]),
      }),
      'BadInput',
    );
    const after = await (await as(owner)).services.em.findOneOrFail(Page, { id: pageId });
    expect(after.version).toBe(before.version);
    expect(after.content).toBe(before.content);
  });

  it('exports the item as xlsx and CSV, and imports a workbook as a new version', async () => {
    const { services, viewer } = await as(reader);
    const file = await services.sheets.exportXlsx(viewer, sheetItem.id);
    expect(file.fileName).toBe('表格 Sheet.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.data as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['接口清单', 'Sheet Two']);
    expect(workbook.getWorksheet('Sheet Two')!.getCell('B1').value).toBe('kiwifruit');
    const csv = await services.sheets.exportCsv(viewer, sheetItem.id, 1);
    expect(csv.data.toString('utf8')).toBe('\uFEFFapple,kiwifruit\r\n\r\n\r\n\r\n\r\n,,,,far cell\r\n');
    await expectCode(services.sheets.exportCsv(viewer, sheetItem.id, 5), 'BadInput');
    // A reader may not import.
    const source = new ExcelJS.Workbook();
    source.addWorksheet('Imported').getCell('B2').value = 'from excel';
    source.getWorksheet('Imported')!.mergeCells('B2:C3');
    const data = Buffer.from(await source.xlsx.writeBuffer());
    await expect(services.sheets.importXlsx(viewer, sheetItem.id, data)).rejects.toThrow();

    const ownerSide = await as(owner);
    const current = await ownerSide.services.em.findOneOrFail(Page, { id: pageId });
    await expectCode(
      ownerSide.services.sheets.importXlsx(ownerSide.viewer, sheetItem.id, data, {
        baseVersion: current.version - 1,
      }),
      'VersionConflict',
    );
    const saved = await (
      await as(owner)
    ).services.sheets.importXlsx(ownerSide.viewer, sheetItem.id, data, { baseVersion: current.version });
    expect(saved.version).toBe(current.version + 1);
    const sheets = JSON.parse(saved.content) as Sheet[];
    expect(sheets.map((s) => s.name)).toEqual(['Imported']);
    expect(sheets[0]!.merges).toEqual(['B2:C3']);
    const fresh = await as(owner);
    expect((await fresh.services.search.search(fresh.viewer, 'from excel')).hits).toHaveLength(1);
  });

  it('reads an imported workbook in the worker; a 50,000-row sheet is refused with the limit and changes nothing', async () => {
    const { services, viewer } = await as(owner);
    const before = await services.em.findOneOrFail(Page, { id: pageId });
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Huge');
    for (let r = 1; r <= 50_000; r++) ws.getCell(r, 1).value = `row ${r}`;
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const read = jest.spyOn(SheetXlsxPool.prototype, 'read');
    try {
      const refused = await services.sheets.importXlsx(viewer, sheetItem.id, data).then(
        () => null,
        (err: unknown) => err,
      );
      expect(read).toHaveBeenCalledTimes(1);
      expect(refused).toMatchObject({
        codeName: 'BadInput',
        message: 'Sheet "Huge" has 50000 rows; at most 20000 can be imported',
      });
    } finally {
      read.mockRestore();
    }
    const after = await (await as(owner)).services.em.findOneOrFail(Page, { id: pageId });
    expect(after.version).toBe(before.version);
    expect(after.content).toBe(before.content);
  }, 120_000);

  it('refuses sheet calls on other item types', async () => {
    const { services, viewer } = await as(owner);
    await expectCode(services.sheets.exportXlsx(viewer, docs.id), 'ItemTypeInvalid');
  });
});
