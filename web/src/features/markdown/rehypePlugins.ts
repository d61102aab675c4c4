/**
 * Small rehype steps around react-markdown. Typed locally (structural hast shapes) so the web app does
 * not depend on the unified type packages directly.
 */
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

/** Attribute names whose hast property name differs from a plain lower-case copy. */
const PROPERTY_NAMES: Record<string, string> = {
  class: 'className',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  datetime: 'dateTime',
};

function fromDom(node: Node): HastChild | null {
  if (node.nodeType === 3) return { type: 'text', value: node.textContent ?? '' };
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const properties: HastElement['properties'] = {};
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    const property = PROPERTY_NAMES[name] ?? name;
    properties[property] =
      property === 'className' ? attribute.value.split(/\s+/).filter(Boolean) : attribute.value;
  }
  const source = element.tagName.toLowerCase() === 'template' ? [] : Array.from(element.childNodes);
  return {
    type: 'element',
    tagName: element.tagName.toLowerCase(),
    properties,
    children: source.map(fromDom).filter((child): child is HastChild => child !== null),
  };
}

/**
 * HTML written inside markdown (ShowDoc pages often hold `<br>`, tables or `<details>`): each fragment is
 * parsed by the browser's inert DOMParser (nothing in it loads or runs) into plain elements, which the
 * sanitizer after this step then reduces to GitHub's safe subset. A lone opening or closing tag (inline
 * `<font color=red>` ... `</font>`) has no content of its own and falls away; the text between stays.
 */
export function rehypeInlineHtml() {
  const parser = typeof DOMParser === 'undefined' ? null : new DOMParser();
  const visit = (parent: HastParent) => {
    if (!parent.children) return;
    const next: HastChild[] = [];
    for (const child of parent.children) {
      if (child.type === 'raw') {
        if (!parser) continue;
        const body = parser.parseFromString(`<body>${child.value}</body>`, 'text/html').body;
        for (const node of Array.from(body.childNodes)) {
          const converted = fromDom(node);
          if (converted) next.push(converted);
        }
      } else {
        if (child.type === 'element') visit(child);
        next.push(child);
      }
    }
    parent.children = next;
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

/** Runs after the sanitizer (which would prefix ids): gives every h1–h4 an id the TOC can link to. */
export function rehypeHeadingIds() {
  return (tree: { type: string }) => {
    const used = new Map<string, number>();
    const visit = (parent: HastParent) => {
      for (const child of parent.children ?? []) {
        if (child.type !== 'element') continue;
        if (/^h[1-4]$/.test(child.tagName)) {
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
