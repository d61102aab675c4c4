/**
 * The searchable text of a spreadsheet page (item type 4): its content is the JSON of the
 * `x-data-spreadsheet` data model (ShowDoc's format), and search must find the words in the cells, not
 * the JSON keys or the style noise. `page.search_text` holds this text for sheet pages (null for the
 * others) and both indexes read `coalesce(search_text, content)`.
 */

/** One sheet as stored: only what the text needs is typed; every other key is kept as is by writers. */
interface SheetLike {
  name?: unknown;
  rows?: unknown;
}

/**
 * The sheets of a content string when it is the x-data-spreadsheet model (an array of sheets, or one
 * sheet object as the editor's loadData also accepts), else null.
 */
export function sheetsOfContent(content: string): SheetLike[] | null {
  const head = content.trimStart()[0];
  if (head !== '[' && head !== '{') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0) return null;
  const isSheet = (s: unknown): s is SheetLike =>
    typeof s === 'object' &&
    s !== null &&
    !Array.isArray(s) &&
    (typeof (s as SheetLike).rows === 'object' || typeof (s as SheetLike).name === 'string');
  if (!list.every(isSheet)) return null;
  if (!list.some((s) => typeof s.rows === 'object' && s.rows !== null)) return null;
  return list;
}

/** Cells of one sheet in row then column order: [row, col, text] for every cell with text. */
export function sheetCellTexts(sheet: SheetLike): Array<[number, number, string]> {
  const out: Array<[number, number, string]> = [];
  const rows = sheet.rows;
  if (typeof rows !== 'object' || rows === null) return out;
  const rowKeys = Object.keys(rows)
    .filter((k) => /^\d+$/.test(k))
    .map(Number)
    .sort((a, b) => a - b);
  for (const r of rowKeys) {
    const row = (rows as Record<string, unknown>)[String(r)];
    const cells = typeof row === 'object' && row !== null ? (row as { cells?: unknown }).cells : undefined;
    if (typeof cells !== 'object' || cells === null) continue;
    const colKeys = Object.keys(cells)
      .filter((k) => /^\d+$/.test(k))
      .map(Number)
      .sort((a, b) => a - b);
    for (const c of colKeys) {
      const cell = (cells as Record<string, unknown>)[String(c)];
      if (typeof cell !== 'object' || cell === null) continue;
      const text = (cell as { text?: unknown }).text;
      if (text === undefined || text === null || text === '') continue;
      out.push([r, c, typeof text === 'string' ? text : String(text)]);
    }
  }
  return out;
}

/**
 * The search text of sheet content: each sheet's name on a line, then its rows, cells separated by a
 * tab and rows by a new line. Null when the content is not a spreadsheet model.
 */
export function sheetSearchText(content: string): string | null {
  const sheets = sheetsOfContent(content);
  return sheets ? searchTextOfSheets(sheets) : null;
}

/** The search text of sheets already parsed (a save that validated them does not parse them again). */
export function searchTextOfSheets(sheets: SheetLike[]): string {
  const parts: string[] = [];
  for (const sheet of sheets) {
    if (typeof sheet.name === 'string' && sheet.name) parts.push(sheet.name);
    let lastRow = -1;
    let line: string[] = [];
    for (const [r, , text] of sheetCellTexts(sheet)) {
      if (r !== lastRow && line.length) {
        parts.push(line.join('\t'));
        line = [];
      }
      lastRow = r;
      line.push(text);
    }
    if (line.length) parts.push(line.join('\t'));
  }
  return parts.join('\n');
}
