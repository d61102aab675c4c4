/**
 * Small rehype steps around react-markdown. Typed locally (structural hast shapes) so the web app does
 * not depend on the unified type packages directly.
 */
import { filterStyle, STYLED_ELEMENTS } from './sanitize-schema';

interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, string | number | boolean | (string | number)[] | null | undefined>;
  children: HastChild[];
}
interface HastRaw {
  type: 'raw';
  value: string;
}
interface HastOther {
  type: 'comment' | 'doctype';
  value?: string;
}
type HastChild = HastText | HastElement | HastRaw | HastOther;
interface HastParent {
  type: string;
  children?: HastChild[];
}

/**
 * Runs before the sanitiser: a `style` attribute on the elements that may keep one is reduced to its colour
 * declarations (sanitize-schema.ts, `filterStyle`); on any other element the sanitiser drops it whole.
 */
export function rehypeStyleFilter() {
  const visit = (parent: HastParent) => {
    for (const child of parent.children ?? []) {
      if (child.type !== 'element') continue;
      const style = child.properties.style;
      if (style !== undefined && STYLED_ELEMENTS.includes(child.tagName)) {
        const kept = typeof style === 'string' ? filterStyle(style) : '';
        if (kept) child.properties.style = kept;
        else delete child.properties.style;
      }
      visit(child);
    }
  };
  return (tree: { type: string }) => visit(tree as HastParent);
}

const FOOTNOTE_PREFIX = 'user-content-';

/**
 * Runs after the sanitiser. Footnote links point at `#user-content-fn-1` (remark-rehype prefixes the ids it
 * makes), and the sanitiser prefixes every id once more against DOM clobbering, so the jump found nothing.
 * The doubled prefix is taken back off, which leaves every id still prefixed once.
 */
export function rehypeFootnoteIds() {
  const doubled = FOOTNOTE_PREFIX + FOOTNOTE_PREFIX;
  const visit = (parent: HastParent) => {
    for (const child of parent.children ?? []) {
      if (child.type !== 'element') continue;
      const id = child.properties.id;
      if (typeof id === 'string' && id.startsWith(doubled))
        child.properties.id = id.slice(FOOTNOTE_PREFIX.length);
      visit(child);
    }
  };
  return (tree: { type: string }) => visit(tree as HastParent);
}

function textOf(node: HastChild): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** Stable heading ids for the table of contents: `h-` plus a slug, numbered when repeated. */
export function slugify(text: string): string {
  return (
    text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/**
 * Runs after the sanitizer (which would prefix ids): gives every h1–h4 an id the TOC can link to, except
 * the footnotes' label (`h2.sr-only`, which keeps the id its references point at).
 */
export function rehypeHeadingIds() {
  return (tree: { type: string }) => {
    const used = new Map<string, number>();
    const visit = (parent: HastParent) => {
      for (const child of parent.children ?? []) {
        if (child.type !== 'element') continue;
        if (/^h[1-4]$/.test(child.tagName) && !child.properties.className) {
          const base = `h-${slugify(textOf(child))}`;
          const count = used.get(base) ?? 0;
          used.set(base, count + 1);
          child.properties.id = count === 0 ? base : `${base}-${count}`;
        } else {
          visit(child);
        }
      }
    };
    visit(tree as HastParent);
  };
}
