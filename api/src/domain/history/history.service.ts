import type { EntityManager } from '@mikro-orm/core';
import { PageHistory, type Page } from '../../../../db/src';
import { DomainError } from '../errors';
import { PAGE_COMMENTS_MAX, type PageService } from '../pages/page.service';
import type { Viewer } from '../viewer';

export interface PageVersions {
  page: Page;
  /** Newest first; each holds a version the page had before a save. */
  versions: PageHistory[];
}

export interface PageVersionPair {
  page: Page;
  version: PageHistory;
}

/**
 * A page's earlier versions: every update keeps the version it replaces (page.service.ts), the newest
 * `history_version_count` are kept (history-retention.ts). Reading them needs the right to read the page
 * (catalog scope and drafts included); notes and restores need the right to write it.
 */
export class PageHistoryService {
  constructor(
    private readonly em: EntityManager,
    private readonly pages: PageService,
  ) {}

  async list(viewer: Viewer, pageId: number): Promise<PageVersions> {
    const { page } = await this.pages.readable(viewer, pageId);
    // The newest `history_version_count`: a page may hold a few more until its next trim (history-retention.ts).
    const keep = await this.pages.historyKeep();
    const versions = await this.em.find(PageHistory, { page }, { orderBy: { id: 'desc' }, limit: keep });
    return { page, versions };
  }

  /** The current page beside one of its versions (the client compares them line by line). */
  async compare(viewer: Viewer, pageId: number, historyId: number): Promise<PageVersionPair> {
    const { page } = await this.pages.readable(viewer, pageId);
    return { page, version: await this.versionOf(page, historyId) };
  }

  /** Sets the note of a version. ShowDoc found the version by its id alone; here it must be this page's. */
  async updateComments(
    viewer: Viewer,
    pageId: number,
    historyId: number,
    comments: string,
  ): Promise<PageHistory> {
    const { page } = await this.pages.writable(viewer, pageId);
    const version = await this.versionOf(page, historyId);
    if (comments.length > PAGE_COMMENTS_MAX) throw new DomainError('NameTooLong');
    version.comments = comments;
    await this.em.flush();
    return version;
  }

  /**
   * Brings a version back as a new save of its title and content (the catalog stays), so the version it
   * replaces goes to the history in turn: nothing is lost. `baseVersion` guards against a concurrent save.
   */
  async restore(
    viewer: Viewer,
    pageId: number,
    historyId: number,
    options: { baseVersion?: number; comments?: string } = {},
  ): Promise<Page> {
    const { page, item } = await this.pages.writable(viewer, pageId);
    const version = await this.versionOf(page, historyId);
    return this.pages.save(viewer, {
      id: page.id,
      itemId: item.id,
      title: version.title,
      content: version.content,
      comments: options.comments ?? '',
      baseVersion: options.baseVersion,
    });
  }

  private async versionOf(page: Page, historyId: number): Promise<PageHistory> {
    const version = historyId > 0 ? await this.em.findOne(PageHistory, { id: historyId, page }) : null;
    if (!version) throw new DomainError('HistoryNotFound');
    return version;
  }
}
