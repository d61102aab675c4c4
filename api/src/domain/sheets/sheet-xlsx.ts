import type ExcelJS from 'exceljs';
import { DomainError } from '../errors';
import {
  checkSheetLimits,
  DEFAULT_COLS,
  DEFAULT_ROWS,
  MAX_SHEET_COLS,
  MAX_SHEET_ROWS,
  MAX_SHEETS,
  parseRange,
  rowEntries,
  sheetName,
  type Sheet,
  type SheetCell,
  type SheetRow,
  type SheetStyle,
} from './sheet-format';

// exceljs (~170 modules, several MB of heap) loads at the first sheet import/export, not at server start.
let excel: Promise<typeof ExcelJS> | undefined;
function loadExcel(): Promise<typeof ExcelJS> {
  excel ??= import('exceljs').then((module) => module.default);
  return excel;
}

/**
 * xlsx in and out (exceljs 4.4) for spreadsheet items. Kept across the trip: sheet names, cell text
 * (numbers, booleans, dates as text; formulas as formulas when the grid evaluates their functions, else
 * their cached value), merges, column widths, row heights, freeze panes and the basic styles (bold,
 * italic, strike, underline, font name and size, colour, fill, alignment, wrap, borders).
 *
 * Units: x-data-spreadsheet measures in pixels, Excel columns in characters (7 px each at the default
 * font) and rows in points (3/4 px). The conversion is exact both ways (no rounding), so a width read
 * from a workbook comes back out unchanged.
 */

export const MAX_XLSX_BYTES = 10 * 1024 * 1024;
const PX_PER_CHAR = 7;
const PX_PER_POINT = 4 / 3;

/** Functions x-data-spreadsheet evaluates: formulas using others come in as their cached values. */
const GRID_FUNCTIONS = new Set(['SUM', 'AVERAGE', 'MAX', 'MIN', 'IF', 'AND', 'OR', 'CONCAT']);

const BORDER_STYLES = new Set(['thin', 'medium', 'thick', 'dashed', 'dotted', 'double']);

function tooBig(en: string, zh: string): DomainError {
  return new DomainError('BadInput', { en, zh });
}

