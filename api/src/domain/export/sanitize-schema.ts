// A copy of web/src/features/markdown/sanitize-schema.ts (the server may not import the web app, test/architecture.test.ts):
// the offline HTML export sanitises with the same allow-list. Change both together.
/**
 * The one sanitiser configuration for page markdown (issue #22): which HTML elements and attributes a page
 * may contain after its markdown and inline HTML are parsed. Plain data and pure functions, no React and no
 * browser API, so the server's exports (Word, HTML) can apply the same rules with `hast-util-sanitize`.
 *
 * It is GitHub's model (no script, no event handler, no `javascript:` URL, ids prefixed against DOM
 * clobbering) narrowed to markdown output plus the inline HTML ShowDoc documents use every day:
 * `font[color|size]`, `span[style]` with colours only, `kbd`, `sub`, `sup`, `mark`, `u`, `s`, `br`,
 * `details`/`summary`, `center`, `p[align]`, `img[width|height|align]` and the classic table attributes.
 * `style` values are first reduced by {@link filterStyle} (rehype step `rehypeStyleFilter`); the pattern
 * below then admits only what that function writes, as a second line of defence.
 */

/** A CSS colour without anything that can load or evaluate: names, hex, rgb()/hsl() with plain numbers. */
export const COLOR_PATTERN =
  /^(?:#[0-9a-f]{3,8}|[a-z]{1,30}|(?:rgb|hsl)a?\(\s*[\d.]+%?\s*(?:,\s*[\d.]+%?\s*){2,3}\))$/i;

/** `<font size>`: 1–7, optionally relative (`+1`, `-2`), as HTML defines it. */
const FONT_SIZE_PATTERN = /^[+-]?[1-7]$/;
const ALIGN = ['left', 'right', 'center', 'justify'];
const DIMENSION = /^\d{1,5}(?:%|px)?$/i;

/** The CSS properties a `style` attribute may keep; `background` is kept only as a plain colour. */
const STYLE_PROPERTIES: Record<string, string> = {
  color: 'color',
  'background-color': 'background-color',
  background: 'background-color',
};

/**
 * Reduces a `style` attribute to its colour declarations (`color`, `background-color`, and `background`
 * when it is a plain colour), each with a value matching {@link COLOR_PATTERN}; everything else (`url()`,
 * `expression()`, positions, sizes, comments, escapes) is dropped. Returns '' when nothing is left.
 */
export function filterStyle(style: string): string {
  const kept = new Map<string, string>();
  if (/[\\]|\/\*/.test(style)) return ''; // CSS escapes and comments can hide anything: not worth parsing
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = STYLE_PROPERTIES[declaration.slice(0, colon).trim().toLowerCase()];
    const value = declaration
      .slice(colon + 1)
      .replace(/!important\s*$/i, '')
      .trim();
    if (property && COLOR_PATTERN.test(value)) kept.set(property, value);
  }
  return [...kept].map(([property, value]) => `${property}: ${value}`).join('; ');
}

/** What {@link filterStyle} writes, and nothing else. */
const FILTERED_STYLE_PATTERN = new RegExp(
  `^(?:(?:color|background-color): ${COLOR_PATTERN.source.slice(1, -1)}(?:; |$))+$`,
  'i',
);

/** The elements whose `style` attribute goes through {@link filterStyle}. */
export const STYLED_ELEMENTS: readonly string[] = ['span'];

const ARIA = ['ariaDescribedBy', 'ariaLabel', 'ariaLabelledBy'];
/** One allowed attribute: its hast property name, alone (any value) or with the values it may take. */
type AttributeRule = string | [string, ...(string | boolean | RegExp)[]];

const cellAttributes: AttributeRule[] = [
  ['align', ...ALIGN],
  ['vAlign', 'top', 'middle', 'bottom', 'baseline'],
  ['width', DIMENSION],
  ['height', DIMENSION],
  'colSpan',
  'rowSpan',
  ['bgColor', COLOR_PATTERN],
  'noWrap',
];

