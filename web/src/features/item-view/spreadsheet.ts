/** A sheet reduced to what a read-only table needs. */
export interface Sheet {
  name: string;
  rows: string[][];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cellText(cell: Json | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  if (isObject(cell)) {
    const text = cell.text ?? cell.v ?? cell.m ?? cell.value;
    return text === undefined || text === null || typeof text === 'object' ? '' : String(text);
  }
  return '';
}

/** Index-keyed objects (`{"0": ..., "len": 100}`) or arrays, as a dense array; other keys are ignored. */
function indexed(value: Json | undefined): (Json | undefined)[] {
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return [];
  const out: (Json | undefined)[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (/^\d+$/.test(key) && Number(key) < 10_000) out[Number(key)] = entry;
  }
  return out;
}

function sheetFrom(raw: Json, index: number): Sheet | null {
  if (!isObject(raw)) return null;
  const name = typeof raw.name === 'string' && raw.name ? raw.name : `Sheet${index + 1}`;
  let rows: string[][];
  if (Array.isArray(raw.data) && raw.data.every(Array.isArray)) {
    rows = raw.data.map((row) => indexed(row).map(cellText));
  } else if (raw.rows !== undefined) {
    rows = indexed(raw.rows).map((row) => {
      const cells = isObject(row) && row.cells !== undefined ? row.cells : row;
      return indexed(cells).map(cellText);
    });
  } else {
    return null;
  }
  // Dense arrays (holes become ''), trimmed of empty trailing rows and columns.
  rows = Array.from(rows, (row) => Array.from(row ?? [], (cell) => cell ?? ''));
  while (rows.length > 0 && rows[rows.length - 1]!.every((cell) => cell === '')) rows.pop();
  const width = rows.reduce((max, row) => {
    let last = row.length;
    while (last > 0 && row[last - 1] === '') last -= 1;
    return Math.max(max, last);
  }, 0);
  return { name, rows: rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? '')) };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * A spreadsheet page's content as sheets: ShowDoc keeps x-spreadsheet's JSON (a list of sheets, each with
 * a name and `rows: {"0": {"cells": {"0": {"text": "..."}}}}`), sometimes HTML-escaped. Also accepts
 * `{sheets: [...]}` and plain arrays of rows. Null when the content is none of these.
 */
export function parseSpreadsheet(content: string): Sheet[] | null {
  const text = content.trim();
  if (!text) return [];
  let data: Json;
  try {
    data = JSON.parse(text) as Json;
  } catch {
    try {
      data = JSON.parse(decodeEntities(text)) as Json;
    } catch {
      return null;
    }
  }
  const list: Json[] | null = Array.isArray(data)
    ? data
    : isObject(data) && Array.isArray(data.sheets)
      ? data.sheets
      : isObject(data)
        ? [data]
        : null;
  if (!list) return null;
  if (list.length > 0 && list.every(Array.isArray)) {
    return [sheetFrom({ name: '', data: list }, 0)!];
  }
  const sheets = list.map(sheetFrom);
  return sheets.every((sheet): sheet is Sheet => sheet !== null) ? sheets : null;
}

/** Spreadsheet column names: A … Z, AA … */
export function columnName(index: number): string {
  let name = '';
  let n = index + 1;
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}
