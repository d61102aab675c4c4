/** Markdown-table conversions of the editor's insert menu (pure, so they are tested without a browser). */

export interface TableLabels {
  name: string;
  type: string;
  description: string;
  none: string;
}

export type JsonParse<T> = { ok: true; value: T } | { ok: false };

function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>').trim();
}

function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const pad = (row: readonly string[]) => Array.from({ length: width }, (_, i) => escapeCell(row[i] ?? ''));
  const line = (cells: string[]) => `|${cells.join('|')}|`;
  return [
    line(pad(header)),
    line(Array.from({ length: width }, () => ':-------')),
    ...rows.map((r) => line(pad(r))),
  ].join('\n');
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value;
}

/**
 * ShowDoc's "JSON to table": one row per field of an object (nested fields as `parent.child`, arrays
 * described by their first element). Parse failures are reported, never thrown.
 */
export function jsonToTable(json: string, labels: TableLabels): JsonParse<string> {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { ok: false };
  }
  if (data === null || typeof data !== 'object') return { ok: false };
  const rows: string[][] = [];
  const walk = (value: unknown, prefix: string) => {
    const target = Array.isArray(value) ? value[0] : value;
    if (target === null || typeof target !== 'object' || Array.isArray(target)) return;
    for (const [key, child] of Object.entries(target as Record<string, unknown>)) {
      const name = prefix ? `${prefix}.${key}` : key;
      rows.push([name, jsonType(child), labels.none]);
      walk(child, Array.isArray(child) ? `${name}[]` : name);
    }
  };
  walk(data, '');
  return { ok: true, value: markdownTable([labels.name, labels.type, labels.description], rows) };
}

/** JSON pretty-printed in a fenced block, or a parse failure. */
export function beautifyJson(json: string): JsonParse<string> {
  try {
    return { ok: true, value: '```json\n' + JSON.stringify(JSON.parse(json), null, 2) + '\n```' };
  } catch {
    return { ok: false };
  }
}

/** One CSV line, honouring double quotes ("a, b" and "" for a quote). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/**
 * Rows copied from a spreadsheet (tab-separated) or a CSV file as a markdown table; the first row is the
 * header. Empty input gives null.
 */
export function pasteToTable(text: string): string | null {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return null;
  const tabbed = lines.some((line) => line.includes('\t'));
  const rows = lines.map((line) => (tabbed ? line.split('\t') : splitCsvLine(line)));
  return markdownTable(rows[0], rows.slice(1));
}
