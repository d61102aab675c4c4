import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast';
import { filterStyle, markdownSanitizeSchema, STYLED_ELEMENTS } from './sanitize-schema';
import { markdownTree } from './markdown-tree';

type ToHast = typeof import('mdast-util-to-hast', { with: { 'resolution-mode': 'import' } });
type Raw = typeof import('hast-util-raw', { with: { 'resolution-mode': 'import' } });
type Sanitize = typeof import('hast-util-sanitize', { with: { 'resolution-mode': 'import' } });
type ToHtml = typeof import('hast-util-to-html', { with: { 'resolution-mode': 'import' } });

let modules: Promise<[ToHast, Raw, Sanitize, ToHtml]> | null = null;

/** ESM-only packages, loaded once with a real `import()`. */
function load() {
  modules ??= Promise.all([
    import('mdast-util-to-hast'),
    import('hast-util-raw'),
    import('hast-util-sanitize'),
    import('hast-util-to-html'),
  ]);
  return modules;
}

/** The web app's style filter (web/src/features/markdown/rehypePlugins.ts), on a hast tree. */
function filterStyles(node: HastRoot | Element): void {
  for (const child of node.children as HastContent[]) {
    if (child.type !== 'element') continue;
    const style = child.properties.style;
    if (style !== undefined && STYLED_ELEMENTS.includes(child.tagName)) {
      const kept = typeof style === 'string' ? filterStyle(style) : '';
      if (kept) child.properties.style = kept;
      else delete child.properties.style;
    }
    filterStyles(child);
  }
}

/**
 * A page's markdown as safe HTML, with the web app's allow-list (sanitize-schema.ts): inline HTML is parsed
 * and then everything not allowed (scripts, event handlers, `javascript:` URLs, iframes…) is dropped.
 */
export async function markdownToSafeHtml(markdown: string): Promise<string> {
  const [{ toHast }, { raw }, { sanitize }, { toHtml }] = await load();
  const hast = toHast(await markdownTree(markdown), { allowDangerousHtml: true }) as HastRoot;
  const parsed = raw(hast) as HastRoot;
  filterStyles(parsed);
  const clean = sanitize(parsed, markdownSanitizeSchema as Parameters<Sanitize['sanitize']>[1]);
  return toHtml(clean);
}
