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

type Parse = (markdown: string) => Root;
let parser: Promise<Parse> | null = null;

/** The parser with its GFM extensions built once: building them costs about as much as parsing a page. */
function loadParser(): Promise<Parse> {
  parser ??= load().then(([{ fromMarkdown }, { gfm }, { gfmFromMarkdown }]) => {
    const options = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };
    return (markdown: string) => fromMarkdown(markdown, options);
  });
  return parser;
}

/** A page's markdown as a GitHub-flavoured syntax tree (tables, strikethrough, task lists, autolinks). */
export async function markdownTree(markdown: string): Promise<Root> {
  return (await loadParser())(markdown);
}
