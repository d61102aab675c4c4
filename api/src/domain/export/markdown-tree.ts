import type { Root } from 'mdast';

type FromMarkdown = typeof import('mdast-util-from-markdown', { with: { 'resolution-mode': 'import' } });
type GfmSyntax = typeof import('micromark-extension-gfm', { with: { 'resolution-mode': 'import' } });
type GfmTree = typeof import('mdast-util-gfm', { with: { 'resolution-mode': 'import' } });

let modules: Promise<[FromMarkdown, GfmSyntax, GfmTree]> | null = null;

/** The unified parsers are ESM-only: loaded once with a real `import()` (as file-type, files/file-rules.ts). */
function load() {
  modules ??= Promise.all([
    import('mdast-util-from-markdown'),
    import('micromark-extension-gfm'),
    import('mdast-util-gfm'),
  ]);
  return modules;
}

/** A page's markdown as a GitHub-flavoured syntax tree (tables, strikethrough, task lists, autolinks). */
export async function markdownTree(markdown: string): Promise<Root> {
  const [{ fromMarkdown }, { gfm }, { gfmFromMarkdown }] = await load();
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}
