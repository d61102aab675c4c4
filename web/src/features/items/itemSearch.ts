/** One Han character: a single Chinese character is a meaningful keyword, a single Latin letter is not. */
const HAN = /\p{Script=Han}/u;

/**
 * Whether the item list searches for `keyword` (spec §2): not for a blank keyword, and not for a single
 * non-Chinese character, which would match nearly everything.
 */
export function shouldSearch(keyword: string): boolean {
  const text = keyword.trim();
  if (!text) return false;
  const characters = [...text];
  if (characters.length === 1) return HAN.test(characters[0]!);
  return true;
}

export interface TextRange {
  start: number;
  end: number;
}

export interface TextPart {
  text: string;
  highlighted: boolean;
}

/**
 * Splits `text` at the given ranges (UTF-16 offsets, as the server sends them) into plain and highlighted
 * parts. Overlapping, unordered or out-of-bounds ranges are merged and clipped.
 */
export function splitHighlights(text: string, ranges: readonly TextRange[]): TextPart[] {
  const clipped = ranges
    .map((r) => ({ start: Math.max(0, r.start), end: Math.min(text.length, r.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const range of clipped) {
    const start = Math.max(range.start, cursor);
    if (range.end <= start) continue;
    if (start > cursor) parts.push({ text: text.slice(cursor, start), highlighted: false });
    const last = parts[parts.length - 1];
    if (last?.highlighted && start === cursor) last.text += text.slice(start, range.end);
    else parts.push({ text: text.slice(start, range.end), highlighted: true });
    cursor = range.end;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), highlighted: false });
  return parts;
}

/** Items whose name or description contains the keyword, ignoring case. */
export function matchesItem(item: { name: string; description: string }, keyword: string): boolean {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return true;
  return item.name.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle);
}
