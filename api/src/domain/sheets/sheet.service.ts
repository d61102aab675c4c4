import type { EntityManager } from '@mikro-orm/core';
import { ItemType, Page, type Item } from '../../../../db/src';
import { DomainError } from '../errors';
import type { PageService } from '../pages/page.service';
import type { PolicyService } from '../policy/policy.service';
import type { Viewer } from '../viewer';
import { parseSheets, sheetName, sheetToCsv, type Sheet } from './sheet-format';
import { sheetsToXlsx } from './sheet-xlsx';
import { sheetXlsxPool, type SheetXlsxPool } from './sheet-xlsx.worker';

export interface SheetFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file name without characters that break a Content-Disposition header or a file system. */
function safeFileName(name: string): string {
  return (
    [...name]
      .map((ch) => (ch.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
      .join('')
      .trim()
      .slice(0, 120) || 'spreadsheet'
  );
}

/**
 * Spreadsheet items (type 4): one page whose content is ShowDoc's x-data-spreadsheet JSON. Reads go
 * through the page's read rules, writes through the page save path (baseVersion, history, change log,
 * search index), so nothing here bypasses what a page editor would meet.
 */
export class SheetService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly pages: PageService,
    private readonly xlsxReader: () => SheetXlsxPool = sheetXlsxPool,
  ) {}

  /** The sheets of a readable page of a spreadsheet item. */
  async sheetsOfPage(viewer: Viewer, pageId: number): Promise<{ page: Page; item: Item; sheets: Sheet[] }> {
    const { page, item } = await this.pages.readable(viewer, pageId);
    requireSheetItem(item);
    return { page, item, sheets: parseSheets(page.content) };
  }

  /** The page of a spreadsheet item the viewer may visit (its first live page). */
  async sheetPageOf(viewer: Viewer, itemId: number): Promise<{ page: Page; item: Item }> {
    const { item } = await this.policy.requireVisit(viewer, itemId);
    requireSheetItem(item);
    const page = await this.em.findOne(
      Page,
      { item, deletedAt: null },
      { orderBy: { sNumber: 'asc', id: 'asc' } },
    );
    if (!page) throw new DomainError('PageNotFound');
    return this.pages.readable(viewer, page.id);
  }

  /** The whole item as an .xlsx workbook. */
  async exportXlsx(viewer: Viewer, itemId: number): Promise<SheetFile> {
    const { page, item } = await this.sheetPageOf(viewer, itemId);
    const data = await sheetsToXlsx(parseSheets(page.content));
    return { fileName: `${safeFileName(item.name)}.xlsx`, contentType: XLSX_TYPE, data };
  }

  /** One sheet (by 0-based index) as CSV, UTF-8 with a byte-order mark. */
  async exportCsv(viewer: Viewer, itemId: number, sheetIndex: number): Promise<SheetFile> {
    const { page, item } = await this.sheetPageOf(viewer, itemId);
    const sheets = parseSheets(page.content);
    const sheet = Number.isInteger(sheetIndex) ? sheets[sheetIndex] : undefined;
    if (!sheet) {
      throw new DomainError('BadInput', {
        en: `There is no sheet ${sheetIndex + 1} (the spreadsheet has ${sheets.length})`,
        zh: `没有第 ${sheetIndex + 1} 个工作表（共 ${sheets.length} 个）`,
      });
    }
    return {
      fileName: `${safeFileName(`${item.name}-${sheetName(sheet, sheetIndex)}`)}.csv`,
      contentType: 'text/csv; charset=utf-8',
      data: Buffer.from(sheetToCsv(sheet), 'utf8'),
    };
  }

  /**
   * Replaces the item's sheets with a workbook's (all sheets, values, merges, widths, basic styles), as a
   * page save: the version it replaces goes to the history, and `baseVersion` refuses a stale import.
   * The workbook is read in a worker thread (sheet-xlsx.worker.ts), within the size and row limits.
   */
  async importXlsx(
    viewer: Viewer,
    itemId: number,
    data: Buffer,
    options: { baseVersion?: number } = {},
  ): Promise<Page> {
    viewer.requireUserId();
    const { item } = await this.policy.requireEdit(viewer, itemId);
    requireSheetItem(item);
    const { page } = await this.sheetPageOf(viewer, itemId);
    const content = await this.xlsxReader().read(data);
    return this.pages.save(viewer, {
      id: page.id,
      itemId: item.id,
      content,
      baseVersion: options.baseVersion,
      comments: 'xlsx import',
    });
  }
}

export function requireSheetItem(item: Item): void {
  if (item.type !== ItemType.Spreadsheet) {
    throw new DomainError('ItemTypeInvalid', {
      en: 'This is not a spreadsheet item',
      zh: '该项目不是表格项目',
    });
  }
}
