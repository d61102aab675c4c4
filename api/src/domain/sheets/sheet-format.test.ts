import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { sheetSearchText } from '../../../../db/src';
import { DomainError } from '../errors';
import {
  cellAddress,
  diffSheets,
  MAX_SHEET_ROWS,
  parseAddress,
  parseRange,
  parseSheets,
  sheetToCsv,
  sheetsToMarkdown,
  type Sheet,
} from './sheet-format';

const fixturePath = path.join(__dirname, '../../../../test/fixtures/sheets/every-feature.json');
const fixture = fs.readFileSync(fixturePath, 'utf8');

describe('spreadsheet format (x-data-spreadsheet, ShowDoc)', () => {
  it('keeps every key of a sheet using every feature: parse then serialise is identical JSON', () => {
    const sheets = parseSheets(fixture);
    expect(sheets).toHaveLength(2);
    expect(JSON.stringify(sheets)).toBe(JSON.stringify(JSON.parse(fixture)));
    expect(sheets[0]!.quireFutureKey).toEqual({ kept: true });
    expect(sheets[0]!.merges).toEqual(['A2:A6', 'C1:D1']);
  });

  it('reads a single sheet object as a list of one (documented normalisation) and empty as one sheet', () => {
    const one = parseSheets(JSON.stringify(JSON.parse(fixture)[1]));
    expect(one).toHaveLength(1);
    expect(one[0]!.name).toBe('Sheet Two');
    const empty = parseSheets('  ');
    expect(empty).toEqual([{ name: 'sheet1', rows: { len: 800 }, cols: { len: 26 } }]);
  });

  it('refuses content that is not the format with a clear error', () => {
    for (const bad of ['# markdown', '[1,2]', '{"a":1}', '[{"rows":', '[]']) {
      const error = (() => {
        try {
          parseSheets(bad);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).toMatch(/x-data-spreadsheet/);
    }
  });

  it('refuses a 50,000-row sheet with a message naming the sheet and the limit', () => {
    const big: Sheet[] = [{ name: 'huge', rows: { len: 50_000 } }];
    expect(() => parseSheets(JSON.stringify(big))).toThrow(
      `Sheet "huge" has 50000 rows; at most ${MAX_SHEET_ROWS} are allowed`,
    );
    const sparse: Sheet[] = [{ name: 'sparse', rows: { '49999': { cells: { '0': { text: 'x' } } } } }];
    expect(() => parseSheets(JSON.stringify(sparse))).toThrow(/sparse.*50000 rows/);
    const ok: Sheet[] = [{ name: 'fine', rows: { len: MAX_SHEET_ROWS } }];
    expect(parseSheets(JSON.stringify(ok))).toHaveLength(1);
  });

  it('addresses cells the Excel way', () => {
    expect(cellAddress(0, 0)).toBe('A1');
    expect(cellAddress(9, 25)).toBe('Z10');
    expect(cellAddress(0, 26)).toBe('AA1');
    expect(cellAddress(0, 701)).toBe('ZZ1');
    expect(parseAddress('AA1')).toEqual([0, 26]);
    expect(parseAddress('A0')).toBeNull();
    expect(parseRange('A2:A6')).toEqual({ top: 1, left: 0, bottom: 5, right: 0 });
    expect(parseRange('D1:C1')).toEqual({ top: 0, left: 2, bottom: 0, right: 3 });
  });

  it('indexes cell text and sheet names, not keys or styles', () => {
    const text = sheetSearchText(fixture)!;
    expect(text).toContain('接口清单');
    expect(text).toContain('用户模块');
    expect(text).toContain('apple\tbanana');
    expect(text).toContain('接口 "quoted" \\ back');
    expect(text).not.toMatch(/bgcolor|merges|style|cells|#fff2cc|Helvetica/);
    expect(sheetSearchText('# just markdown [x]')).toBeNull();
    expect(sheetSearchText('[{"name": "n"}]')).toBeNull();
  });

  it('writes CSV with quoting and Markdown tables', () => {
    const sheets = parseSheets(fixture);
    const csv = sheetToCsv(sheets[0]!);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('模块,"接口 ""quoted"" \\ back",合并标题');
    expect(lines[1]).toBe('用户模块,login,12.5,=SUM(C2:C4)');
    expect(csv).toContain('"logout\nline two",7');
    const md = sheetsToMarkdown(sheets);
    expect(md).toContain('### Sheet Two');
    expect(md).toContain('| apple | banana |  |  |  |');
    expect(md).toContain('|  |  |  |  | far cell |');
  });

  it('diffs two versions cell by cell with sheet, address, old and new text', () => {
    const before = JSON.parse(fixture) as Sheet[];
    const after = JSON.parse(fixture) as Sheet[];
    (after[0]!.rows!['1'] as { cells: Record<string, { text?: string }> }).cells['1']!.text = 'signin';
    (after[1]!.rows!['0'] as { cells: Record<string, { text?: string }> }).cells['2'] = { text: 'cherry' };
    delete (after[1]!.rows!['5'] as { cells?: unknown }).cells;
    after[0]!.styles![0] = { font: { bold: false } }; // style only: not a cell change
    after.push({ name: 'New', rows: { '0': { cells: { '0': { text: 'hi' } } } } });
    const diff = diffSheets(JSON.stringify(before), JSON.stringify(after));
    expect(diff.truncated).toBe(false);
    expect(diff.sheets).toEqual([{ sheet: 'New', kind: 'added' }]);
    expect(diff.cells.map((c) => `${c.sheet}!${c.address}: ${c.oldText} → ${c.newText}`)).toEqual([
      '接口清单!B2: login → signin',
      'Sheet Two!C1: null → cherry',
      'Sheet Two!E6: far cell → null',
      'New!A1: null → hi',
    ]);
    expect(diffSheets(fixture, fixture).cells).toEqual([]);
    const many = diffSheets('[]', JSON.stringify(after), 3);
    expect(many.cells).toHaveLength(3);
    expect(many.truncated).toBe(true);
  });
});
