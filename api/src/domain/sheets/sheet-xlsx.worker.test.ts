import { afterAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { DomainError } from '../errors';
import type { Sheet, SheetRow } from './sheet-format';
import { DEFAULT_SHEET_XLSX_POOL, SheetXlsxPool } from './sheet-xlsx.worker';

async function workbookOf(build: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('xlsx imports read in a worker thread', () => {
  const pools: SheetXlsxPool[] = [];
  const poolWith = (options: Partial<typeof DEFAULT_SHEET_XLSX_POOL> = {}) => {
    const pool = new SheetXlsxPool({ ...DEFAULT_SHEET_XLSX_POOL, ...options });
    pools.push(pool);
    return pool;
  };
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  it('answers the sheets of a real workbook: values, merges, widths', async () => {
    const data = await workbookOf((book) => {
      const ws = book.addWorksheet('Quarters');
      ws.getCell('A1').value = 'Quarter';
      ws.getCell('B1').value = 1200;
      ws.mergeCells('A3:B4');
      ws.getCell('A3').value = 'merged note';
      ws.getColumn(1).width = 20;
      book.addWorksheet('Second').getCell('C2').value = '第二';
    });
    const sheets = JSON.parse(await poolWith().read(data)) as Sheet[];
    expect(sheets.map((s) => s.name)).toEqual(['Quarters', 'Second']);
    const rows = sheets[0]!.rows as Record<string, SheetRow>;
    expect(rows['0']!.cells!['0']!.text).toBe('Quarter');
    expect(rows['0']!.cells!['1']!.text).toBe('1200');
    expect(rows['2']!.cells!['0']).toMatchObject({ text: 'merged note', merge: [1, 1] });
    expect(sheets[0]!.merges).toEqual(['A3:B4']);
    expect(sheets[0]!.cols!['0']).toEqual({ width: 140 });
    expect((sheets[1]!.rows as Record<string, SheetRow>)['1']!.cells!['2']!.text).toBe('第二');
  }, 60_000);

  it("rethrows the reader's refusal with its message: a 50,000-row sheet", async () => {
    const data = await workbookOf((book) => {
      const ws = book.addWorksheet('Big');
      for (let r = 1; r <= 50_000; r++) ws.getCell(r, 1).value = r;
    });
    const refused = await poolWith()
      .read(data)
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).codeName).toBe('BadInput');
    expect((refused as DomainError).localized('en')).toBe(
      'Sheet "Big" has 50000 rows; at most 20000 can be imported',
    );
    expect((refused as DomainError).localized('zh')).toBe('工作表「Big」有 50000 行，最多可导入 20000 行');
  }, 120_000);

  it('refuses a file that is not a workbook, and one read over its budget (the worker is stopped)', async () => {
    const pool = poolWith();
    await expect(pool.read(Buffer.from('not a zip'))).rejects.toThrow(
      'The file is not a readable .xlsx workbook',
    );
    const data = await workbookOf((book) => {
      const ws = book.addWorksheet('Slow');
      for (let r = 1; r <= 5_000; r++) ws.getCell(r, 1).value = `row ${r}`;
    });
    // A budget no read can meet: the read runs in the worker, which is terminated at the deadline.
    await expect(poolWith({ timeoutMs: 1 }).read(data)).rejects.toThrow(
      'Reading the workbook took over 1 ms: split it into smaller workbooks',
    );
    // The pool starts a new worker for the next read.
    const again = JSON.parse(await pool.read(data)) as Sheet[];
    expect(again[0]!.name).toBe('Slow');
  }, 60_000);
});
