import { describe, expect, it } from '@jest/globals';
import { columnName, parseSpreadsheet } from './spreadsheet';

describe('parseSpreadsheet', () => {
  it("reads x-spreadsheet's index-keyed rows and cells", () => {
    const content = JSON.stringify([
      {
        name: 'Users',
        rows: {
          0: { cells: { 0: { text: 'id' }, 1: { text: 'name' } } },
          2: { cells: { 1: { text: 'Bob' } } },
          len: 800,
        },
      },
      { name: 'Empty', rows: { len: 800 } },
    ]);
    expect(parseSpreadsheet(content)).toEqual([
      {
        name: 'Users',
        rows: [
          ['id', 'name'],
          ['', ''],
          ['', 'Bob'],
        ],
      },
      { name: 'Empty', rows: [] },
    ]);
  });

  it('reads HTML-escaped content and plain arrays of rows', () => {
    expect(parseSpreadsheet('[[&quot;a&quot;,1],[&quot;b&quot;,2]]')).toEqual([
      {
        name: 'Sheet1',
        rows: [
          ['a', '1'],
          ['b', '2'],
        ],
      },
    ]);
  });

  it('gives null for content that is not a spreadsheet, and no sheets for empty content', () => {
    expect(parseSpreadsheet('# just markdown')).toBeNull();
    expect(parseSpreadsheet('"a string"')).toBeNull();
    expect(parseSpreadsheet('')).toEqual([]);
  });
});

describe('columnName', () => {
  it('counts like a spreadsheet', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
