// The module itself, not db's index: the xlsx reader's worker thread loads this file without the ORM.
import { searchTextOfSheets, sheetCellTexts, sheetsOfContent } from '../../../../db/src/search/sheet-text';
import { DomainError } from '../errors';

/**
 * ShowDoc's spreadsheet format (item type 4): a page whose content is the JSON of the
 * `x-data-spreadsheet` data model, an array of sheets:
 *
 *   {name, freeze: "A1", styles: [style], merges: ["A2:A6"], rows: {len, "r": {cells: {"c": {text, style,
 *    merge: [rowspan-1, colspan-1]}}, height}}, cols: {len, "c": {width}}, validations: [], autofilter: {}}
 *
 * Quire's grid is x-data-spreadsheet itself, so the stored format is the grid's own model and no
 * conversion stands between them. The rule here is to keep every key as it came (unknown ones too):
 * readers read through the typed views below, writers change only what they mean to change. The one
 * normalisation: a content that is a single sheet object (x-data-spreadsheet's loadData accepts it) is
 * read as a list of one sheet.
 */

export interface SheetStyle {
  bgcolor?: string;
  align?: 'left' | 'center' | 'right' | string;
  valign?: 'top' | 'middle' | 'bottom' | string;
  textwrap?: boolean;
  strike?: boolean;
  underline?: boolean;
  color?: string;
  format?: string;
  font?: { name?: string; size?: number; bold?: boolean; italic?: boolean };
  border?: Partial<Record<'top' | 'right' | 'bottom' | 'left', [string, string]>>;
  [key: string]: unknown;
}

export interface SheetCell {
  text?: string;
  style?: number;
  merge?: [number, number];
  editable?: boolean;
  [key: string]: unknown;
}

export interface SheetRow {
  cells?: Record<string, SheetCell>;
  height?: number;
  [key: string]: unknown;
}

export interface Sheet {
  name?: string;
  freeze?: string;
  styles?: SheetStyle[];
  merges?: string[];
  rows?: { len?: number; [row: string]: SheetRow | number | undefined };
  cols?: { len?: number; [col: string]: { width?: number; [key: string]: unknown } | number | undefined };
  validations?: unknown[];
  autofilter?: unknown;
  [key: string]: unknown;
}

/** The grid's defaults (spec 001 §9: 800 rows of height 25; x-data-spreadsheet: 26 columns of 100 px). */
export const DEFAULT_ROWS = 800;
export const DEFAULT_ROW_HEIGHT = 25;
export const DEFAULT_COLS = 26;
export const DEFAULT_COL_WIDTH = 100;

/** Size limits: past them a sheet is refused with a message (the grid would freeze a tab). */
export const MAX_SHEETS = 64;
export const MAX_SHEET_ROWS = 20_000;
export const MAX_SHEET_COLS = 702; // A..ZZ
export const MAX_CELLS = 400_000;

export function emptySheets(): Sheet[] {
  return [{ name: 'sheet1', rows: { len: DEFAULT_ROWS }, cols: { len: DEFAULT_COLS } }];
}

function badSheet(en: string, zh: string): DomainError {
  return new DomainError('BadInput', { en, zh });
}

/**
 * The sheets of a spreadsheet page. An empty content is one empty sheet; anything else must be the
 * x-data-spreadsheet model within the size limits, or a clear error.
 */
export function parseSheets(content: string): Sheet[] {
  if (content.trim() === '') return emptySheets();
  const sheets = sheetsOfContent(content) as Sheet[] | null;
  if (!sheets) {
    throw badSheet(
      'The spreadsheet content is not the x-data-spreadsheet JSON format',
      '表格内容不是 x-data-spreadsheet 的 JSON 格式',
    );
  }
  checkSheetLimits(sheets);
  return sheets;
}

/**
 * A spreadsheet page's content checked as `parseSheets` does, and the cell text search indexes for it
 * (`page.search_text`; null for an empty content), from one parse of the JSON.
 */
export function checkedSheetText(content: string): string | null {
  const sheets = parseSheets(content);
  return content.trim() === '' ? null : searchTextOfSheets(sheets);
}

