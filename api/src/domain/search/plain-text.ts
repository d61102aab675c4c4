import type { Nodes } from 'mdast';
import { markdownTree } from '../export/markdown-tree';

/** Markdown around a match that is read as text for the snippet: enough for ShowDoc's 300-character window. */
const WINDOW = 800;
/** Block nodes after which the text breaks, so words of two paragraphs or cells do not run together. */
const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'tableCell', 'tableRow', 'blockquote', 'code']);

/**
 * What a reader sees of a page's markdown (issue #22: search snippets come from the one pipeline, not from
 * the source): text, inline code and code blocks, image descriptions, and inline HTML without its tags; no
 * `**`, table pipes, link targets or heading marks.
 */
export async function markdownPlainText(markdown: string): Promise<string> {
  const parts: string[] = [];
  const visit = (node: Nodes) => {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        parts.push(node.value);
        return;
      case 'code':
        parts.push(node.value, '\n');
        return;
      case 'html':
        parts.push(node.value.replace(/<[^>]*>/g, ' '));
        return;
      case 'image':
        parts.push(node.alt ?? '');
        return;
      case 'break':
      case 'thematicBreak':
        parts.push('\n');
        return;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
    if (BLOCKS.has(node.type)) parts.push('\n');
  };
  visit(await markdownTree(markdown));
  return parts.join('');
}

/**
 * The text a search snippet is cut from: the plain text of the markdown around the first match. When the
 * match is only in the markup (a link target, an HTML attribute) the source is kept, so the snippet still
 * shows why the page matched.
 */
export async function snippetSource(markdown: string, needle: string): Promise<string> {
  const at = markdown.toLowerCase().indexOf(needle.toLowerCase());
  if (at < 0) return markdown;
  const from = Math.max(0, markdown.lastIndexOf('\n', Math.max(0, at - WINDOW)) + 1);
  const nextLine = markdown.indexOf('\n', at + needle.length + WINDOW);
  const to = nextLine < 0 ? markdown.length : nextLine;
  const text = await markdownPlainText(markdown.slice(from, to));
  return text.toLowerCase().includes(needle.toLowerCase()) ? text : markdown;
}
