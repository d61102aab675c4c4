/** A highlighted stretch of a text, in UTF-16 code units (what JavaScript's String#slice counts). */
export interface TextRange {
  start: number;
  end: number;
}

/** ShowDoc's window around the first match: 100 characters before it, keyword length + 200 in all. */
const BEFORE = 100;
const EXTRA = 200;

/**
 * Lower case that keeps every character's UTF-16 length, so positions in the folded text are positions in
 * the original (the few characters whose lower case is longer, like 'İ', stay as they are).
 */
function foldKeepingLength(text: string): string {
  // Fast path: no character changed length (lower case never shortens one), so positions line up.
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    out += lower.length === ch.length ? lower : ch;
  }
  return out;
}

/** Every non-overlapping case-insensitive occurrence of `keyword` in `text`. */
export function findRanges(text: string, keyword: string): TextRange[] {
  const needle = foldKeepingLength(keyword);
  if (!needle) return [];
  const haystack = foldKeepingLength(text);
  const ranges: TextRange[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    ranges.push({ start: at, end: at + needle.length });
  }
  return ranges;
}

interface Window {
  text: string;
  cutBefore: boolean;
  cutAfter: boolean;
}

/** The window of ShowDoc's rule, counted in characters (code points) as PHP's mb_substr does. */
function snippetWindow(content: string, keyword: string): Window {
  const chars = Array.from(content);
  const at = foldKeepingLength(content).indexOf(foldKeepingLength(keyword));
  const pos = at > 0 ? Array.from(content.slice(0, at)).length : at;
  const start = pos > BEFORE ? pos - BEFORE : 0;
  const end = Math.min(chars.length, start + Array.from(keyword).length + EXTRA);
  return { text: chars.slice(start, end).join(''), cutBefore: start > 0, cutAfter: end < chars.length };
}

/**
 * `item/search`'s `search_content`: `"..." + mb_substr(content, start, len(keyword) + 200) + "..."`, the
 * start 100 characters before the first case-insensitive match, or 0 (compat-api §3.15). Always both dots.
 */
export function showdocSnippet(content: string, keyword: string): string {
  return `...${snippetWindow(content, keyword).text}...`;
}

/**
 * The same window for the GraphQL door, with whitespace runs collapsed (Markdown line breaks read badly in
 * a result list), '...' only where the text was cut, and the keyword's occurrences in it.
 */
export function highlightedSnippet(
  content: string,
  keyword: string,
): { text: string; highlights: TextRange[] } {
  const window = snippetWindow(content, keyword);
  const body = window.text.replace(/\s+/g, ' ').trim();
  const prefix = window.cutBefore ? '...' : '';
  const highlights = findRanges(body, keyword.replace(/\s+/g, ' ')).map((r) => ({
    start: r.start + prefix.length,
    end: r.end + prefix.length,
  }));
  return { text: `${prefix}${body}${window.cutAfter ? '...' : ''}`, highlights };
}

/** What a snippet needs of a page. */
export interface SnippetSource {
  content: string;
  /** A spreadsheet's cell text (null for other pages). */
  searchText?: string | null;
  /** The page as readers see it (issue #22), written after the save; null until then. */
  plainText?: string | null;
}

/**
 * The text a page's search snippet is cut from: a spreadsheet's cell text; else the page as readers see it
 * (no `**`, table pipes, link targets or tags) when it holds the keyword; else the markdown source, when the
 * plain text is not written yet or the match is only in the markup (a link target), so the snippet still
 * shows why the page matched.
 */
export function snippetText(page: SnippetSource, keyword: string): string {
  if (page.searchText !== null && page.searchText !== undefined) return page.searchText;
  const plain = page.plainText;
  if (plain && foldKeepingLength(plain).includes(foldKeepingLength(keyword))) return plain;
  return page.content;
}
