import { describe, expect, it, jest } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { text as streamText } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { readZip } from '../import/zip-reader';
import { ExportFiles } from './export-attachments';
import type { ExportPage, ExportTree } from './export-tree';
import type { FileService } from '../files/file.service';
import type { Viewer } from '../viewer';

// The conversion runs in the export's worker thread: `docx` must never load on this (the main) thread.
// Jest's module registry serves this thread only; the worker loads `docx` with Node's own `require`. The
// writer is required after the mock is in place.
jest.doMock('docx', () => {
  throw new Error('docx was loaded on the main thread');
});
const { writeDocx, wordExportsRunning, WORD_EXPORTS_AT_ONCE } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('./docx-writer') as typeof import('./docx-writer');

const SIGN = 'a'.repeat(32);
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An export of `count` pages in one catalog, read from a stand-in for the database and the file store. */
function exportOf(count: number) {
  const pages: ExportPage[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `P${i}`,
    catalogId: 1,
    sNumber: i,
    comments: '',
  }));
  const content = (id: number) =>
    `1. first ${id}\n2. second\n\n[site ${id}](https://example.com/${id}) ![pic](/files/${SIGN})\n\n| a | b |\n|---|---|\n| 1 | 2 |\n`;
  const em = {
    find: async (_entity: unknown, where: { id: { $in: number[] } }) =>
      where.id.$in.map((id) => ({ id, content: content(id) })),
  } as unknown as EntityManager;
  const tree = {
    item: { name: 'Worker item', type: 1 },
    pages: [],
    catalogs: [{ id: 1, name: 'Folder', parentId: null, level: 1, sNumber: 0, pages, catalogs: [] }],
  } as unknown as ExportTree;
  const files = new ExportFiles(
    {
      readForExport: async () => ({ file: { displayName: 'pic.png', fileType: 'image/png' }, bytes: PNG }),
    } as unknown as FileService,
    {} as Viewer,
  );
  return { em, tree, files };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the Word export converts in a worker thread', () => {
  it('writes a whole package without loading docx here: images, links and list numbers resolve', async () => {
    const { em, tree, files } = exportOf(25);
    const progress: number[] = [];
    const parts = new Map(
      (await readZip(await bytesOf(writeDocx(em, tree, files, (done) => progress.push(done))))).map((e) => [
        e.name,
        e.data.toString('utf8'),
      ]),
    );
    expect(progress).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const xml = parts.get('word/document.xml')!;
    expect(xml).toContain('1、Folder');
    expect(xml).toContain('1.25、P24');
    expect(xml.match(/<w:body>/g)).toHaveLength(1);
    const rels = parts.get('word/_rels/document.xml.rels')!;
    const relIds = new Set([...rels.matchAll(/Id="([^"]+)"/g)].map((m) => m[1]));
    const used = [...xml.matchAll(/r:(?:embed|id)="([^"]+)"/g)].map((m) => m[1]);
    expect(used.length).toBe(50);
    expect(used.filter((id) => !relIds.has(id))).toEqual([]);
    for (const [, target] of rels.matchAll(/Target="(media\/[^"]+)"/g)) {
      expect(parts.get(`word/${target}`)).toBeDefined();
    }
    const numbering = parts.get('word/numbering.xml')!;
    const numIds = new Set([...numbering.matchAll(/<w:num w:numId="(\d+)"/g)].map((m) => m[1]));
    const listIds = [...xml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]);
    expect(new Set(listIds).size).toBe(25);
    expect(listIds.filter((id) => !numIds.has(id))).toEqual([]);
  }, 60_000);

  it('destroys the stream with a clear error when the worker dies mid-export (the process lives on)', async () => {
    const { em, tree, files } = exportOf(25);
    const stream = writeDocx(em, tree, files, undefined, { crashAfterPages: 12 });
    await expect(streamText(stream)).rejects.toThrow("The Word export's converter stopped (exit code 3)");
  }, 60_000);

  it('reports a converter that runs out of its heap', async () => {
    const { em, tree, files } = exportOf(3);
    const stream = writeDocx(em, tree, files, undefined, { heapMb: 2 });
    await expect(streamText(stream)).rejects.toThrow(
      "The Word export ran out of its converter's memory (2 MB)",
    );
  }, 60_000);

  it('stops the worker when the client goes away', async () => {
    const { em, tree, files } = exportOf(200);
    const seen: number[] = [];
    const stream = writeDocx(em, tree, files, (done) => seen.push(done));
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    const at = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen.length).toBeLessThanOrEqual(at + 1);
    expect(seen.length).toBeLessThan(200);
  }, 60_000);

  it('converts at most WORD_EXPORTS_AT_ONCE exports at once; the others wait, then finish', async () => {
    const exports = Array.from({ length: WORD_EXPORTS_AT_ONCE + 2 }, () => exportOf(12));
    let most = 0;
    const streams = exports.map(({ em, tree, files }) =>
      writeDocx(em, tree, files, () => (most = Math.max(most, wordExportsRunning()))),
    );
    const packages = await Promise.all(streams.map((stream) => bytesOf(stream)));
    expect(most).toBe(WORD_EXPORTS_AT_ONCE);
    for (const bytes of packages) expect((await readZip(bytes)).length).toBeGreaterThan(3);
    expect(wordExportsRunning()).toBe(0);
  }, 120_000);
});
