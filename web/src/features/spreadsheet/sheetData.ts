/**
 * The stored format is ShowDoc's: the JSON of x-data-spreadsheet's data model, the grid's own model.
 * The grid's getData() names only the keys it knows (name, freeze, styles, merges, rows, cols,
 * validations, autofilter); keys it does not know (written by a newer client) are carried over from the
 * loaded sheet of the same position, so nothing is lost by an edit.
 */
export type SheetJson = Record<string, unknown> & { name?: string; rows?: Record<string, unknown> };

export const DEFAULT_ROWS = 800;
export const ROW_HEIGHT = 25;

/** The sheets of a page's content: an array, or one sheet object; empty content is one empty sheet. */
export function parseSheetContent(content: string): SheetJson[] {
  if (!content.trim()) return [{ name: 'sheet1', rows: { len: DEFAULT_ROWS } }];
  try {
    const parsed: unknown = JSON.parse(content);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    const sheets = list.filter(
      (s): s is SheetJson => typeof s === 'object' && s !== null && !Array.isArray(s),
    );
    return sheets.length ? sheets : [{ name: 'sheet1', rows: { len: DEFAULT_ROWS } }];
  } catch {
    return [{ name: 'sheet1', rows: { len: DEFAULT_ROWS } }];
  }
}

/** The grid's data with the loaded sheets' unknown keys put back. */
export function withUnknownKeys(gridData: SheetJson[], loaded: SheetJson[]): SheetJson[] {
  return gridData.map((sheet, index) => {
    const before = loaded[index];
    if (!before) return sheet;
    const merged: SheetJson = { ...sheet };
    for (const [key, value] of Object.entries(before)) if (!(key in merged)) merged[key] = value;
    return merged;
  });
}

type Cells = Record<string, Record<string, { text?: unknown } & Record<string, unknown>>>;

function cellsOf(sheet: SheetJson | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const rows = (sheet?.rows ?? {}) as Record<string, { cells?: Cells[string] }>;
  for (const [r, row] of Object.entries(rows)) {
    if (!/^\d+$/.test(r) || typeof row !== 'object' || !row?.cells) continue;
    for (const [c, cell] of Object.entries(row.cells)) {
      if (/^\d+$/.test(c)) out.set(`${r}:${c}`, cell?.text ?? '');
    }
  }
  return out;
}

/**
 * "Reload and reapply": the cells I changed since `base` (text only), written onto `theirs`. Sheets are
 * matched by name; a sheet I added is appended.
 */
export function reapplyCellChanges(base: SheetJson[], mine: SheetJson[], theirs: SheetJson[]): SheetJson[] {
  const result = theirs.map((s) => JSON.parse(JSON.stringify(s)) as SheetJson);
  const baseByName = new Map(base.map((s, i) => [s.name ?? `#${i}`, s]));
  mine.forEach((sheet, i) => {
    const name = sheet.name ?? `#${i}`;
    let target = result.find((s, j) => (s.name ?? `#${j}`) === name);
    if (!target) {
      if (!baseByName.has(name)) result.push(JSON.parse(JSON.stringify(sheet)) as SheetJson);
      return;
    }
    const before = cellsOf(baseByName.get(name));
    const after = cellsOf(sheet);
    const keys = new Set([...before.keys(), ...after.keys()]);
    for (const key of keys) {
      const old = before.get(key) ?? '';
      const now = after.get(key) ?? '';
      if (old === now) continue;
      const [r, c] = key.split(':') as [string, string];
      target.rows ??= { len: DEFAULT_ROWS };
      const rows = target.rows as Record<string, { cells?: Cells[string] }>;
      rows[r] ??= {};
      rows[r].cells ??= {};
      rows[r].cells![c] = { ...(rows[r].cells![c] ?? {}), text: now };
    }
    target = undefined;
  });
  return result;
}
