import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import { ExportLog, ItemType, User } from '../../../../db/src';
import type { ChangeLogService } from '../changelog/changelog.service';
import { DomainError } from '../errors';
import type { FileService } from '../files/file.service';
import type { PolicyService } from '../policy/policy.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import { ExportFiles } from './export-attachments';
import { loadExportTree, pagesInOrder, type ExportScope, type ExportTree } from './export-tree';
import { writeHtmlSite } from './html-site';
import { writeMarkdownZip, type ExportProgress } from './markdown-zip';

export type ExportFormat = 'word' | 'markdown' | 'html';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['word', 'markdown', 'html'];

/** ShowDoc's quota of offline HTML exports per user and day (compat-notes §Quotas). */
export const HTML_EXPORTS_PER_DAY = 100;
/** Item types the offline HTML site supports (compat-api §16.4; 0 is ShowDoc's legacy regular item). */
const HTML_ITEM_TYPES: number[] = [ItemType.Legacy, ItemType.Regular, ItemType.ApiClient, 5];

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface ExportRequest extends ExportScope {
  format: ExportFormat;
}

/** What an export will contain, checked before anything is written (the web app's confirmation). */
export interface ExportPlan {
  itemName: string;
  itemType: number;
  pageCount: number;
  catalogCount: number;
}

export interface ExportDownload {
  format: ExportFormat;
  /** A file name for the download; `stamp` is the door's local `YYYYMMDDHHMMSS`. */
  fileName: string;
  contentType: string;
  /** Every format streams as it is written. */
  body: Readable;
  pageCount: number;
}

/** The download names ShowDoc gives (compat-api §16); the Word file is a real `.docx`. */
export function exportFileName(format: ExportFormat, itemName: string, stamp: string): string {
  if (format === 'word') return `showdoc_export_${stamp}.docx`;
  if (format === 'markdown') return 'showdoc.zip';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = itemName.replace(/[<>:"/\\|?*\s\u0000-\u001f]+/g, '_').slice(0, 80) || 'item';
  return `showdoc_offline_${name}_${stamp}.zip`;
}

/** Exports of an item, a catalog subtree or one page to Word, a markdown zip or an offline HTML site. */
export class ExportService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly changeLog: ChangeLogService,
    private readonly files: FileService,
  ) {}

  /** `export/checkMarkdownLimit`: the open-source build has no limit (compat-api §16.1); login needed. */
  async checkMarkdownLimit(viewer: Viewer, format: string): Promise<void> {
    viewer.requireUserId();
    if (format && !['markdown', 'md', 'word', 'html', 'pdf'].includes(format)) {
      throw new DomainError('ExportFormatUnknown');
    }
  }

  async plan(viewer: Viewer, request: ExportRequest): Promise<ExportPlan> {
    if (!EXPORT_FORMATS.includes(request.format)) throw new DomainError('ExportFormatUnknown');
    const tree = await this.tree(viewer, request, request.format);
    if (request.format === 'html' && !HTML_ITEM_TYPES.includes(tree.item.type)) {
      throw new DomainError('ExportUnsupportedType');
    }
    let catalogCount = 0;
    const count = (list: ExportTree['catalogs']) =>
      list.forEach((c) => {
        catalogCount++;
        count(c.catalogs);
      });
    count(tree.catalogs);
    return {
      itemName: tree.item.name,
      itemType: tree.item.type,
      pageCount: pagesInOrder(tree).length,
      catalogCount,
    };
  }

  /**
   * Checks the request (permission, scope, quota), records it (export log and the change log's
   * `export/item`, as ShowDoc does), then starts writing. A refused export writes nothing.
   */
  async open(
    viewer: Viewer,
    request: ExportRequest,
    stamp: string,
    onProgress?: ExportProgress,
  ): Promise<ExportDownload> {
    if (!EXPORT_FORMATS.includes(request.format)) throw new DomainError('ExportFormatUnknown');
    const tree = await this.tree(viewer, request, request.format);
    const user = viewer.requireUser();
    if (request.format === 'html') await this.checkHtmlQuota(user, tree);
    await inTransaction(this.em, async () => {
      this.em.persist(this.em.create(ExportLog, { user, item: tree.item, exportType: request.format }));
      await this.changeLog.record(tree.item, this.em.getReference(User, user.id), {
        action: 'export',
        objectType: 'item',
        objectId: tree.item.id,
        objectName: tree.item.name,
      });
    });
    const files = new ExportFiles(this.files, viewer);
    const pageCount = pagesInOrder(tree).length;
    const fileName = exportFileName(request.format, tree.item.name, stamp);
    switch (request.format) {
      case 'word':
        return {
          format: 'word',
          fileName,
          contentType: DOCX_TYPE,
          // docx is a multi-megabyte bundle: loaded at the first Word export, not at server start.
          body: await (await import('./docx-writer.js')).writeDocx(this.em, tree, files, onProgress),
          pageCount,
        };
      case 'markdown':
        return {
          format: 'markdown',
          fileName,
          contentType: 'application/zip',
          body: writeMarkdownZip(this.em, tree, files, onProgress),
          pageCount,
        };
      case 'html':
        return {
          format: 'html',
          fileName,
          contentType: 'application/zip',
          body: writeHtmlSite(this.em, tree, files, onProgress),
          pageCount,
        };
    }
  }

  private tree(viewer: Viewer, scope: ExportScope, format: ExportFormat = 'word'): Promise<ExportTree> {
    return loadExportTree(
      this.em,
      this.policy,
      viewer,
      scope,
      format === 'html' ? 'ExportHtmlDenied' : 'ExportDenied',
    );
  }

  private async checkHtmlQuota(user: User, tree: ExportTree): Promise<void> {
    if (!HTML_ITEM_TYPES.includes(tree.item.type)) throw new DomainError('ExportUnsupportedType');
    const since = new Date(Date.now() - 24 * 3600 * 1000);
    const count = await this.em.count(ExportLog, { user, exportType: 'html', createdAt: { $gte: since } });
    if (count >= HTML_EXPORTS_PER_DAY) throw new DomainError('ExportQuota');
  }
}
