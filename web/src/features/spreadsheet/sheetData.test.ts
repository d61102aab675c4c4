import { describe, expect, it } from '@jest/globals';
import {
  parseSheetContent,
  reapplyCellChanges,
  withUnknownKeys,
  withWholeMerges,
  type SheetJson,
} from './sheetData';

const sheet = (
  name: string,
  cells: Record<string, Record<string, string>>,
  extra: object = {},
): SheetJson => ({
  name,
  rows: Object.fromEntries(
    Object.entries(cells).map(([r, row]) => [
      r,
      { cells: Object.fromEntries(Object.entries(row).map(([c, text]) => [c, { text }])) },
    ]),
  ),
  ...extra,
});

describe('spreadsheet data in the grid', () => {
  it('reads an array, a single sheet or nothing', () => {
    expect(parseSheetContent('')).toEqual([{ name: 'sheet1', rows: { len: 800 } }]);
    expect(parseSheetContent('{"name":"one","rows":{}}')).toEqual([{ name: 'one', rows: {} }]);
    expect(parseSheetContent('[{"name":"a"},{"name":"b"}]').map((s) => s.name)).toEqual(['a', 'b']);
  });

  it("puts back the keys the grid's getData() does not name", () => {
    const loaded = [sheet('a', {}, { quireFutureKey: { kept: true }, freeze: 'B2' })];
    const fromGrid = [sheet('a', { 0: { 0: 'x' } }, { freeze: 'A1' })];
    const merged = withUnknownKeys(fromGrid, loaded);
    expect(merged[0]).toMatchObject({ quireFutureKey: { kept: true }, freeze: 'A1' });
    expect(merged[0]!.rows).toEqual(fromGrid[0]!.rows);
  });

  it('reapplies my cell changes on top of a newer version, keeping theirs', () => {
    const base = [sheet('s', { 0: { 0: 'a', 1: 'b' } })];
    const mine = [sheet('s', { 0: { 0: 'A', 1: 'b' }, 2: { 0: 'new' } }), sheet('mine', { 0: { 0: 'm' } })];
    const theirs = [sheet('s', { 0: { 0: 'a', 1: 'B' }, 1: { 0: 'theirs' } })];
    const result = reapplyCellChanges(base, mine, theirs);
    const text = (s: SheetJson, r: string, c: string) =>
      (s.rows as Record<string, { cells: Record<string, { text: string }> }>)[r]?.cells[c]?.text;
    expect(text(result[0]!, '0', '0')).toBe('A');
    expect(text(result[0]!, '0', '1')).toBe('B');
    expect(text(result[0]!, '1', '0')).toBe('theirs');
    expect(text(result[0]!, '2', '0')).toBe('new');
    expect(result.map((s) => s.name)).toEqual(['s', 'mine']);
    expect(text(theirs[0]!, '0', '0')).toBe('a');
  });

  it("gives a stored merge its top-left cell's span, which the grid needs to draw it", () => {
    const stored = JSON.stringify([
      { name: 'a', merges: ['A1:B1', 'C3:D5'], rows: { len: 800, 0: { cells: { 0: { text: 'Alpha' } } } } },
    ]);
    const [sheet] = parseSheetContent(stored);
    const rows = sheet!.rows as Record<
      string,
      { cells: Record<string, { text?: string; merge?: number[] }> }
    >;
    expect(rows['0']!.cells['0']).toEqual({ text: 'Alpha', merge: [0, 1] });
    expect(rows['2']!.cells['2']).toEqual({ merge: [2, 1] });
    expect(sheet!.merges).toEqual(['A1:B1', 'C3:D5']);
    expect((sheet!.rows as { len: number }).len).toBe(800);
  });

  it('lists a merged cell missing from merges, and leaves whole merges alone', () => {
    const half: SheetJson = { name: 'b', rows: { 4: { cells: { 1: { text: 'x', merge: [1, 0] } } } } };
    expect(withWholeMerges(half).merges).toEqual(['B5:B6']);
    expect(half.merges).toBeUndefined();
    const whole: SheetJson = { name: 'c', merges: ['B5:B6'], rows: half.rows };
    expect(withWholeMerges(whole)).toBe(whole);
    const plain = sheet('d', { 0: { 0: 'x' } });
    expect(withWholeMerges(plain)).toBe(plain);
  });
});
