import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import type * as Yazl from 'yazl';
import type { PageImage } from './docx-convert';
import { Slots } from '../workers/slots';
import { DocxConverter } from './docx.worker';
import { fileSignsIn, type ExportFiles } from './export-attachments';
import {
  pageContents,
  readableMarkdown,
  type ExportCatalog,
  type ExportPage,
  type ExportTree,
} from './export-tree';
import type { ExportProgress } from './markdown-zip';

type Entry = { kind: 'page'; page: ExportPage } | { kind: 'catalog'; catalog: ExportCatalog };

/**
 * Word exports converting at once: each converter thread may hold its ~100 MB heap, so a crowd of exports
 * must not add up; the others wait for a turn (their download starts when it comes).
 */
export const WORD_EXPORTS_AT_ONCE = 2;
const converters = new Slots(WORD_EXPORTS_AT_ONCE);

/** Word exports converting now (tests). */
export const wordExportsRunning = (): number => converters.busy;

/** Test hooks: the converter's heap, and a converter that dies after this many pages. */
export interface DocxWriterOptions {
  heapMb?: number;
  crashAfterPages?: number;
}

/**
 * A real Word document (Office Open XML) of an export tree: a table of contents field, numbered headings
 * per catalog and page, and each page's markdown as Word paragraphs, tables, shaded code, lists, links and
 * embedded images, streamed. The conversion (markdown → `docx` objects → packed XML, docx-convert.ts) runs
 * in a worker thread of its own with a capped heap (docx.worker.ts): converting a page took up to 150 ms
 * and packing a chunk up to 130 ms of the event loop, and its garbage grew the server's RSS by 300 MB on
 * a 2,000-page item. This thread reads the pages, fetches the images they embed (storage stays here),
 * hands both to the worker and streams the body XML chunks it answers into the zip's `word/document.xml`
 * as they come (so the download starts at once and shows progress); the parts that list what the chunks
 * used (numbering, relationships, media) follow it. A slow client slows the export (the next page waits
 * for the zip to take the last chunk); a client that goes away terminates the worker; a worker that fails
 * (out of its heap, say) destroys the stream with the reason. At most WORD_EXPORTS_AT_ONCE convert at once.
 */
export function writeDocx(
  em: EntityManager,
  tree: ExportTree,
  files: ExportFiles,
  onProgress: ExportProgress = () => undefined,
  options: DocxWriterOptions = {},
): Readable {
  const out = new PassThrough();
  let converter: DocxConverter | null = null;
  // The client went away, or the export failed: the worker stops at once (or never starts).
  out.once('close', () => void converter?.terminate());
  converters
    .run(async () => {
      if (out.destroyed) return;
      converter = new DocxConverter({ heapMb: options.heapMb });
      try {
        await writeDocxTo(out, converter, em, tree, files, onProgress, options);
      } finally {
        await converter.terminate();
      }
    })
    .catch((err: unknown) => out.destroy(err as Error));
  return out;
}

async function writeDocxTo(
  out: PassThrough,
  converter: DocxConverter,
  em: EntityManager,
  tree: ExportTree,
  files: ExportFiles,
  onProgress: ExportProgress,
  options: DocxWriterOptions,
): Promise<void> {
  const titles = new Map<number, { level: number; numbers: number[] }>();
  const catalogHeads = new Map<number, { level: number; numbers: number[] }>();
  const order: Entry[] = [];
  const onlyPage = tree.pages.length === 1 && tree.catalogs.length === 0;
  let top = 0;
  for (const page of tree.pages) {
    titles.set(page.id, { level: 1, numbers: onlyPage ? [] : [++top] });
    order.push({ kind: 'page', page });
  }
  const place = (catalog: ExportCatalog, numbers: number[]) => {
    catalogHeads.set(catalog.id, { level: numbers.length, numbers });
    order.push({ kind: 'catalog', catalog });
    let n = 0;
    for (const page of catalog.pages) {
      titles.set(page.id, { level: numbers.length + 1, numbers: [...numbers, ++n] });
      order.push({ kind: 'page', page });
    }
    for (const child of catalog.catalogs) place(child, [...numbers, ++n]);
  };
  for (const catalog of tree.catalogs) place(catalog, [++top]);

  const shell = await converter.start(tree.item.name);
  // Loaded on first use (issue #14: every module loaded at start stays in the heap).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zip = new (require('yazl') as typeof Yazl).ZipFile();
  const mtime = new Date();
  const output = zip.outputStream as Readable;
  output.once('error', (err) => out.destroy(err));
  output.pipe(out);
  // [Content_Types].xml first, as Word writes it (some readers look for it there), then the document.
  zip.addBuffer(shell.contentTypes, '[Content_Types].xml', { mtime });
  const body = new PassThrough();
  body.write(shell.head);
  zip.addReadStream(body, 'word/document.xml', { mtime });

  const media: Array<[string, Buffer]> = [];
  const write = async (chunk: { xml: string; media: Array<[string, Buffer]> } | null) => {
    if (!chunk) return;
    media.push(...chunk.media);
    // Waits while the client is slower than the export (the zip reads the body as it sends).
    if (!body.write(chunk.xml) && !out.destroyed) {
      await Promise.race([once(body, 'drain'), once(out, 'close')]);
    }
  };

  const pages = order.flatMap((o) => (o.kind === 'page' ? [o.page] : []));
  const contents = pageContents(em, pages, 20)[Symbol.asyncIterator]();
  let done = 0;
  for (const entry of order) {
    if (entry.kind === 'catalog') {
      const head = catalogHeads.get(entry.catalog.id)!;
      await converter.catalog(head.level, head.numbers, entry.catalog.name);
      continue;
    }
    if (out.destroyed) return; // the client went away: stop reading and converting pages
    const next = await contents.next();
    if (next.done) break;
    const { page, content: stored } = next.value;
    const content = readableMarkdown(stored, tree.item.type);
    const images: PageImage[] = [];
    for (const sign of fileSignsIn(content)) {
      const file = await files.get(sign);
      // A copy of its own: a Buffer's whole backing store (a pool slab, say) would be cloned to the worker.
      if (file) images.push({ sign, name: file.name, bytes: ownCopy(file.bytes) });
    }
    if (options.crashAfterPages !== undefined && done >= options.crashAfterPages) await converter.crash();
    const head = titles.get(page.id)!;
    await write(
      await converter.page({ title: page.title, level: head.level, numbers: head.numbers, content, images }),
    );
    onProgress(++done, pages.length, page.title);
  }
  await write(await converter.flush());
  const end = await converter.end();
  body.end(end.tail);
  for (const [name, data] of end.parts) zip.addBuffer(data, name, { mtime });
  for (const [name, data] of media) zip.addBuffer(data, name, { mtime, compress: false });
  zip.end();
}

function ownCopy(data: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(data.length);
  data.copy(copy);
  return copy;
}
