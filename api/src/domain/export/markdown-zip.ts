import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import type * as Yazl from 'yazl';
import { sanitizeEntryName, UniqueNames } from './entry-names';
import { rewriteFileLinks, type ExportFiles } from './export-attachments';
import {
  pageContents,
  readableMarkdown,
  pagesInOrder,
  type ExportCatalog,
  type ExportPage,
  type ExportTree,
} from './export-tree';

/** PHP's htmlspecialchars with ENT_QUOTES: ShowDoc's `info.json` keeps page content escaped (§16.3). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

export type ExportProgress = (done: number, total: number, title: string) => void;

/** Where each page's `.md` goes: `Cat A/Sub A1/Title.md`, names sanitised and unique per folder. */
export function markdownPaths(tree: { pages: ExportPage[]; catalogs: ExportCatalog[] }): Map<number, string> {
  const paths = new Map<number, string>();
  const place = (folder: string, pages: ExportPage[], catalogs: ExportCatalog[]) => {
    const names = new UniqueNames();
    // Folders first, so a page titled like a sibling catalog gets the suffix rather than the folder.
    const folders = catalogs.map((c) => ({ c, name: names.take(sanitizeEntryName(c.name)) }));
    for (const page of pages) paths.set(page.id, folder + names.take(sanitizeEntryName(page.title), '.md'));
    for (const { c, name } of folders) place(`${folder}${name}/`, c.pages, c.catalogs);
  };
  place('', tree.pages, tree.catalogs);
  return paths;
}

/** How many `../` lead from a zip entry back to the root. */
function upToRoot(entryPath: string): string {
  return '../'.repeat(entryPath.split('/').length - 1);
}

/**
 * ShowDoc's markdown export (compat-api §16.3) plus the files the pages use: one `.md` per page in catalog
 * folders, the files under `attachments/` with the pages' links rewritten to them (relative to each `.md`
 * file; relative to the zip root in `info.json`), then `info.json` with the tree. Pages are read in batches
 * and written as the zip streams out; `info.json` is streamed last from a second pass, so no more than a
 * batch of pages is held at once.
 */
export function writeMarkdownZip(
  em: EntityManager,
  tree: ExportTree,
  files: ExportFiles,
  onProgress: ExportProgress = () => undefined,
): Readable {
  // Loaded on first use (issue #14: every module loaded at start stays in the heap).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zip = new (require('yazl') as typeof Yazl).ZipFile();
  const paths = markdownPaths(tree);
  const pages = pagesInOrder(tree);
  const mtime = new Date();
  const written = new Set<string>();

  const fill = async () => {
    let done = 0;
    for await (const { page, content: stored } of pageContents(em, pages)) {
      const content = readableMarkdown(stored, tree.item.type);
      for (const file of await files.of(content)) {
        if (written.has(file.sign)) continue;
        written.add(file.sign);
        zip.addBuffer(file.bytes, `attachments/${file.name}`, { mtime, compress: false });
      }
      const path = paths.get(page.id)!;
      const markdown = rewriteFileLinks(content, files.nameOf, `${upToRoot(path)}attachments/`);
      zip.addBuffer(Buffer.from(markdown, 'utf8'), path, { mtime });
      onProgress(++done, pages.length, page.title);
      await backPressure(zip);
      // pageContents yields between its batches of 50; a batch's pages are ~1 ms each here, so yield per
      // page too: the quiet-machine probe saw a 126 ms stretch without it (#19: < 50 ms at a time).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    zip.addReadStream(Readable.from(infoJson(em, tree, files)), 'info.json', { mtime });
    zip.end();
  };
  fill().catch((err: unknown) => (zip.outputStream as Readable).destroy(err as Error));
  return zip.outputStream as Readable;
}

/** Waits while the zip holds more than a few MB nobody has read yet (a slow client). */
async function backPressure(zip: Yazl.ZipFile): Promise<void> {
  const out = zip.outputStream as Readable;
  while (out.readableLength > 4 * 1024 * 1024 && !out.destroyed) {
    await new Promise<void>((resolve) => setTimeout(resolve, 20));
  }
}

/** Pages read, escaped and written per piece of `info.json` (pageContents yields between its reads). */
const INFO_BATCH = 10;

/** `info.json` in pieces: the item, then the page tree with each page's (escaped) content. */
async function* infoJson(em: EntityManager, tree: ExportTree, files: ExportFiles): AsyncGenerator<string> {
  const item = tree.item;
  const head = {
    item_type: String(item.type),
    item_name: item.name,
    item_description: item.description,
    password: item.password,
  };
  yield JSON.stringify(head).slice(0, -1) + ',"pages":{"pages":';
  const contents = new Map<number, string>();
  const loadAll = async (list: ExportPage[]) => {
    contents.clear();
    for await (const { page, content } of pageContents(em, list, INFO_BATCH)) {
      contents.set(page.id, rewriteFileLinks(content, files.nameOf, 'attachments/'));
    }
  };
  const pageRow = (p: ExportPage) =>
    JSON.stringify({
      page_id: String(p.id),
      page_title: p.title,
      cat_id: String(p.catalogId ?? 0),
      page_content: escapeHtml(contents.get(p.id) ?? ''),
      s_number: String(p.sNumber),
      page_comments: p.comments,
    });
  // One catalog's pages at a time: a catalog's list is loaded, written and dropped.
  async function* pageList(list: ExportPage[]): AsyncGenerator<string> {
    yield '[';
    for (let i = 0; i < list.length; i += INFO_BATCH) {
      await loadAll(list.slice(i, i + INFO_BATCH));
      yield (
        list
          .slice(i, i + INFO_BATCH)
          .map(pageRow)
          .join(',') + (i + INFO_BATCH < list.length ? ',' : '')
      );
    }
    yield ']';
  }
  async function* catalogList(catalogs: ExportCatalog[]): AsyncGenerator<string> {
    yield '[';
    for (const [index, c] of catalogs.entries()) {
      if (index) yield ',';
      yield (
        JSON.stringify({
          cat_id: String(c.id),
          cat_name: c.name,
          parent_cat_id: String(c.parentId ?? 0),
          level: String(c.level + 1),
          s_number: String(c.sNumber),
        }).slice(0, -1) + ',"pages":'
      );
      yield* pageList(c.pages);
      yield ',"catalogs":';
      yield* catalogList(c.catalogs);
      yield '}';
    }
    yield ']';
  }
  yield* pageList(tree.pages);
  yield ',"catalogs":';
  yield* catalogList(tree.catalogs);
  yield '}}';
}
