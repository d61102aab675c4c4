import crypto from 'node:crypto';
import path from 'node:path/posix';
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import type * as Yaml from 'yaml';
import { Item, ItemType } from '../../../../db/src';
import { DomainError } from '../errors';
import type { FileService } from '../files/file.service';
import type { PolicyService } from '../policy/policy.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import {
  findInfoJson,
  mapLinks,
  markdownZipTree,
  rewriteArchiveLinks,
  showdocZipTree,
} from './archive-import';
import { countPages, type ImportCatalog, type ImportPage, type ImportTree } from './import-tree';
import { isOpenApiDocument, openApiTree } from './openapi';
import { writePageTree } from './page-tree-writer';
import { isPostmanCollection, postmanTree } from './postman-import';
import { looksLikeZip, readZip, type ZipCaps, DEFAULT_ZIP_CAPS } from './zip-reader';
import { parseSheets } from '../sheets/sheet-format';

/** The largest file an import accepts (the site's attachment limit does not apply: specs run to megabytes). */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

/** `auto`: ShowDoc's `import/auto` detection; the other two are its direct Swagger and Postman doors. */
export type ImportFormat = 'auto' | 'swagger' | 'postman';

export interface ImportInput {
  fileName: string;
  data: Buffer;
  /** 0 or absent: a new item. */
  itemId?: number;
  format?: ImportFormat;
}

export type ImportKind = 'showdoc-zip' | 'markdown-zip' | 'openapi' | 'postman';

export interface ImportResult {
  itemId: number;
  /** True when the import made a new item. */
  created: boolean;
  kind: ImportKind;
  pages: number;
  catalogs: number;
  /** Pages that replaced a same-title page in the same catalog of an existing item. */
  overwritten: number;
  /** Files of the archive uploaded as attachments of the item. */
  files: number;
}

export interface ImportProgress {
  /** 0..100 */
  percent: number;
  /** Title of the page being written ('' before the first). */
  current: string;
}

/**
 * Imports ShowDoc exports, markdown trees, Swagger/OpenAPI and Postman files (compat-api §17) into a new
 * item or into one the viewer edits. Everything is checked and parsed before the first write, and the
 * writes share one transaction: a bad file, or a failure half-way, leaves the site as it was.
 */