/**
 * The schema, in `hast-util-sanitize`'s format (hast property names: `colSpan`, `vAlign`...). Typed
 * structurally so this module needs no import; it satisfies `Schema` from `hast-util-sanitize` 5.
 */
export const markdownSanitizeSchema = {
  strip: ['script', 'style', 'template', 'noscript', 'title', 'textarea', 'xmp', 'iframe', 'noembed'],
  clobberPrefix: 'user-content-',
  clobber: ['ariaDescribedBy', 'ariaLabelledBy', 'id', 'name'],
  ancestors: {
    tbody: ['table'],
    td: ['table'],
    th: ['table'],
    thead: ['table'],
    tfoot: ['table'],
    tr: ['table'],
    caption: ['table'],
    colgroup: ['table'],
    col: ['table'],
  },
  protocols: {
    href: ['http', 'https', 'mailto', 'tel', 'ftp', 'irc', 'ircs', 'xmpp'],
    cite: ['http', 'https'],
    // Images cannot run script, whatever they hold: pasted data: URLs are common in ShowDoc pages.
    src: ['http', 'https', 'data'],
  },
  required: { input: { disabled: true, type: 'checkbox' } },
  tagNames: [
    ...['a', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'big', 'abbr'],
    ...['code', 'kbd', 'samp', 'var', 'tt', 'sub', 'sup', 'q', 'cite', 'dfn', 'time', 'ruby', 'rt', 'rp'],
    ...['p', 'br', 'hr', 'div', 'span', 'font', 'center', 'blockquote', 'pre', 'address'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'input'],
    ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
    ...['img', 'picture', 'figure', 'figcaption', 'details', 'summary', 'section'],
  ],
  attributes: {
    a: [
      ...ARIA,
      'href',
      'title',
      'dataFootnoteRef',
      'dataFootnoteBackref',
      ['className', 'data-footnote-backref'],
    ],
    abbr: ['title'],
    blockquote: ['cite'],
    code: [['className', /^language-[\w+#.-]+$/, 'math-inline', 'math-display']],
    col: ['span', ['width', DIMENSION]],
    colgroup: ['span'],
    details: ['open'],
    div: [['align', ...ALIGN]],
    font: [
      ['color', COLOR_PATTERN],
      ['size', FONT_SIZE_PATTERN],
    ],
    h2: [['className', 'sr-only']], // the footnotes' "Footnotes" label
    img: [
      ...ARIA,
      'src',
      'alt',
      'title',
      ['width', DIMENSION],
      ['height', DIMENSION],
      ['align', 'left', 'right', 'middle', 'top', 'bottom', 'center'],
    ],
    input: [['disabled', true], ['type', 'checkbox'], 'checked'],
    li: [['className', 'task-list-item']],
    ol: [...ARIA, 'start', ['className', 'contains-task-list']],
    p: [['align', ...ALIGN]],
    q: ['cite'],
    section: ['dataFootnotes', ['className', 'footnotes']],
    span: [['style', FILTERED_STYLE_PATTERN]],
    table: [
      ...ARIA,
      ['align', ...ALIGN],
      ['border', /^\d{1,2}$/],
      ['cellPadding', /^\d{1,3}$/],
      ['cellSpacing', /^\d{1,3}$/],
      ['width', DIMENSION],
      ['bgColor', COLOR_PATTERN],
    ],
    td: [...cellAttributes],
    th: [...cellAttributes, 'scope'],
    tr: [
      ['align', ...ALIGN],
      ['vAlign', 'top', 'middle', 'bottom', 'baseline'],
      ['bgColor', COLOR_PATTERN],
    ],
    time: ['dateTime'],
    ul: [...ARIA, ['className', 'contains-task-list']],
    '*': ['id', 'title', 'lang', 'dir'],
  },
} satisfies {
  strip: string[];
  clobberPrefix: string;
  clobber: string[];
  ancestors: Record<string, string[]>;
  protocols: Record<string, string[]>;
  required: Record<string, Record<string, unknown>>;
  tagNames: string[];
  attributes: Record<string, AttributeRule[]>;
};