/** The highest row and column index used by a sheet (len, keys, merges), for the size limits. */
export function sheetExtent(sheet: Sheet): { rows: number; cols: number; cells: number } {
  let rows = numberOr(sheet.rows?.len, 0);
  let cols = numberOr(sheet.cols?.len, 0);
  let cells = 0;
  for (const [r, row] of rowEntries(sheet)) {
    rows = Math.max(rows, r + 1);
    for (const c of Object.keys(row.cells ?? {})) {
      if (!/^\d+$/.test(c)) continue;
      cols = Math.max(cols, Number(c) + 1);
      cells++;
    }
  }
  return { rows, cols, cells };
}

export function checkSheetLimits(sheets: Sheet[]): void {
  if (sheets.length > MAX_SHEETS) {
    throw badSheet(
      `A spreadsheet holds at most ${MAX_SHEETS} sheets (this one has ${sheets.length})`,
      `一个表格最多 ${MAX_SHEETS} 个工作表（当前 ${sheets.length} 个）`,
    );
  }
  let total = 0;
  sheets.forEach((sheet, index) => {
    const name = sheetName(sheet, index);
    const { rows, cols, cells } = sheetExtent(sheet);
    if (rows > MAX_SHEET_ROWS) {
      throw badSheet(
        `Sheet "${name}" has ${rows} rows; at most ${MAX_SHEET_ROWS} are allowed`,
        `工作表「${name}」有 ${rows} 行，最多允许 ${MAX_SHEET_ROWS} 行`,
      );
    }
    if (cols > MAX_SHEET_COLS) {
      throw badSheet(
        `Sheet "${name}" has ${cols} columns; at most ${MAX_SHEET_COLS} are allowed`,
        `工作表「${name}」有 ${cols} 列，最多允许 ${MAX_SHEET_COLS} 列`,
      );
    }
    total += cells;
  });
  if (total > MAX_CELLS) {
    throw badSheet(
      `The spreadsheet has ${total} filled cells; at most ${MAX_CELLS} are allowed`,
      `表格有 ${total} 个非空单元格，最多允许 ${MAX_CELLS} 个`,
    );
  }
}