export class ImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly files: FileService,
    /** The same service on an EntityManager of its own, for imports that outlive their request. */
    readonly detached: () => ImportService = () => this,
    private readonly zipCaps: ZipCaps = DEFAULT_ZIP_CAPS,
  ) {}

  uploadLimit(): number {
    return IMPORT_MAX_BYTES;
  }

  async importFile(
    viewer: Viewer,
    input: ImportInput,
    onProgress: (progress: ImportProgress) => void = () => undefined,
  ): Promise<ImportResult> {
    const user = viewer.requireUser();
    const target = input.itemId && input.itemId > 0 ? await this.writableItem(viewer, input.itemId) : null;
    const { kind, tree } = await this.parse(input, (percent) => onProgress({ percent, current: '' }));
    const total = countPages(tree);
    if (!total) {
      throw new DomainError('ImportUnsupported', {
        en: 'The file holds no pages to import',
        zh: '文件中没有可导入的页面',
      });
    }
    onProgress({ percent: 10, current: '' });
    return inTransaction(this.em, async () => {
      const item = target ?? this.newItem(user, tree, kind);
      if (!target) await this.em.flush();
      const uploaded = await this.uploadLinkedFiles(viewer, item, tree);
      if (kind === 'markdown-zip' || uploaded.size)
        rewriteTree(tree, (c) => rewriteArchiveLinks(c, uploaded));
      onProgress({ percent: 20, current: '' });
      const written = await writePageTree(this.em, { item, author: user, existing: !!target }, tree, (p) =>
        onProgress({ percent: 20 + Math.floor((p.done / p.total) * 79), current: p.current }),
      );
      return {
        itemId: item.id,
        created: !target,
        kind,
        pages: written.pages,
        catalogs: written.catalogs,
        overwritten: written.overwritten,
        files: uploaded.size,
      };
    });
  }

  /** Reads an upload into memory, refusing it past the import limit (what was sent is read to the end). */
  async readUpload(stream: Readable): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) over = true;
      else chunks.push(chunk);
    }
    if (over || (stream as { truncated?: boolean }).truncated) {
      throw new DomainError('ImportTooLarge', {
        en: `The file is larger than the import limit of ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
        zh: `文件超过导入上限 ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
      });
    }
    return Buffer.concat(chunks);
  }

  /** The whole item must be the viewer's to edit: an import writes at the root and in any catalog. */
  private async writableItem(viewer: Viewer, itemId: number): Promise<Item> {
    const { item, rights } = await this.policy.requireEdit(viewer, itemId);
    if (rights.catalogScope !== null || rights.editScope !== null) throw new DomainError('ItemEditDenied');
    if (item.type !== ItemType.Regular && item.type !== ItemType.Legacy) {
      throw new DomainError('BadInput', {
        en: 'Files can only be imported into regular items',
        zh: '只能导入到常规项目',
      });
    }
    return item;
  }

  private async parse(
    input: ImportInput,
    progress: (percent: number) => void,
  ): Promise<{ kind: ImportKind; tree: ImportTree }> {
    const name = input.fileName.trim();
    const ext = path.extname(name).toLowerCase();
    const format = input.format ?? 'auto';
    if (!input.data.length) throw new DomainError('ImportFileMissing');
    if (input.data.length > IMPORT_MAX_BYTES) throw new DomainError('ImportTooLarge');
    const allowed = format === 'auto' ? ['.zip', '.json', '.yaml', '.yml'] : ['.json', '.yaml', '.yml'];
    if (!allowed.includes(ext)) throw new DomainError('ImportExtension');
    if (ext === '.zip') {
      if (!looksLikeZip(input.data))
        throw new DomainError('ImportUnsupported', {
          en: 'Unsupported file format: not a ZIP file',
          zh: '不支持的文件格式：不是 ZIP 文件',
        });
      const entries = await readZip(input.data, this.zipCaps);
      progress(5);
      const info = findInfoJson(entries);
      return info
        ? { kind: 'showdoc-zip', tree: showdocZipTree(info, entries) }
        : { kind: 'markdown-zip', tree: markdownZipTree(path.basename(name), entries) };
    }
    const doc = parseDocument(input.data, ext);
    if (format !== 'postman' && isOpenApiDocument(doc))
      return { kind: 'openapi', tree: await openApiTree(doc) };
    if (format !== 'swagger' && !isOpenApiDocument(doc) && isPostmanCollection(doc))
      return { kind: 'postman', tree: await postmanTree(doc) };
    throw new DomainError('ImportUnsupported', {
      en:
        format === 'swagger'
          ? 'Unsupported file format: not a Swagger 2.0 or OpenAPI 3.x document'
          : format === 'postman'
            ? 'Unsupported file format: not a Postman collection'
            : 'Unsupported file format: neither a Swagger/OpenAPI document nor a Postman collection',
      zh: '不支持的文件格式',
    });
  }

  private newItem(user: Item['owner'], tree: ImportTree, kind: ImportKind): Item {
    const item = this.em.create(Item, {
      name: tree.item.name.replace(/\s+/g, ' ').trim().slice(0, 200) || 'import',
      description: tree.item.description.slice(0, 10_000),
      // ShowDoc makes imported items private: the export's password, else a random one.
      password:
        (kind === 'showdoc-zip' && tree.item.password?.slice(0, 100)) ||
        crypto.randomBytes(6).toString('hex'),
      type: kind === 'showdoc-zip' ? importedItemType(tree) : ItemType.Regular,
      owner: user,
    });
    this.em.persist(item);
    return item;
  }

  /** Uploads the archive files some page links to; a file the upload rules refuse keeps its link as is. */
  private async uploadLinkedFiles(
    viewer: Viewer,
    item: Item,
    tree: ImportTree,
  ): Promise<Map<string, string>> {
    const urls = new Map<string, string>();
    if (!tree.files.length) return urls;
    const linked = new Set<string>();
    visitPages(tree, (page) => {
      mapLinks(page.content, (target) => {
        const key = target.startsWith('quire-archive:')
          ? target.slice('quire-archive:'.length)
          : path.normalize(target.replace(/^\.\//, '')).replace(/^(\.\.\/)+/, '');
        linked.add(key);
        return null;
      });
    });
    for (const file of tree.files) {
      if (!linked.has(file.path) || urls.has(file.path)) continue;
      try {
        const saved = await this.files.upload(viewer, {
          kind: 'attachment',
          fileName: path.basename(file.path),
          body: Readable.from([file.data]),
          itemId: item.id,
        });
        urls.set(file.path, `/files/${saved.sign}/${encodeURIComponent(saved.displayName)}`);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
      }
    }
    return urls;
  }
}

function parseDocument(data: Buffer, ext: string): unknown {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  try {
    return JSON.parse(text);
  } catch (jsonError) {
    if (ext === '.yaml' || ext === '.yml') {
      try {
        // Loaded on first use (issue #14: every module loaded at start stays in the heap).
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return (require('yaml') as typeof Yaml).parse(text, { maxAliasCount: 100 });
      } catch (yamlError) {
        throw invalid('YAML', yamlError);
      }
    }
    throw invalid('JSON', jsonError);
  }
}

function invalid(what: string, err: unknown): DomainError {
  const why = err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : '';
  return new DomainError('ImportUnsupported', {
    en: `Unsupported file format: invalid ${what} (${why})`,
    zh: `不支持的文件格式：${what} 无效（${why}）`,
  });
}

function visitPages(
  node: { pages: ImportPage[]; catalogs: ImportCatalog[] },
  visit: (page: ImportPage) => void,
): void {
  node.pages.forEach(visit);
  node.catalogs.forEach((c) => visitPages(c, visit));
}

function rewriteTree(tree: ImportTree, rewrite: (content: string) => string): void {
  visitPages(tree, (page) => {
    page.content = rewrite(page.content);
  });
}

/**
 * A ShowDoc zip keeps its item's type (single page, RunApi, spreadsheet), so a spreadsheet export imports as
 * a working spreadsheet (issue #20); a spreadsheet whose pages are not sheets, and ShowDoc's legacy type 0,
 * become regular items.
 */
function importedItemType(tree: ImportTree): number {
  const type = tree.item.type;
  if (type === ItemType.SinglePage || type === ItemType.ApiClient) return type;
  if (type !== ItemType.Spreadsheet) return ItemType.Regular;
  let sheets = true;
  visitPages(tree, (page) => {
    try {
      parseSheets(page.content);
    } catch {
      sheets = false;
    }
  });
  return sheets ? ItemType.Spreadsheet : ItemType.Regular;
}
