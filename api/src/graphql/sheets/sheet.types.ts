import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { cellAddress, sheetName, type CellChange, type Sheet } from '../../domain';

@ObjectType({ description: 'One cell of a spreadsheet that holds text' })
export class SheetCell {
  @Field(() => Int, { description: 'Row index, from 0 (row 1 in the grid)' })
  row!: number;

  @Field(() => Int, { description: 'Column index, from 0 (column A in the grid)' })
  col!: number;

  @Field({ description: 'The A1-style address, e.g. "B3"' })
  address!: string;

  @Field({ description: 'The text as typed (a formula keeps its leading "=")' })
  text!: string;
}

@ObjectType({
  description:
    'One sheet of a spreadsheet item, read from the page content (the x-data-spreadsheet JSON of ShowDoc)',
})
export class SheetData {
  @Field(() => Int, { description: 'Position among the sheets, from 0' })
  index!: number;

  @Field({ description: 'The tab name' })
  name!: string;

  @Field(() => Int, { description: 'Rows the grid shows (at least the last row holding a cell)' })
  rowCount!: number;

  @Field(() => Int, { description: 'Columns the grid shows' })
  columnCount!: number;

  @Field(() => [String], { description: 'Merged ranges, e.g. "A2:A6"' })
  merges!: string[];

  @Field({ description: 'The top-left cell of the scrolling area ("A1": nothing frozen)' })
  freeze!: string;

  @Field(() => [SheetCell], { description: 'Cells with text, row by row' })
  cells!: SheetCell[];

  @Field(() => [[String]], {
    description: 'Cell text as rows of columns ("" for empty cells), up to the last filled row and column',
  })
  table!: string[][];

  static from(sheet: Sheet, index: number, cells: Array<[number, number, string]>): SheetData {
    const rowsLen = typeof sheet.rows?.len === 'number' ? sheet.rows.len : 0;
    const colsLen = typeof sheet.cols?.len === 'number' ? sheet.cols.len : 0;
    const lastRow = cells.reduce((max, [r]) => Math.max(max, r + 1), 0);
    const lastCol = cells.reduce((max, [, c]) => Math.max(max, c + 1), 0);
    const table: string[][] = Array.from({ length: lastRow }, () => Array<string>(lastCol).fill(''));
    for (const [r, c, text] of cells) table[r]![c] = text;
    return Object.assign(new SheetData(), {
      index,
      name: sheetName(sheet, index),
      rowCount: Math.max(rowsLen, lastRow),
      columnCount: Math.max(colsLen, lastCol),
      merges: Array.isArray(sheet.merges) ? sheet.merges.map(String) : [],
      freeze: typeof sheet.freeze === 'string' ? sheet.freeze : 'A1',
      cells: cells.map(([row, col, text]) =>
        Object.assign(new SheetCell(), { row, col, address: cellAddress(row, col), text }),
      ),
      table,
    });
  }
}

export enum SheetChangeKind {
  ADDED = 'added',
  REMOVED = 'removed',
}
registerEnumType(SheetChangeKind, {
  name: 'SheetChangeKind',
  description: 'A sheet that exists only now (added) or only in the version (removed)',
  valuesConfig: {
    ADDED: { description: 'The sheet exists in the current page, not in the version' },
    REMOVED: { description: 'The sheet exists in the version, not in the current page' },
  },
});

@ObjectType({ description: 'A cell whose text differs between a version (old) and the current page (new)' })
export class SheetCellChange {
  @Field({ description: 'The sheet name' })
  sheet!: string;

  @Field({ description: 'The A1-style address' })
  address!: string;

  @Field(() => Int, { description: 'Row index, from 0' })
  row!: number;

  @Field(() => Int, { description: 'Column index, from 0' })
  col!: number;

  @Field(() => String, { nullable: true, description: 'Text in the version; null when the cell was empty' })
  oldText!: string | null;

  @Field(() => String, { nullable: true, description: 'Text now; null when the cell is empty' })
  newText!: string | null;

  static from(change: CellChange): SheetCellChange {
    return Object.assign(new SheetCellChange(), change);
  }
}

@ObjectType({ description: 'A sheet added or removed between a version and the current page' })
export class SheetTabChange {
  @Field({ description: 'The sheet name' })
  sheet!: string;

  @Field(() => SheetChangeKind, { description: 'Added or removed' })
  kind!: SheetChangeKind;
}

@ObjectType({ description: 'The cell-level comparison of two versions of a spreadsheet page' })
export class SheetDiffData {
  @Field(() => [SheetCellChange], { description: 'Changed cells, sheet by sheet, row by row' })
  cells!: SheetCellChange[];

  @Field(() => [SheetTabChange], { description: 'Sheets added or removed' })
  sheets!: SheetTabChange[];

  @Field({ description: 'True when there were more changed cells than listed' })
  truncated!: boolean;
}
