// Math (its own chunk, loaded by extras.ts when a page has `$`): `$…$`, `$$…$$` and ```math blocks.
import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import type { Pluggable } from './plugin-types';

export { remarkMath };

interface MdNode {
  type: string;
  value?: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: MdNode[];
}

/**
 * Runs after remark-math. ShowDoc pages are full of dollars that are not math (`$uid` and `$token` in PHP
 * documents, "$5 to $10"), so a single-dollar formula counts only as pandoc defines it: no space just
 * inside either dollar, and no digit right after the closing one. Anything else goes back to its text.
 * `$$…$$` is always math.
 */
export function remarkDollarRules() {
  return (tree: MdNode, file: { value?: unknown }) => {
    const source = typeof file.value === 'string' ? file.value : String(file.value ?? '');
    const visit = (node: MdNode) => {
      if (!node.children) return;
      node.children = node.children.map((child) => {
        if (child.type !== 'inlineMath') {
          visit(child);
          return child;
        }
        const start = child.position?.start.offset;
        const end = child.position?.end.offset;
        if (start === undefined || end === undefined) return child;
        const raw = source.slice(start, end);
        if (raw.startsWith('$$')) return child;
        const inner = raw.slice(1, -1);
        const math = inner.length > 0 && !/^\s|\s$/.test(inner) && !/^\d/.test(source.charAt(end));
        return math ? child : { type: 'text', value: raw };
      });
    };
    visit(tree);
  };
}

/**
 * KaTeX after the sanitiser (its output is markup the schema does not allow), safe because it is
 * KaTeX's own: `trust: false` refuses `\href`, `\url`, `\includegraphics` and `\htmlStyle`-like commands,
 * and a formula that does not parse shows its source in red instead of failing the page.
 */
export const katexPlugin: Pluggable = [
  rehypeKatex,
  { trust: false, strict: 'ignore', throwOnError: false, output: 'htmlAndMathml', maxExpand: 500 },
];
