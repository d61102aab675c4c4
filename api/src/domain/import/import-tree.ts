/** What every importer produces: the pages and catalogs to write, before anything is written. */
export interface ImportTree {
  /** Settings of a new item (ignored when importing into an existing one). */
  item: { name: string; description: string; password?: string; type?: number };
  pages: ImportPage[];
  catalogs: ImportCatalog[];
  /** Files inside the archive the pages link to (path inside the archive → bytes). */
  files: ImportFile[];
}

export interface ImportCatalog {
  name: string;
  sNumber?: number;
  pages: ImportPage[];
  catalogs: ImportCatalog[];
}

export interface ImportPage {
  title: string;
  content: string;
  sNumber?: number;
}

export interface ImportFile {
  /** The path the pages use to link it (relative links are resolved to this before writing). */
  path: string;
  data: Buffer;
}

/** Page titles are varchar(255); ShowDoc's Swagger importer cut them at 50 characters. */
export const MAX_TITLE = 255;

export function countPages(tree: { pages: ImportPage[]; catalogs: ImportCatalog[] }): number {
  return tree.pages.length + tree.catalogs.reduce((n, c) => n + countPages(c), 0);
}

/** Decodes the HTML entities ShowDoc stores page content with (`&amp; &lt; &gt; &quot; &#039;`, numeric). */
export function unescapeHtml(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return named[code] ?? whole;
  });
}