/** Lets the event loop answer other requests between chunks of a long conversion. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

function argb(color: string | undefined): string | undefined {
  if (!color) return undefined;
  const hex = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  if (hex) return `FF${hex[1]!.toUpperCase()}`;
  const short = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color.trim());
  if (short)
    return `FF${short
      .slice(1)
      .map((d) => d + d)
      .join('')
      .toUpperCase()}`;
  return undefined;
}

function cssColor(color: Partial<ExcelJS.Color> | undefined): string | undefined {
  const value = color?.argb;
  if (typeof value !== 'string' || !/^[0-9a-f]{8}$/i.test(value)) return undefined;
  return `#${value.slice(2).toLowerCase()}`;
}

function excelStyle(style: SheetStyle | undefined): Partial<ExcelJS.Style> | undefined {
  if (!style) return undefined;
  const out: Partial<ExcelJS.Style> = {};
  const font: Partial<ExcelJS.Font> = {};
  if (style.font?.bold) font.bold = true;
  if (style.font?.italic) font.italic = true;
  if (style.font?.name) font.name = style.font.name;
  if (typeof style.font?.size === 'number') font.size = style.font.size;
  if (style.strike) font.strike = true;
  if (style.underline) font.underline = true;
  const color = argb(style.color);
  if (color) font.color = { argb: color };
  if (Object.keys(font).length) out.font = font;
  const fill = argb(style.bgcolor);
  if (fill) out.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
  const alignment: Partial<ExcelJS.Alignment> = {};
  if (style.align === 'left' || style.align === 'center' || style.align === 'right')
    alignment.horizontal = style.align;
  if (style.valign === 'top' || style.valign === 'bottom') alignment.vertical = style.valign;
  if (style.valign === 'middle') alignment.vertical = 'middle';
  if (style.textwrap) alignment.wrapText = true;
  if (Object.keys(alignment).length) out.alignment = alignment;
  if (style.border) {
    const border: Partial<ExcelJS.Borders> = {};
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      const spec = style.border[side];
      if (!spec) continue;
      const kind = BORDER_STYLES.has(spec[0]) ? spec[0] : 'thin';
      border[side] = { style: kind as ExcelJS.BorderStyle, color: { argb: argb(spec[1]) ?? 'FF000000' } };
    }
    if (Object.keys(border).length) out.border = border;
  }
  return Object.keys(out).length ? out : undefined;
}

function gridStyle(cell: ExcelJS.Cell): SheetStyle | undefined {
  const style: SheetStyle = {};
  const font = cell.font;
  if (font) {
    const f: NonNullable<SheetStyle['font']> = {};
    if (font.bold) f.bold = true;
    if (font.italic) f.italic = true;
    if (Object.keys(f).length) style.font = f;
    if (font.strike) style.strike = true;
    if (font.underline) style.underline = true;
    const color = cssColor(font.color);
    if (color && color !== '#000000') style.color = color;
  }
  const fill = cell.fill;
  if (fill && fill.type === 'pattern' && fill.pattern === 'solid') {
    const bg = cssColor(fill.fgColor);
    if (bg) style.bgcolor = bg;
  }
  const alignment = cell.alignment;
  if (alignment) {
    if (
      alignment.horizontal === 'left' ||
      alignment.horizontal === 'center' ||
      alignment.horizontal === 'right'
    )
      style.align = alignment.horizontal;
    if (alignment.vertical === 'top' || alignment.vertical === 'bottom') style.valign = alignment.vertical;
    if (alignment.vertical === 'middle') style.valign = 'middle';
    if (alignment.wrapText) style.textwrap = true;
  }
  const border = cell.border;
  if (border) {
    const b: NonNullable<SheetStyle['border']> = {};
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      const spec = border[side];
      if (!spec?.style) continue;
      b[side] = [BORDER_STYLES.has(spec.style) ? spec.style : 'thin', cssColor(spec.color) ?? '#000000'];
    }
    if (Object.keys(b).length) style.border = b;
  }
  return Object.keys(style).length ? style : undefined;
}

function formulaFunctionsSupported(formula: string): boolean {
  const names = formula.toUpperCase().match(/[A-Z][A-Z0-9.]*(?=\()/g) ?? [];
  return names.every((name) => GRID_FUNCTIONS.has(name)) && !/[!$[\]]/.test(formula);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function valueText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = value.getUTCHours() || value.getUTCMinutes() || value.getUTCSeconds();
    return time
      ? `${date} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`
      : date;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const v = value as ExcelJS.CellFormulaValue;
      if (v.formula && formulaFunctionsSupported(v.formula)) return `=${v.formula}`;
      return valueText((v.result ?? '') as ExcelJS.CellValue);
    }
    if ('hyperlink' in value) return String((value as ExcelJS.CellHyperlinkValue).text ?? '');
    if ('error' in value) return String((value as ExcelJS.CellErrorValue).error);
  }
  return String(value);
}

/** The sheets of an xlsx workbook, within the size limits (a clear error past them). */
export async function xlsxToSheets(data: Buffer): Promise<Sheet[]> {
  if (data.length > MAX_XLSX_BYTES) {
    throw tooBig(
      `The file is larger than ${MAX_XLSX_BYTES / 1024 / 1024} MB`,
      `文件超过 ${MAX_XLSX_BYTES / 1024 / 1024} MB`,
    );
  }
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('BadInput', {
      en: 'The file is not a readable .xlsx workbook',
      zh: '文件不是可读取的 .xlsx 工作簿',
    });
  }
  if (workbook.worksheets.length === 0) {
    throw new DomainError('BadInput', { en: 'The workbook has no sheets', zh: '工作簿中没有工作表' });
  }
  if (workbook.worksheets.length > MAX_SHEETS) {
    throw tooBig(
      `A spreadsheet holds at most ${MAX_SHEETS} sheets (the workbook has ${workbook.worksheets.length})`,
      `一个表格最多 ${MAX_SHEETS} 个工作表（工作簿有 ${workbook.worksheets.length} 个）`,
    );
  }
  const sheets: Sheet[] = [];
  for (const ws of workbook.worksheets) {
    const rowCount = ws.actualRowCount ? ws.rowCount : 0;
    if (rowCount > MAX_SHEET_ROWS) {
      throw tooBig(
        `Sheet "${ws.name}" has ${rowCount} rows; at most ${MAX_SHEET_ROWS} can be imported`,
        `工作表「${ws.name}」有 ${rowCount} 行，最多可导入 ${MAX_SHEET_ROWS} 行`,
      );
    }
    if (ws.columnCount > MAX_SHEET_COLS) {
      throw tooBig(
        `Sheet "${ws.name}" has ${ws.columnCount} columns; at most ${MAX_SHEET_COLS} can be imported`,
        `工作表「${ws.name}」有 ${ws.columnCount} 列，最多可导入 ${MAX_SHEET_COLS} 列`,
      );
    }
    sheets.push(await worksheetToSheet(ws));
    await breathe();
  }
  checkSheetLimits(sheets);
  return sheets;
}

