import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { DomainError } from '../errors';
import { parseSheets, type Sheet, type SheetRow } from './sheet-format';
import { sheetsToXlsx, xlsxToSheets } from './sheet-xlsx';

const fixture = fs.readFileSync(
  path.join(__dirname, '../../../../test/fixtures/sheets/every-feature.json'),
  'utf8',
);

async function readBack(data: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  return workbook;
}

const cell = (sheet: Sheet, r: number, c: number) =>
  (sheet.rows?.[String(r)] as SheetRow | undefined)?.cells?.[String(c)];

describe('spreadsheet xlsx export and import (exceljs)', () => {
  it('exports values, merges, widths, heights, freeze and styles that exceljs reads back', async () => {
    const workbook = await readBack(await sheetsToXlsx(parseSheets(fixture)));
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['接口清单', 'Sheet Two']);
    const ws = workbook.getWorksheet('接口清单')!;
    expect(ws.getCell('A1').value).toBe('模块');
    expect(ws.getCell('B1').value).toBe('接口 "quoted" \\ back');
    expect(ws.getCell('C2').value).toBe(12.5);
    expect(ws.getCell('D2').value).toEqual({ formula: 'SUM(C2:C4)' });
    expect(ws.getCell('B3').value).toBe('logout\nline two');
    expect([...(ws.model as { merges: string[] }).merges].sort()).toEqual(['A2:A6', 'C1:D1']);
    expect(ws.getColumn(1).width).toBe(20);
    expect(ws.getColumn(2).width).toBeCloseTo(220 / 7, 10);
    expect(ws.getRow(1).height).toBe(30);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('B1').font).toMatchObject({ italic: true, color: { argb: 'FFC00000' } });
    expect(ws.getCell('C1').fill).toMatchObject({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FFFFF2CC' },
    });
    expect(ws.getCell('C1').alignment).toMatchObject({ horizontal: 'center', vertical: 'middle' });
    expect(ws.getCell('A2').border?.left).toMatchObject({ style: 'thick', color: { argb: 'FFFF0000' } });
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    expect(workbook.getWorksheet('Sheet Two')!.getCell('E6').value).toBe('far cell');
  });

  it('imports a workbook: every sheet, values, merges, widths, styles; and exports it back the same', async () => {
    const source = new ExcelJS.Workbook();
    const a = source.addWorksheet('Budget');
    a.getColumn(1).width = 18;
    a.getColumn(3).width = 9.5;
    a.getCell('A1').value = 'Item';
    a.getCell('A1').font = { bold: true };
    a.getCell('B1').value = 42;
    a.getCell('C1').value = true;
    a.getCell('A2').value = new Date(Date.UTC(2024, 2, 5));
    a.getCell('B2').value = { formula: 'SUM(B1:B1)', result: 42 };
    a.getCell('C2').value = { formula: 'VLOOKUP(1,A1:B2,2)', result: 'cached' };
    a.getCell('A3').value = { richText: [{ text: 'rich ' }, { text: 'text', font: { italic: true } }] };
    a.getCell('A4').value = 'merged';
    a.mergeCells('A4:C5');
    a.getRow(4).height = 30;
    source.addWorksheet('第二页').getCell('B2').value = '你好';
    const data = Buffer.from(await source.xlsx.writeBuffer());

    const sheets = await xlsxToSheets(data);
    expect(sheets.map((s) => s.name)).toEqual(['Budget', '第二页']);
    const budget = sheets[0]!;
    expect(cell(budget, 0, 0)).toMatchObject({ text: 'Item' });
    expect(budget.styles![cell(budget, 0, 0)!.style!]).toEqual({ font: { bold: true } });
    expect(cell(budget, 0, 1)!.text).toBe('42');
    expect(cell(budget, 0, 2)!.text).toBe('TRUE');
    expect(cell(budget, 1, 0)!.text).toBe('2024-03-05');
    expect(cell(budget, 1, 1)!.text).toBe('=SUM(B1:B1)');
    expect(cell(budget, 1, 2)!.text).toBe('cached');
    expect(cell(budget, 2, 0)!.text).toBe('rich text');
    expect(cell(budget, 3, 0)).toMatchObject({ text: 'merged', merge: [1, 2] });
    expect(budget.merges).toEqual(['A4:C5']);
    expect((budget.rows!['3'] as SheetRow).height).toBe(40);
    expect(budget.cols!['0']).toEqual({ width: 126 });
    expect(cell(sheets[1]!, 1, 1)!.text).toBe('你好');

    const back = await readBack(await sheetsToXlsx(sheets));
    const ws = back.getWorksheet('Budget')!;
    expect(ws.getColumn(1).width).toBe(18);
    expect(ws.getColumn(3).width).toBe(9.5);
    expect((ws.model as { merges: string[] }).merges).toEqual(['A4:C5']);
    expect(ws.getCell('A1').value).toBe('Item');
    expect(ws.getCell('B1').value).toBe(42);
    expect(ws.getCell('A4').value).toBe('merged');
    expect(ws.getRow(4).height).toBe(30);
    expect(back.getWorksheet('第二页')!.getCell('B2').value).toBe('你好');
  });

  it('refuses a 50,000-row workbook with a clear message', async () => {
    const source = new ExcelJS.Workbook();
    const ws = source.addWorksheet('Huge');
    ws.getCell('A50000').value = 'last';
    ws.getCell('A1').value = 'first';
    const data = Buffer.from(await source.xlsx.writeBuffer());
    await expect(xlsxToSheets(data)).rejects.toThrow(
      'Sheet "Huge" has 50000 rows; at most 20000 can be imported',
    );
  });

  it('refuses a file that is not a workbook', async () => {
    const error = await xlsxToSheets(Buffer.from('not a zip at all')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe('The file is not a readable .xlsx workbook');
  });
});
