/**
 * The stored format is ShowDoc's: the JSON of x-data-spreadsheet's data model, the grid's own model.
 * The grid's getData() names only the keys it knows (name, freeze, styles, merges, rows, cols,
 * validations, autofilter); keys it does not know (written by a newer client) are carried over from the
 * loaded sheet of the same position, so nothing is lost by an edit.
 */
export type SheetJson = Record<string, unknown> & { name?: string; rows?: Record<string, unknown> };

export const DEFAULT_ROWS = 800;
export const ROW_HEIGHT = 25;

/**
 * The sheets of a page's content: an array, or one sheet object; empty content is one empty sheet. Merges
 * are made whole for the grid (`withWholeMerges`).
 */
export function parseSheetContent(content: string): SheetJson[] {
  if (!content.trim()) return [{ name: 'sheet1', rows: { len: DEFAULT_ROWS } }];
  try {
    const parsed: unknown = JSON.parse(content);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    const sheets = list.filter(
      (s): s is SheetJson => typeof s === 'object' && s !== null && !Array.isArray(s),
    );
    return sheets.length ? sheets.map(withWholeMerges) : [{ name: 'sheet1', rows: { len: DEFAULT_ROWS } }];
  } catch {
    return [{ name: 'sheet1', rows: { len: DEFAULT_ROWS } }];
  }
}

interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** "B3" as 0-based [row, col], or null. */
function parseAddress(address: string): [number, number] | null {
  const match = /^([A-Za-z]{1,3})(\d{1,7})$/.exec(address.trim());
  if (!match || Number(match[2]) < 1) return null;
  let col = 0;
  for (const ch of match[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return [Number(match[2]) - 1, col - 1];
}

function parseRange(range: unknown): Box | null {
  if (typeof range !== 'string') return null;
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

function columnLetters(col: number): string {
  let n = col + 1;
  let out = '';
  while (n > 0) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function rangeOf(box: Box): string {
  return `${columnLetters(box.left)}${box.top + 1}:${columnLetters(box.right)}${box.bottom + 1}`;
}

type CellJson = Record<string, unknown> & { merge?: unknown };
type RowsJson = Record<string, { cells?: Record<string, CellJson> } & Record<string, unknown>>;

/**
 * x-data-spreadsheet draws a merge only when it is named twice: in the sheet's `merges` ("A1:B2") and as
 * `merge: [rows, cols]` on its top-left cell (the width and height of the box drawn). A content that has
 * only one of them (ShowDoc's API writers, hand-edited JSON) is drawn as separate cells although the
 * stored JSON keeps the merge; this gives each merge both. Overlapping or malformed merges are left as
 * they are. Returns a new sheet; the argument is not changed.
 */
export function withWholeMerges(sheet: SheetJson): SheetJson {
  const listed = Array.isArray(sheet.merges) ? (sheet.merges as unknown[]) : [];
  const rowsIn = sheet.rows;
  if (!listed.length && (typeof rowsIn !== 'object' || rowsIn === null)) return sheet;
  const rows: RowsJson = { ...((rowsIn ?? {}) as RowsJson) };
  const merges = [...listed];
  const known = new Set(listed.map((r) => (parseRange(r) ? rangeOf(parseRange(r)!) : null)));
  let changed = false;
  // Listed merges whose top-left cell lacks (or disagrees on) its `merge`.
  for (const range of listed) {
    const box = parseRange(range);
    if (!box || (box.top === box.bottom && box.left === box.right)) continue;
    const span = [box.bottom - box.top, box.right - box.left];
    const row = rows[String(box.top)];
    const cell = row?.cells?.[String(box.left)];
    const merge = cell?.merge;
    if (Array.isArray(merge) && merge[0] === span[0] && merge[1] === span[1]) continue;
    const cells = { ...(row?.cells ?? {}) };
    cells[String(box.left)] = { ...(cell ?? {}), merge: span };
    rows[String(box.top)] = { ...(row ?? {}), cells };
    changed = true;
  }
  // Cells that say they are merged but are missing from the list.
  for (const [r, row] of Object.entries(rows)) {
    if (!/^\d+$/.test(r) || typeof row !== 'object' || row === null) continue;
    for (const [c, cell] of Object.entries(row.cells ?? {})) {
      const merge = cell?.merge;
      if (!/^\d+$/.test(c) || !Array.isArray(merge)) continue;
      const [rn, cn] = merge as unknown[];
      if (!Number.isInteger(rn) || !Number.isInteger(cn) || (rn as number) < 0 || (cn as number) < 0)
        continue;
      if (rn === 0 && cn === 0) continue;
      const top = Number(r);
      const left = Number(c);
      const range = rangeOf({ top, left, bottom: top + (rn as number), right: left + (cn as number) });
      if (known.has(range)) continue;
      known.add(range);
      merges.push(range);
      changed = true;
    }
  }
  return changed ? { ...sheet, merges, rows: rows as SheetJson['rows'] } : sheet;
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