async function worksheetToSheet(ws: ExcelJS.Worksheet): Promise<Sheet> {
  const styles: SheetStyle[] = [];
  const styleIndex = new Map<string, number>();
  const styleOf = (style: SheetStyle | undefined): number | undefined => {
    if (!style) return undefined;
    const key = JSON.stringify(style);
    let index = styleIndex.get(key);
    if (index === undefined) {
      index = styles.length;
      styles.push(style);
      styleIndex.set(key, index);
    }
    return index;
  };
  const rows: NonNullable<Sheet['rows']> = { len: Math.max(DEFAULT_ROWS, ws.rowCount) };
  let seen = 0;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const r = rowNumber - 1;
    const out: SheetRow = {};
    const cells: Record<string, SheetCell> = {};
    row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
      if (cell.isMerged && cell.master !== cell) return;
      const text = valueText(cell.value);
      const style = styleOf(gridStyle(cell));
      const entry: SheetCell = {};
      if (text !== '') entry.text = text;
      if (style !== undefined) entry.style = style;
      if (Object.keys(entry).length) cells[String(colNumber - 1)] = entry;
    });
    if (Object.keys(cells).length) out.cells = cells;
    if (row.height && row.height > 0) out.height = row.height * PX_PER_POINT;
    if (Object.keys(out).length) rows[String(r)] = out;
    seen++;
  });
  if (seen > 2000) await breathe();
  const merges: string[] = [];
  for (const range of (ws.model as { merges?: string[] }).merges ?? []) {
    const box = parseRange(range);
    if (!box) continue;
    merges.push(range);
    const row = (rows[String(box.top)] as SheetRow | undefined) ?? {};
    rows[String(box.top)] = row;
    row.cells ??= {};
    const cell = row.cells[String(box.left)] ?? {};
    cell.merge = [box.bottom - box.top, box.right - box.left];
    row.cells[String(box.left)] = cell;
  }
  const cols: NonNullable<Sheet['cols']> = { len: Math.max(DEFAULT_COLS, ws.columnCount) };
  (ws.columns ?? []).forEach((column, index) => {
    if (column.width && column.width > 0) cols[String(index)] = { width: column.width * PX_PER_CHAR };
  });
  const sheet: Sheet = {
    name: ws.name,
    freeze: 'A1',
    styles,
    merges,
    rows,
    cols,
    validations: [],
    autofilter: {},
  };
  const view = ws.views?.[0] as { state?: string; xSplit?: number; ySplit?: number } | undefined;
  if (view?.state === 'frozen') {
    sheet.freeze = `${columnLettersOf(view.xSplit ?? 0)}${(view.ySplit ?? 0) + 1}`;
  }
  return sheet;
}

function columnLettersOf(col: number): string {
  let n = col + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A cell's text as an Excel value: numbers stay numbers, "=..." a formula, the rest text. */
function excelValue(text: string): ExcelJS.CellValue {
  if (text.startsWith('=') && text.length > 1) return { formula: text.slice(1) } as ExcelJS.CellFormulaValue;
  if (/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text.trim()) && !/^-?0\d/.test(text.trim())) {
    const n = Number(text);
    if (Number.isFinite(n) && String(n) === text.trim()) return n;
  }
  if (text === 'TRUE' || text === 'FALSE') return text === 'TRUE';
  return text;
}

/** An xlsx workbook of the sheets (exceljs), as a Buffer. */
export async function sheetsToXlsx(sheets: Sheet[]): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'Quire';
  const used = new Set<string>();
  for (const [index, sheet] of sheets.entries()) {
    const name = uniqueSheetName(sheetName(sheet, index), used);
    const ws = workbook.addWorksheet(name);
    const styles = Array.isArray(sheet.styles) ? sheet.styles : [];
    const cols = sheet.cols ?? {};
    for (const key of Object.keys(cols)) {
      if (!/^\d+$/.test(key)) continue;
      const width = (cols[key] as { width?: unknown } | undefined)?.width;
      if (typeof width === 'number' && width > 0) ws.getColumn(Number(key) + 1).width = width / PX_PER_CHAR;
    }
    for (const [r, row] of rowEntries(sheet)) {
      if (typeof row.height === 'number' && row.height > 0)
        ws.getRow(r + 1).height = row.height / PX_PER_POINT;
      for (const [c, cell] of Object.entries(row.cells ?? {})) {
        if (!/^\d+$/.test(c) || typeof cell !== 'object' || cell === null) continue;
        const target = ws.getCell(r + 1, Number(c) + 1);
        if (cell.text !== undefined && cell.text !== null && cell.text !== '')
          target.value = excelValue(String(cell.text));
        const style = typeof cell.style === 'number' ? excelStyle(styles[cell.style]) : undefined;
        if (style) target.style = style as ExcelJS.Style;
      }
    }
    for (const range of Array.isArray(sheet.merges) ? sheet.merges : []) {
      const box = parseRange(String(range));
      if (!box || (box.top === box.bottom && box.left === box.right)) continue;
      try {
        ws.mergeCells(box.top + 1, box.left + 1, box.bottom + 1, box.right + 1);
      } catch {
        // Overlapping merges (a hand-edited content): the first one wins, as in the grid.
      }
    }
    const freeze = typeof sheet.freeze === 'string' ? parseFreeze(sheet.freeze) : null;
    if (freeze && (freeze[0] > 0 || freeze[1] > 0)) {
      ws.views = [{ state: 'frozen', xSplit: freeze[1], ySplit: freeze[0] }];
    }
    await breathe();
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function parseFreeze(freeze: string): [number, number] | null {
  const box = parseRange(freeze);
  return box ? [box.top, box.left] : null;
}

/** Excel sheet names: at most 31 characters, none of []:*?/\, unique (case-insensitive). */
function uniqueSheetName(name: string, used: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    candidate = base.slice(0, 31 - suffix.length) + suffix;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}