export function sheetName(sheet: Sheet, index: number): string {
  return typeof sheet.name === 'string' && sheet.name ? sheet.name : `sheet${index + 1}`;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** Rows with their index, in order. */
export function rowEntries(sheet: Sheet): Array<[number, SheetRow]> {
  const rows = sheet.rows ?? {};
  return Object.keys(rows)
    .filter((k) => /^\d+$/.test(k))
    .map((k) => [Number(k), rows[k]] as [number, unknown])
    .filter((e): e is [number, SheetRow] => typeof e[1] === 'object' && e[1] !== null)
    .sort((a, b) => a[0] - b[0]);
}

/** Cells with text: [row, col, text], row then column order. */
export function cellTexts(sheet: Sheet): Array<[number, number, string]> {
  return sheetCellTexts(sheet);
}

/** Excel's column letters for a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(col: number): string {
  let n = col + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A1-style address of a 0-based row and column. */
export function cellAddress(row: number, col: number): string {
  return `${columnLetters(col)}${row + 1}`;
}

/** The 0-based [row, col] of an A1 address, or null. */
export function parseAddress(address: string): [number, number] | null {
  const match = /^([A-Za-z]{1,3})(\d{1,7})$/.exec(address.trim());
  if (!match) return null;
  let col = 0;
  for (const ch of match[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(match[2]);
  if (row < 1) return null;
  return [row - 1, col - 1];
}

/** A merge range "A2:B6" as 0-based corners, or null. */
export function parseRange(
  range: string,
): { top: number; left: number; bottom: number; right: number } | null {
  const [a, b] = range.split(':');
  const start = a ? parseAddress(a) : null;
  const end = b ? parseAddress(b) : start;
  if (!start || !end) return null;
  return {
    top: Math.min(start[0], end[0]),
    left: Math.min(start[1], end[1]),
    bottom: Math.max(start[0], end[0]),
    right: Math.max(start[1], end[1]),
  };
}

/** One sheet as rows of cell text (row-major, trailing empty rows and cells left out). */
export function sheetTable(sheet: Sheet): string[][] {
  const table: string[][] = [];
  for (const [r, c, text] of cellTexts(sheet)) {
    while (table.length <= r) table.push([]);
    const row = table[r]!;
    while (row.length < c) row.push('');
    row[c] = text;
  }
  return table;
}

/** CSV (RFC 4180, CRLF) of one sheet's text; a leading byte-order mark lets Excel read UTF-8. */
export function sheetToCsv(sheet: Sheet): string {
  const quote = (text: string) =>
    /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  const lines = sheetTable(sheet).map((row) => row.map(quote).join(','));
  return `\uFEFF${lines.join('\r\n')}${lines.length ? '\r\n' : ''}`;
}

/** A Markdown table of one sheet (exports of type-4 items as text): the first row is the header. */
export function sheetToMarkdown(sheet: Sheet): string {
  const table = sheetTable(sheet);
  if (table.length === 0) return '';
  const width = Math.max(1, ...table.map((row) => row.length));
  const esc = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
  const line = (row: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => esc(row[i] ?? '')).join(' | ')} |`;
  return [line(table[0]!), `|${' --- |'.repeat(width)}`, ...table.slice(1).map(line)].join('\n');
}

export function sheetsToMarkdown(sheets: Sheet[]): string {
  return sheets.map((sheet, i) => `### ${sheetName(sheet, i)}\n\n${sheetToMarkdown(sheet)}`).join('\n\n');
}

/** One changed cell between two versions of a spreadsheet. */
export interface CellChange {
  sheet: string;
  address: string;
  row: number;
  col: number;
  /** null: the cell was empty (or the sheet absent) on that side. */
  oldText: string | null;
  newText: string | null;
}

export interface SheetChange {
  sheet: string;
  kind: 'added' | 'removed';
}

export interface SheetDiff {
  cells: CellChange[];
  sheets: SheetChange[];
  /** More changed cells than `limit`: the list was cut. */
  truncated: boolean;
}

/**
 * The cell-level difference of two spreadsheet contents (history): sheets are matched by name (then by
 * position for unnamed ones), cells by address; text changes only (styles are not compared).
 */
export function diffSheets(oldContent: string, newContent: string, limit = 2000): SheetDiff {
  const before = (sheetsOfContent(oldContent) ?? []) as Sheet[];
  const after = (sheetsOfContent(newContent) ?? []) as Sheet[];
  const byName = (list: Sheet[]) => new Map(list.map((s, i) => [sheetName(s, i), s]));
  const oldSheets = byName(before);
  const newSheets = byName(after);
  const cells: CellChange[] = [];
  const sheets: SheetChange[] = [];
  let truncated = false;
  const names = [...new Set([...newSheets.keys(), ...oldSheets.keys()])];
  for (const name of names) {
    const o = oldSheets.get(name);
    const n = newSheets.get(name);
    if (!o) sheets.push({ sheet: name, kind: 'added' });
    if (!n) sheets.push({ sheet: name, kind: 'removed' });
    const texts = (s: Sheet | undefined) =>
      new Map((s ? cellTexts(s) : []).map(([r, c, t]) => [`${r}:${c}`, t]));
    const ot = texts(o);
    const nt = texts(n);
    const keys = [...new Set([...ot.keys(), ...nt.keys()])]
      .map((k) => k.split(':').map(Number) as [number, number])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [r, c] of keys) {
      const key = `${r}:${c}`;
      const oldText = ot.get(key) ?? null;
      const newText = nt.get(key) ?? null;
      if (oldText === newText) continue;
      if (cells.length >= limit) {
        truncated = true;
        break;
      }
      cells.push({ sheet: name, address: cellAddress(r, c), row: r, col: c, oldText, newText });
    }
  }
  return { cells, sheets, truncated };
}

/** True when a content parses as the spreadsheet model (history uses the cell diff for these). */
export function isSheetContent(content: string): boolean {
  return content.trim() === '' || sheetsOfContent(content) !== null;
}
