export type DiffOp = 'equal' | 'delete' | 'insert';

/** One line of a line-by-line comparison; line numbers are 1-based, null on the side that lacks it. */
export interface DiffLine {
  op: DiffOp;
  text: string;
  oldLine: number | null;
  newLine: number | null;
}

/** Beyond this many cells of the comparison table the changed middle is shown as replaced whole. */
const MAX_TABLE_CELLS = 1_000_000;

/**
 * Compares two texts line by line (the page diff screen, spec 001 §2): common lines at both ends are
 * matched first, the changed middle by a longest-common-subsequence table, replaced whole when it is too
 * large to compare within bounded memory.
 */
export function diffLines(oldText: string, newText: string): DiffLine[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const out: DiffLine[] = [];
  for (let i = 0; i < start; i++) out.push({ op: 'equal', text: a[i]!, oldLine: i + 1, newLine: i + 1 });
  out.push(...diffMiddle(a, b, start, endA, endB));
  for (let i = endA, j = endB; i < a.length; i++, j++) {
    out.push({ op: 'equal', text: a[i]!, oldLine: i + 1, newLine: j + 1 });
  }
  return out;
}

function splitLines(text: string): string[] {
  return text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n');
}

function diffMiddle(a: string[], b: string[], start: number, endA: number, endB: number): DiffLine[] {
  const n = endA - start;
  const m = endB - start;
  const out: DiffLine[] = [];
  const del = (i: number) => out.push({ op: 'delete', text: a[i]!, oldLine: i + 1, newLine: null });
  const ins = (j: number) => out.push({ op: 'insert', text: b[j]!, oldLine: null, newLine: j + 1 });
  if ((n + 1) * (m + 1) > MAX_TABLE_CELLS) {
    for (let i = start; i < endA; i++) del(i);
    for (let j = start; j < endB; j++) ins(j);
    return out;
  }
  // lcs[i][j]: longest common subsequence of a[start+i..] and b[start+j..].
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[start + i] === b[start + j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[start + i] === b[start + j]) {
      out.push({ op: 'equal', text: a[start + i]!, oldLine: start + i + 1, newLine: start + j + 1 });
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      del(start + i++);
    } else {
      ins(start + j++);
    }
  }
  while (i < n) del(start + i++);
  while (j < m) ins(start + j++);
  return out;
}
