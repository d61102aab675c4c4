import type { Nodes } from 'mdast';
import { markdownTree } from '../export/markdown-tree';

/** Nodes whose end is a line break in the text. */
const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'tableRow', 'blockquote', 'footnoteDefinition']);

/**
 * The text of a page's markdown as readers see it (issue #22's search snippets), from the server's one
 * markdown parser (export/markdown-tree.ts): text, inline code and code blocks, image descriptions, inline
 * HTML without its tags; no emphasis marks, table pipes, link targets or heading marks. Blocks end with a
 * line break, table cells with a tab. Runs in the plain-text worker thread (plain-text.worker.ts).
 */
export async function plainTextOf(markdown: string): Promise<string> {
  const parts: string[] = [];
  const stack: Array<Nodes | string> = [await markdownTree(markdown)];
  // Depth first without recursion (deeply nested quotes or lists cannot overflow the stack).
  while (stack.length) {
    const node = stack.pop()!;
    if (typeof node === 'string') {
      parts.push(node);
      continue;
    }
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        parts.push(node.value);
        continue;
      case 'code':
        parts.push(node.value, '\n');
        continue;
      case 'html':
        parts.push(node.value.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''));
        continue;
      case 'image':
        parts.push(node.alt || '');
        continue;
      case 'break':
      case 'thematicBreak':
        parts.push('\n');
        continue;
    }
    if (node.type === 'tableCell') stack.push('\t');
    else if (BLOCKS.has(node.type)) stack.push('\n');
    const children = 'children' in node ? (node.children as Nodes[]) : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return parts
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
