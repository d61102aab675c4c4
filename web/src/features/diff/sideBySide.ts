import { diffLines, diffWordsWithSpace } from 'diff';

export interface Segment {
  text: string;
  /** Changed words within a changed line. */
  changed: boolean;
}

export interface DiffCell {
  line: number;
  kind: 'equal' | 'removed' | 'added';
  segments: Segment[];
}

/** One row of a side-by-side comparison: the left and right line, either may be absent. */
export interface DiffRow {
  left: DiffCell | null;
  right: DiffCell | null;
}

function splitLines(value: string): string[] {
  const lines = value.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function wordSegments(left: string, right: string): [Segment[], Segment[]] {
  const l: Segment[] = [];
  const r: Segment[] = [];
  for (const part of diffWordsWithSpace(left, right)) {
    if (!part.added) l.push({ text: part.value, changed: !!part.removed });
    if (!part.removed) r.push({ text: part.value, changed: !!part.added });
  }
  return [l, r];
}

/**
 * A line diff from `older` to `newer` laid out in two columns; removed and added runs are paired row by
 * row and the paired lines carry word-level highlights. The older text's lines are `removed`, the newer
 * text's `added`, whichever column each is shown in (`newerOn`, the right by default).
 */
export function sideBySide(
  older: string,
  newer: string,
  { newerOn = 'right' }: { newerOn?: 'left' | 'right' } = {},
): DiffRow[] {
  const rows = olderLeft(older, newer);
  return newerOn === 'right' ? rows : rows.map((row) => ({ left: row.right, right: row.left }));
}

function olderLeft(left: string, right: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let leftLine = 0;
  let rightLine = 0;
  const parts = diffLines(left, right);
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i];
    const lines = splitLines(part.value);
    if (!part.added && !part.removed) {
      for (const text of lines) {
        leftLine += 1;
        rightLine += 1;
        const segments = [{ text, changed: false }];
        rows.push({
          left: { line: leftLine, kind: 'equal', segments },
          right: { line: rightLine, kind: 'equal', segments },
        });
      }
      continue;
    }
    let removed: string[] = [];
    let added: string[] = [];
    if (part.removed) {
      removed = lines;
      const next = parts[i + 1];
      if (next?.added) {
        added = splitLines(next.value);
        i += 1;
      }
    } else {
      added = lines;
    }
    const count = Math.max(removed.length, added.length);
    for (let k = 0; k < count; k += 1) {
      const l = removed[k];
      const r = added[k];
      let leftSegments: Segment[] = l !== undefined ? [{ text: l, changed: false }] : [];
      let rightSegments: Segment[] = r !== undefined ? [{ text: r, changed: false }] : [];
      if (l !== undefined && r !== undefined) [leftSegments, rightSegments] = wordSegments(l, r);
      rows.push({
        left: l !== undefined ? { line: (leftLine += 1), kind: 'removed', segments: leftSegments } : null,
        right: r !== undefined ? { line: (rightLine += 1), kind: 'added', segments: rightSegments } : null,
      });
    }
  }
  return rows;
}

export function hasChanges(rows: readonly DiffRow[]): boolean {
  return rows.some((row) => row.left?.kind !== 'equal' || row.right?.kind !== 'equal');
}
