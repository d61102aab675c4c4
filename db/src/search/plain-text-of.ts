/**
 * The text of a page's markdown as readers see it (issue #22's search snippets): text, inline code and code
 * blocks as written, image descriptions, HTML without its tags; no emphasis marks, table pipes, link targets,
 * heading, quote or list marks. Lines end with a line break, table cells with a tab.
 *
 * One pass over the lines with a few regular expressions, not the markdown parser (export/markdown-tree.ts):
 * snippets need the words and their order, not the tree, and the parser cost ~6 µs a character (~20 ms of
 * CPU a page, paid on every save) where this costs ~50× less, so a save writes it in its own UPDATE
 * (issue #14). Markdown it cannot tell apart (an indented code block, a lazy continuation) keeps its text.
 */
export function plainTextOf(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  // Reference links are links only when their label is defined.
  const refs = new Set<string>();
  if (markdown.includes(']:')) {
    for (const line of lines) {
      const definition = LINK_DEFINITION.exec(line);
      if (definition) refs.add(definition[1]!.toLowerCase());
    }
  }
  const out: string[] = [];
  // A paragraph's lines go through the inline rules together (emphasis and code may span lines).
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) out.push(inline(paragraph.join('\n'), refs), '\n');
    paragraph = [];
  };
  let fence: { marker: string; indent: number } | null = null;
  let table = false;
  let comment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      const close = FENCE.exec(line.replace(CONTAINER, ''));
      if (
        close &&
        close[2]![0] === fence.marker[0] &&
        close[2]!.length >= fence.marker.length &&
        !close[3]!.trim()
      ) {
        fence = null;
        continue;
      }
      out.push(line.slice(Math.min(fence.indent, line.length - line.trimStart().length)), '\n');
      continue;
    }
    // An HTML comment may hold blank lines: it is dropped whole.
    if (comment || line.trimStart().startsWith('<!--')) {
      comment = !line.includes('-->');
      endParagraph();
      continue;
    }
    const body = CONTAINER_START.test(line) ? line.replace(CONTAINER, '') : line;
    const open = FENCE.exec(body);
    if (open && !(open[2]![0] === '`' && open[3]!.includes('`'))) {
      endParagraph();
      fence = { marker: open[2]!, indent: open[1]!.length };
      table = false;
      continue;
    }
    if (!body.trim()) {
      endParagraph();
      table = false;
      continue;
    }
    if (table || (body.includes('|') && DELIMITER_ROW.test(lines[i + 1]?.replace(CONTAINER, '') ?? ''))) {
      endParagraph();
      if (!table) i++; // the delimiter row
      table = true;
      out.push(
        cellsOf(body)
          .map((cell) => inline(cell, refs))
          .join('\t'),
        '\n',
      );
      continue;
    }
    if (SETEXT_UNDERLINE.test(body) || (paragraph.length && /^ {0,3}-+\s*$/.test(body))) {
      endParagraph();
      continue;
    }
    if (THEMATIC_BREAK.test(body) || LINK_DEFINITION.test(body)) {
      endParagraph();
      continue;
    }
    if (HEADING.test(body)) {
      endParagraph();
      out.push(inline(body.replace(HEADING, '').replace(HEADING_CLOSE, ''), refs), '\n');
      continue;
    }
    // A list item or quote starts a block of its own.
    if (body.length !== line.length) endParagraph();
    paragraph.push(body);
  }
  endParagraph();
  return out
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An opening or closing code fence: indent, marker, info string. */
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
/** Quote marks, list markers and task boxes in front of a line (any depth). */
const CONTAINER = /^(?:\s*>\s?|\s*(?:[-+*]|\d{1,9}[.)])(?:\s+\[[ xX]\])?(?=\s|$)\s*)*/;
/** Lines that may start with a container mark. */
const CONTAINER_START = /^[\s>*+\-\d]/;
const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const THEMATIC_BREAK = /^ {0,3}(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$/;
const SETEXT_UNDERLINE = /^ {0,3}=+\s*$/;
const LINK_DEFINITION = /^ {0,3}\[([^\]]+)\]:\s*\S+(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*$/;
const HEADING = /^ {0,3}#{1,6}(?:\s+|$)/;
const HEADING_CLOSE = /\s+#+\s*$/;

/** A table row's cells: split on pipes that are neither escaped nor inside inline code. */
function cellsOf(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let code = 0;
  for (let i = 0; i < row.length; i++) {
    const ch = row[i]!;
    if (ch === '\\' && row[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (ch === '`') {
      let run = 1;
      while (row[i + run] === '`') run++;
      code = code === 0 ? run : code === run ? 0 : code;
      cell += row.slice(i, i + run);
      i += run - 1;
    } else if (ch === '|' && code === 0) {
      cells.push(cell);
      cell = '';
    } else {
      cell += ch;
    }
  }
  cells.push(cell);
  // Pipes at the ends of the row open and close it: no empty cells there.
  if (cells.length > 1 && !cells[0]!.trim()) cells.shift();
  if (cells.length > 1 && !cells[cells.length - 1]!.trim()) cells.pop();
  return cells.map((c) => c.trim());
}

/** Inline code spans: kept as written (their content is never markup). */
const CODE_SPAN = /(`+)([\s\S]*?[^`])\1(?!`)/g;
/** Code spans stand in the private use area (one character each) while the markup around them goes. */
const SPAN_BASE = 0xe100;
const SPAN_LIMIT = 0x1700;
const SPAN = /[\ue100-\uf7ff]/g;

/** Inline markup removed, code spans kept as written. */
function inline(text: string, refs: ReadonlySet<string>): string {
  if (!text.includes('`') || /[\ue100-\uf7ff]/.test(text)) return inlineMarkup(text, refs);
  const spans: string[] = [];
  const marked = text.replace(CODE_SPAN, (whole, _ticks: string, code: string) => {
    if (spans.length >= SPAN_LIMIT) return whole;
    spans.push(/^ [\s\S]*[^ ][\s\S]* $/.test(code) ? code.slice(1, -1) : code);
    return String.fromCharCode(SPAN_BASE + spans.length - 1);
  });
  if (!spans.length) return inlineMarkup(text, refs);
  return inlineMarkup(marked, refs).replace(SPAN, (ch) => spans[ch.charCodeAt(0) - SPAN_BASE] ?? ch);
}

/** Escaped punctuation is literal: it stands in the private use area while the markup is removed. */
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const ESCAPE_BASE = 0xe000;
const RESTORE = /[\ue000-\ue07f]/g;
const PRIVATE_USE = /[\ue000-\ue07f]/;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  middot: '·',
  times: '×',
};

function entity(whole: string, name: string): string {
  if (name[0] !== '#') return NAMED_ENTITIES[name] ?? whole;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
    ? String.fromCodePoint(code)
    : whole;
}

function inlineMarkup(text: string, refs: ReadonlySet<string>): string {
  // Each rule runs only when its mark is there: most lines of prose have none.
  // Text that holds the escapes' stand-ins itself keeps its escapes (rare enough not to matter for search).
  const escapes = text.includes('\\') && !PRIVATE_USE.test(text);
  let out = escapes
    ? text.replace(ESCAPED, (_, ch: string) => String.fromCharCode(ESCAPE_BASE + ch.charCodeAt(0)))
    : text;
  if (out.includes('[')) {
    // Images give their description (by reference: none, as before), links their text. Bounded lengths:
    // an unclosed bracket is scanned a few hundred characters ahead, never to the end of the page.
    out = out
      .replace(/!\[([^[\]]{0,300})\]\([^()]{0,1000}\)/g, '$1')
      .replace(/!\[[^[\]]{0,300}\]\[[^[\]]{0,300}\]/g, '')
      .replace(
        /\[((?:[^[\]]|\[[^[\]]{0,300}\]){0,300})\]\((?:[^()\s]|\([^()]{0,300}\)){0,1000}(?:\s+(?:"[^"]{0,300}"|'[^']{0,300}'))?\s{0,20}\)/g,
        '$1',
      );
    if (refs.size) {
      out = out
        .replace(/\[([^[\]]{0,300})\]\[([^[\]]{0,300})\]/g, (whole, label: string, ref: string) =>
          refs.has((ref || label).toLowerCase()) ? label : whole,
        )
        .replace(/\[([^[\]]{1,300})\](?![[(])/g, (whole, label: string) =>
          refs.has(label.toLowerCase()) ? label : whole,
        );
    }
  }
  if (out.includes('<')) {
    // Autolinks give their address; an HTML line break is one, other tags and comments are dropped.
    out = out
      .replace(/<((?:https?|ftp|mailto):[^\s<>]*)>/gi, '$1')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<!--[\s\S]*?-->|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, '');
  }
  // Emphasis and strikethrough marks around text (at most 300 characters apart, as above); an underscore
  // inside a word (user_token) is text.
  if (out.includes('**') || out.includes('~~'))
    out = out.replace(/(\*\*|~~)(?=\S)([\s\S]{0,300}?\S)\1/g, '$2');
  if (out.includes('*')) out = out.replace(/\*(?=[^\s*])([^*]*?[^\s*])\*/g, '$1');
  if (out.includes('_')) {
    out = out
      .replace(/__(?=\S)([\s\S]{0,300}?\S)__(?![\p{L}\p{N}_])/gu, outsideWord)
      .replace(/_(?=[^\s_])([^_]*?[^\s_])_(?![\p{L}\p{N}_])/gu, outsideWord);
  }
  if (out.includes('&')) out = out.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z]{2,8});/g, entity);
  // A hard line break (a backslash at the end) ends the line anyway.
  if (out.endsWith('\\')) out = out.slice(0, -1);
  return escapes ? out.replace(RESTORE, (ch) => String.fromCharCode(ch.charCodeAt(0) - ESCAPE_BASE)) : out;
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/** Underscores open emphasis only outside a word. */
function outsideWord(whole: string, inner: string, offset: number, text: string): string {
  return offset > 0 && WORD_CHARACTER.test(text[offset - 1]!) ? whole : inner;
}

/** Longer pages are not read (their snippets keep coming from the source). */
export const MAX_PLAIN_TEXT_SOURCE = 100_000;

/**
 * Pages up to this long are read on the request that saves them: ~0.1 ms for a 3 kB page, under ~10 ms
 * for the most hostile 8 kB (`**a ` repeated). Longer ones go to the filler's worker thread after the
 * commit (plain-text.worker.ts), so no save holds the event loop for long.
 */
export const INLINE_PLAIN_TEXT_MAX = 8_192;

/**
 * What `page.plain_text` holds for this content: '' for a spreadsheet (its snippets come from its cell text,
 * `search_text`) and for an over-long page, which keep the source snippet.
 */
export function plainTextToStore(content: string, searchText: string | null): string {
  return searchText === null && content.length <= MAX_PLAIN_TEXT_SOURCE ? plainTextOf(content) : '';
}

/**
 * `plainTextToStore` when it is cheap enough for the saving request; null for a page longer than
 * `INLINE_PLAIN_TEXT_MAX`, whose text the background filler writes after the commit.
 */
export function plainTextInline(content: string, searchText: string | null): string | null {
  return searchText === null &&
    content.length > INLINE_PLAIN_TEXT_MAX &&
    content.length <= MAX_PLAIN_TEXT_SOURCE
    ? null
    : plainTextToStore(content, searchText);
}
