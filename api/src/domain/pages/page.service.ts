// Over 500 lines on purpose: saving a page (create, or an update under the page's row lock) is one operation for both doors and the open API, and `readable`/`writable` are the page checks
// every other page service (history, locks, shares) goes through. Notifications sit in page-notification.ts.
import { LockMode, wrap, type EntityManager } from '@mikro-orm/core';
import {
  Catalog,
  DEFAULT_S_NUMBER,
  ItemType,
  Page,
  RecycleEntry,
  Subscription,
  Item,
  nativeSql,
  pageContentChanged,
  plainTextInline,
  plainTextInSearchIndex,
  reindexPages,
  type User,
} from '../../../../db/src';
import {
  loadCatalogChainIds,
  loadCatalogPath,
  loadCatalogSteps,
  type CatalogStep,
} from '../catalogs/catalog-tree';
import { maySharePage, pageVisibleInScope, requireWritableScope, writesAreScoped } from '../policy/scope';
import { OPEN_API_REMARK, type ChangeLogService } from '../changelog/changelog.service';
import { DomainError } from '../errors';
import { historyToKeep, historyTrimDue, trimHistory } from '../history/history-retention';
import type { ApiKeyAccess, ItemRights, PolicyItem, PolicyService } from '../policy/policy.service';
import type { SettingsService } from '../settings/settings.service';
import { afterCommit, inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import { checkPageLimit } from './page-limit';
import { readPage, type PageItem, type PageRecord } from './page-read';
import {
  lockedPage,
  lockPage,
  pageChanges,
  pageData,
  pageRecordOfSaved,
  type LockedPage,
  type SavedPage,
} from './page-row';
import { checkNotifyText, notifySubscribers, pageSubscribers } from './page-notification';
import { menuChanged } from '../catalogs/menu-cache';
import { checkedSheetText } from '../sheets/sheet-format';

export const PAGE_TITLE_MAX = 255;
export const PAGE_COMMENTS_MAX = 255;

export interface SavePageInput {
  /** Absent: create. */
  id?: number;
  itemId: number;
  /** undefined: unchanged (the root for a new page); null or 0: the root. */
  catalogId?: number | null;
  /** undefined: unchanged (required for a new page). */
  title?: string;
  /** Markdown as written. */
  content: string;
  /** The version the editor started from; a newer stored version fails with VersionConflict. */
  baseVersion?: number;
  /** The note describing this change; '' when absent. */
  comments?: string;
  /** undefined: unchanged (false for a new page). */
  isDraft?: boolean;
  /** undefined: unchanged (99 for a new page). */
  sNumber?: number;
  /** undefined: unchanged ('' for a new page, or derived from a RunApi document). */
  extInfo?: string;
  /**
   * Save-and-notify: the subscribers of an updated page get this text as a reminder (a new page has none
   * to tell but its author, so a create ignores it, as ShowDoc's `is_notify` does). undefined: no notice.
   */
  notifyText?: string;
}

/** "Copy page": a new page in an item the viewer may edit, from a page they may read. */
export interface CopyPageInput {
  pageId: number;
  toItemId: number;
  /** Absent, null or 0: the root of the target item. */
  catalogId?: number | null;
  /** Absent: the source's title. */
  title?: string;
}

/** A page written through an item's open-API key: always a full write of title, content and order. */
export interface ApiPageInput {
  /** Absent: create. */
  id?: number;
  catalog: Catalog | null;
  title: string;
  content: string;
  /** undefined: unchanged (99 for a new page); ShowDoc reset it to 99 on every call without it. */
  sNumber?: number;
}

/** The author name of pages written through the open API (no user); their change-log remark too. */
export const OPEN_API_AUTHOR = OPEN_API_REMARK;

/** Who writes: a signed-in user, or an item's open-API key (no user, shown as 'API'). */
interface PageWriter {
  user: User | null;
  name: string;
}

const writerOf = (user: User): PageWriter => ({ user, name: user.username });
const API_WRITER: PageWriter = { user: null, name: OPEN_API_AUTHOR };

export interface SavePageOptions {
  /** ShowDoc's `page/save` stores a page whose catalog is unknown at the root instead of failing. */
  unknownCatalogAsRoot?: boolean;
  /**
   * The caller only shapes the saved page for its answer (the doors): an update gives it as plain data
   * (`PageRecord`) instead of merging an entity into the request's unit of work (~6 % of a save, issue #14).
   */
  record?: boolean;
}

/** A page as its reader gets it: the catalogs above it and what the doors show beside it, as plain data. */
export interface PageView {
  page: PageRecord;
  item: PageItem;
  rights: ItemRights;
  /** Top-level catalog first; empty for a root page. */
  path: CatalogStep[];
  attachmentCount: number;
  /** The live share key; '' when the page has none or the viewer may not manage it. */
  shareKey: string;
}

/**
 * What a page write needs of its item: its id, its name (change log, webhooks) and its type. A save reads
 * it as a plain row (`requireEditRow`); other writes pass the entity they hold.
 */
export type PageWriteItem = Pick<Item, 'id' | 'name' | 'type'> & {
  /** The item's update time as read before the write, where known (`writeItemTouch` may then skip it). */
  lastUpdateAt?: Date;
};

export class PageService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly changeLog: ChangeLogService,
    private readonly settings: SettingsService,
  ) {}

  /**
   * Creates or updates a page. An update keeps the previous version as a history row and increments
   * `version`; with `baseVersion` it refuses to overwrite a newer version, without it the last write wins.
   */
  async save(
    viewer: Viewer,
    input: SavePageInput,
    options: SavePageOptions & { record: true },
  ): Promise<Page | PageRecord>;
  async save(
    viewer: Viewer,
    input: SavePageInput,
    options?: SavePageOptions & { record?: false },
  ): Promise<Page>;
  async save(
    viewer: Viewer,
    input: SavePageInput,
    options: SavePageOptions = {},
  ): Promise<Page | PageRecord> {
    const user = viewer.requireUser();
    if (!input.content) throw new DomainError('PageContentRequired');
    checkNotifyText(input.notifyText);
    const { item, rights } = await this.policy.requireEditRow(viewer, input.itemId);
    // A spreadsheet page holds ShowDoc's sheet JSON within the size limits (issue #20); the one parse
    // that checks it also gives the cell text search indexes.
    const searchText = item.type === ItemType.Spreadsheet ? checkedSheetText(input.content) : null;
    // An update may leave the title alone; a new page needs one.
    const title = input.title?.trim();
    if (input.title !== undefined && !title) throw new DomainError('PageTitleRequired');
    if (title && title.length > PAGE_TITLE_MAX) throw new DomainError('NameTooLong');

    // The top-level catalog above each catalog this save checks, read once: the target catalog's path
    // gives its own, and an update usually stays in the page's catalog.
    const tops = new Map<number, number>();
    const topOf = async (of: Catalog | null): Promise<number | null> => {
      if (!of) return null;
      if (!tops.has(of.id)) tops.set(of.id, (await this.topOf(item, of))!);
      return tops.get(of.id)!;
    };
    let catalog: Catalog | null | undefined;
    if (input.catalogId === undefined) catalog = undefined;
    else if (!input.catalogId) catalog = null;
    else {
      // Ids only: the save writes the catalog's id, and the held entity or a reference stands for it.
      const path = await loadCatalogChainIds(this.em, item.id, input.catalogId);
      if (!path && !options.unknownCatalogAsRoot) throw new DomainError('CatalogNotFound');
      catalog = path ? this.em.getReference(Catalog, path[path.length - 1]!) : null;
      if (path && catalog) tops.set(catalog.id, path[0]!);
    }
    if (catalog !== undefined) requireWritableScope(rights, await topOf(catalog), 'page');

    if (!input.id) {
      if (!title) throw new DomainError('PageTitleRequired');
      return this.create(writerOf(user), item, title, catalog ?? null, input);
    }

    // The page is read once, locked, inside the save's transaction: these checks run on that row.
    const saved = await this.update(
      writerOf(user),
      item,
      input.id,
      title,
      catalog,
      input,
      searchText,
      async (page) => {
        if (page.itemId !== item.id) throw new DomainError('PageNotInItem');
        // The catalog path is read only for a scoped member: owners and most editors write anywhere.
        if (writesAreScoped(rights)) {
          const pageCatalog = page.catalogId ? this.em.getReference(Catalog, page.catalogId) : null;
          requireWritableScope(rights, await topOf(pageCatalog), 'page');
        }
        if (page.isDraft && page.authorId !== viewer.userId) throw new DomainError('PageDraft');
      },
    );
    return options.record ? pageRecordOfSaved(saved, user) : this.savedEntity(saved, catalog, user);
  }

  /**
   * Creates or updates a page of the item an open-API key opened (the policy checked the key): the same
   * history, change log and search index as any save, authored by 'API'. Content may be empty here, as
   * scripts may document an empty page.
   */
  async saveByApiKey(access: ApiKeyAccess, input: ApiPageInput): Promise<Page> {
    const { item } = access;
    const searchText = item.type === ItemType.Spreadsheet ? checkedSheetText(input.content) : null;
    const title = input.title.trim();
    if (!title) throw new DomainError('PageTitleRequired');
    if (title.length > PAGE_TITLE_MAX) throw new DomainError('NameTooLong');
    const fields: SavePageInput = { itemId: item.id, content: input.content, sNumber: input.sNumber };
    if (!input.id) return this.create(API_WRITER, item, title, input.catalog, fields);
    const saved = await this.update(
      API_WRITER,
      item,
      input.id,
      title,
      input.catalog,
      fields,
      searchText,
      async (page) => {
        if (page.itemId !== item.id) throw new DomainError('PageNotFound');
      },
    );
    return this.savedEntity(saved, input.catalog, null);
  }

  /**
   * Copies a page the viewer may read (its item, catalog scope and drafts as for reading) to an item they
   * may edit, into a catalog there: title, content and page type, as a new page at version 1 with the
   * change log and subscription of any new page. Single-page and spreadsheet items take no second page.
   */
  async copy(viewer: Viewer, input: CopyPageInput): Promise<Page> {
    const user = viewer.requireUser();
    const { page: source } = await this.readable(viewer, input.pageId);
    const { item, rights } = await this.policy.requireEdit(viewer, input.toItemId);
    if (item.type === ItemType.SinglePage || item.type === ItemType.Spreadsheet) {
      throw new DomainError('ItemTypeInvalid', {
        en: 'Pages are copied into regular and API items only',
        zh: '只能复制页面到常规项目或 API 项目',
      });
    }
    const title = (input.title ?? source.title).trim();
    if (!title) throw new DomainError('PageTitleRequired');
    if (title.length > PAGE_TITLE_MAX) throw new DomainError('NameTooLong');
    let catalog: Catalog | null = null;
    if (input.catalogId) {
      const path = await loadCatalogPath(this.em, item.id, input.catalogId);
      if (!path) throw new DomainError('CatalogNotFound');
      catalog = path[path.length - 1]!;
    }
    requireWritableScope(rights, await this.topOf(item, catalog), 'page');
    return this.create(writerOf(user), item, title, catalog, {
      itemId: item.id,
      content: source.content,
      extInfo: source.extInfo,
    });
  }

  /**
   * A readable page with its catalog path; other items, scopes and drafts are refused. Read lean (issue #14):
   * one query for the page, its item, attachment count, share link and path, no entity.
   */
  async info(viewer: Viewer, pageId: number, now = new Date()): Promise<PageView> {
    const read = pageId > 0 ? await readPage(this.em, pageId) : null;
    if (!read) throw new DomainError('PageNotFound');
    const { page, item, attachmentCount, link, path } = read;
    const rights = await this.readRights(viewer, item, page, path);
    // The key goes only to those who may manage the link (issue #15): a reader would pass it on.
    const mayShare = maySharePage(rights, path?.[0]?.id ?? null);
    const live = link && (!link.expiresAt || link.expiresAt > now);
    const shareKey = mayShare && live ? link.uniqueKey : '';
    return { page, item, rights, path: path ?? [], attachmentCount, shareKey };
  }

  /**
   * A live page the viewer may read (item visit rights, catalog scope, drafts of others refused), for
   * every read path but `info`: history, diff, lock state, comments.
   */
  async readable(
    viewer: Viewer,
    pageId: number,
  ): Promise<{ page: Page; item: Item; rights: ItemRights; path: Catalog[] }> {
    const page = pageId > 0 ? await this.em.findOne(Page, { id: pageId, deletedAt: null }) : null;
    if (!page) throw new DomainError('PageNotFound');
    const item = await this.policy.findItem(page.item.id);
    if (!item) throw new DomainError('PageNotFound');
    const path = page.catalog ? await loadCatalogPath(this.em, item.id, page.catalog.id) : [];
    const rights = await this.readRights(viewer, item, page, path);
    return { page, item, rights, path: path ?? [] };
  }

  /**
   * The one rule of every page read, on the page's item and its catalog path (null: a broken chain, which
   * has no top-level catalog a scope could contain): the item's visit rights (a locked item says which,
   * for the web app's password screen), then the catalog scope, then drafts of others.
   */
  private async readRights(
    viewer: Viewer,
    item: PolicyItem,
    page: { isDraft: boolean; author: { id: number } | null },
    path: Array<{ id: number }> | null,
  ): Promise<ItemRights> {
    if (item.deletedAt) throw new DomainError('PageNotFound');
    const rights = await this.policy.rights(viewer, item);
    if (!rights.visit) {
      if (rights.loginRequired) throw new DomainError('ForceLogin');
      throw item.password
        ? new DomainError('PagePasswordRequired', undefined, { itemId: item.id })
        : new DomainError('PageVisitDenied');
    }
    const top = path === null ? -1 : (path[0]?.id ?? null);
    if (!pageVisibleInScope(rights, top)) throw new DomainError('PageVisitDenied');
    if (page.isDraft && (!page.author || page.author.id !== viewer.userId))
      throw new DomainError('PageDraft');
    return rights;
  }

  /**
   * `readable`, asked afresh with nothing remembered from earlier: for a subscription, whose subscriber may
   * be removed from the item or re-scoped while it lasts.
   */
  async readableAfresh(viewer: Viewer, pageId: number): ReturnType<PageService['readable']> {
    this.em.clear();
    this.policy.forget();
    return this.readable(viewer, pageId);
  }

  /**
   * A live page the viewer may write (edit rights on its item, inside a catalog scope, not another
   * user's draft), for the page's side writes: locks, share links, history notes. With `itemId`, the page
   * must belong to that item (ShowDoc clients send both).
   */
  async writable(
    viewer: Viewer,
    pageId: number,
    itemId?: number,
  ): Promise<{ page: Page; item: Item; rights: ItemRights }> {
    const page = pageId > 0 ? await this.em.findOne(Page, { id: pageId, deletedAt: null }) : null;
    if (!page) throw new DomainError('PageNotFound');
    if (itemId !== undefined && page.item.id !== itemId) throw new DomainError('PageNotInItem');
    const { item, rights } = await this.policy.requireEdit(viewer, page.item.id);
    requireWritableScope(rights, await this.topOf(item, page.catalog), 'page');
    if (page.isDraft && page.author?.id !== viewer.userId) throw new DomainError('PageDraft');
    return { page, item, rights };
  }

  /** How many versions of a page its history shows (the site's `history_version_count`). */
  historyKeep(): Promise<number> {
    return historyToKeep(this.settings);
  }

  /**
   * The catalogs above a page already shown to the viewer, top first: plain rows through the lean reader
   * (a saved page's answer asks for them; entities were ~4 % of a GraphQL save, issue #14).
   */
  async catalogPath(itemId: number, catalogId: number | null): Promise<CatalogStep[]> {
    return catalogId ? ((await loadCatalogSteps(this.em, itemId, catalogId)) ?? []) : [];
  }

  /**
   * Sends a page to the recycle bin. Allowed to the item's managers and to the page's last editor
   * while they may edit the item (compat-data §10.5; ShowDoc also let former members delete).
   */
  async delete(viewer: Viewer, pageId: number, now = new Date()): Promise<void> {
    const page = pageId > 0 ? await this.em.findOne(Page, { id: pageId, deletedAt: null }) : null;
    if (!page) throw new DomainError('PageNotFound');
    const user = viewer.requireUser();
    const access = await this.policy.requireManage(viewer, page.item.id).catch(async (err: unknown) => {
      if (!(err instanceof DomainError) || err.codeName !== 'ItemManageDenied') throw err;
      // Not a manager: the last editor may still delete while they may edit (archived items refuse).
      const edit = await this.policy.requireEdit(viewer, page.item.id).catch((editErr: unknown) => {
        throw editErr instanceof DomainError && editErr.codeName === 'ItemArchived' ? editErr : err;
      });
      if (page.author?.id !== user.id) throw err;
      return edit;
    });
    const { item, rights } = access;
    requireWritableScope(rights, await this.topOf(item, page.catalog), 'page');
    await this.moveToRecycleBin(writerOf(user), item, page, now);
  }

  /** Deletes a page of the item an open-API key opened: to the recycle bin, deleted by 'API'. */
  async deleteByApiKey(access: ApiKeyAccess, pageId: number, now = new Date()): Promise<Page> {
    const page = pageId > 0 ? await this.em.findOne(Page, { id: pageId, deletedAt: null }) : null;
    if (!page || page.item.id !== access.item.id) {
      throw new DomainError('PageNotFound', {
        en: 'The page does not exist or belongs to another item',
        zh: '页面不存在或不属于该项目',
      });
    }
    await this.moveToRecycleBin(API_WRITER, access.item, page, now);
    return page;
  }

  /**
   * Under the page's row lock, like a save, with native statements only: a transaction the database broke
   * off for contention (a deadlock on MariaDB, SQLite busy) simply runs again. The item's update time is
   * written after the commit, as a save does.
   */
  private async moveToRecycleBin(writer: PageWriter, item: Item, page: Page, now: Date): Promise<void> {
    this.em.getUnitOfWork().merge(item);
    await inTransaction(
      this.em,
      async () => {
        const stored = await this.em.findOne(
          Page,
          { id: page.id },
          { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
        );
        if (!stored || stored.deletedAt) throw new DomainError('PageNotFound');
        await this.em.nativeUpdate(Page, { id: stored.id }, { deletedAt: now });
        const entry = {
          item: item.id,
          title: stored.title,
          deletedBy: writer.user?.id ?? null,
          deletedByName: writer.name,
          deletedAt: now,
          deletedWithCatalogId: null,
        };
        const updated = await this.em.nativeUpdate(RecycleEntry, { page: stored.id }, entry);
        if (!updated) {
          await this.em.insert(
            this.em.create(RecycleEntry, { ...entry, page: stored.id, createdAt: now }, { persist: false }),
          );
        }
        stored.deletedAt = now;
        this.em.getUnitOfWork().merge(stored);
        await menuChanged(this.em, item.id);
        await this.changeLog.append(item, writer.user, {
          action: 'delete',
          objectType: 'page',
          objectId: stored.id,
          objectName: stored.title,
          remark: remarkOf(writer),
        });
      },
      { retryOnContention: true },
    );
    page.deletedAt = now;
    await this.touchItem(item, page.title, now, false);
  }

  /** Sets the order of pages of one item; ids of other items or deleted pages are ignored. */
  async sort(
    viewer: Viewer,
    itemId: number,
    order: Array<{ pageId: number; sNumber: number }>,
  ): Promise<number> {
    const { item, rights } = await this.policy.requireEdit(viewer, itemId);
    const ids = order.map((o) => o.pageId).filter((id) => Number.isSafeInteger(id) && id > 0);
    if (!ids.length) return 0;
    const pages = await this.em.find(Page, { id: { $in: ids }, item, deletedAt: null });
    const byId = new Map(pages.map((p) => [p.id, p]));
    const changed: Array<{ page: Page; sNumber: number }> = [];
    for (const { pageId, sNumber } of order) {
      const page = byId.get(pageId);
      if (!page || page.sNumber === sNumber) continue;
      requireWritableScope(rights, await this.topOf(item, page.catalog), 'page');
      changed.push({ page, sNumber });
    }
    if (!changed.length) return 0;
    await inTransaction(this.em, async () => {
      for (const { page, sNumber } of changed) page.sNumber = sNumber;
      await this.em.flush();
      await menuChanged(this.em, item.id);
    });
    return changed.length;
  }

  /**
   * Inserts a new page with native statements only, so a transaction the database broke off for
   * contention (a deadlock on MySQL, SQLite busy) simply runs again: each attempt builds its rows afresh
   * and the entity joins the unit of work only once its transaction committed.
   */
  private async create(
    writer: PageWriter,
    item: PageWriteItem,
    title: string,
    catalog: Catalog | null,
    input: SavePageInput,
  ): Promise<Page> {
    const { user } = writer;
    await checkPageLimit(this.em, this.settings, item, 1);
    const touchInside = this.touchesInTransaction();
    const page = await inTransaction(
      this.em,
      async () => {
        const now = new Date();
        const page = this.em.create(
          Page,
          {
            item: this.em.getReference(Item, item.id),
            catalog,
            title,
            content: input.content,
            comments: (input.comments ?? '').slice(0, PAGE_COMMENTS_MAX),
            sNumber: input.sNumber ?? DEFAULT_S_NUMBER,
            isDraft: input.isDraft ?? false,
            extInfo: input.extInfo || runApiExtInfo(item, input.content),
            author: user,
            authorName: writer.name,
            createdAt: now,
            updatedAt: now,
          },
          { persist: false },
        );
        // What the entity's create hook and the search index's flush hook would do for a flushed page.
        page.keepSearchText();
        // Its plain text (search snippets, issue #22) in the same INSERT, a long page's after the commit;
        // the embedded database's index thread reads it instead.
        const plainText = plainTextInSearchIndex(this.em)
          ? undefined
          : plainTextInline(page.content, page.searchText);
        if (plainText !== undefined) page.plainText = plainText;
        page.id = (await this.em.insert(page)) as number;
        await reindexPages(this.em, [page.id]);
        if (plainText === null) pageContentChanged(this.em, [page.id]);
        // The creator follows the page's updates, as in ShowDoc.
        if (user) {
          await this.em.insert(
            this.em.create(Subscription, { user, page, actionType: 'update' }, { persist: false }),
          );
        }
        await menuChanged(this.em, item.id);
        await this.changeLog.append(item, user, {
          action: 'create',
          objectType: 'page',
          objectId: page.id,
          objectName: page.title,
          remark: remarkOf(writer),
        });
        if (touchInside) await this.writeItemTouch(item, itemTouch(item, title, now, true));
        return page;
      },
      { retryOnContention: true },
    );
    // Committed: the page is what is stored, with nothing left for a later flush to write.
    this.em.getUnitOfWork().merge(page);
    await this.touchItem(item, title, page.createdAt, true, touchInside);
    return page;
  }

  /**
   * Writes a new version of `page` under its row lock, so saves of one page queue up (the last one wins,
   * every one lands in history) and a `baseVersion` has exactly one winner. The lock is taken before any
   * insert whose foreign key check share-locks the item, and on MariaDB the item's update time is written
   * after the commit: saves of different pages of one item share the item row and never deadlock on it. Plain
   * statements with bindings only (no query builder, no entity until the commit: issue #14), so a
   * transaction the database broke off for contention simply runs again.
   */
  private async update(
    writer: PageWriter,
    item: PageWriteItem,
    pageId: number,
    newTitle: string | undefined,
    catalog: Catalog | null | undefined,
    input: SavePageInput,
    /** The cell text of a spreadsheet page's new content (null for other pages), from the checking parse. */
    searchText: string | null,
    /** The caller's checks of the stored page (its item, scope, draft state), run on the locked row. */
    check: (stored: LockedPage) => Promise<void>,
  ): Promise<SavedPage> {
    const { user } = writer;
    const now = new Date();
    // The commit flushes the unit of work; on SQLite a loaded datetime compares unequal to its own
    // snapshot, so the untouched item and user rows would be rewritten (and locked) by every save.
    const heldItem = this.heldItem(item);
    if (heldItem) this.em.getUnitOfWork().merge(heldItem);
    if (user) this.em.getUnitOfWork().merge(user);
    const sql = nativeSql(this.em);
    const touchInside = this.touchesInTransaction();
    const saved = await inTransaction(
      this.em,
      async () => {
        const stored = await lockPage(sql, pageId);
        if (!stored || stored.deleted_at !== null) throw new DomainError('PageNotFound');
        await check(lockedPage(stored));
        if (input.baseVersion !== undefined && input.baseVersion !== stored.version) {
          throw versionConflict(stored.version);
        }
        // The version being replaced, as it was saved (its time is ShowDoc's history `addtime`).
        await sql.run(
          `insert into page_history (created_at, page_id, item_id, catalog_id, title, content, comments, ` +
            `author_id, author_name, version) select updated_at, id, item_id, catalog_id, title, content, ` +
            `comments, author_id, author_name, version from page where id = ?`,
          [stored.id],
        );
        const changes = pageChanges(stored, {
          title: newTitle ?? stored.title,
          content: input.content,
          searchText,
          plainTextInRow: !plainTextInSearchIndex(this.em),
          comments: (input.comments ?? '').slice(0, PAGE_COMMENTS_MAX),
          ...(catalog !== undefined && { catalogId: catalog?.id ?? null }),
          ...(input.sNumber !== undefined && { sNumber: input.sNumber }),
          ...(input.isDraft !== undefined && { isDraft: input.isDraft }),
          ...(input.extInfo !== undefined && {
            extInfo: input.extInfo || runApiExtInfo(item, input.content),
          }),
          authorId: user?.id ?? null,
          authorName: writer.name,
          updatedAt: now,
          version: stored.version + 1,
        });
        await sql.run(`update page set ${changes.columns.join(', ')} where id = ?`, [
          ...changes.values,
          stored.id,
        ]);
        // A native update passes by the search index's flush hook (MySQL): queue the page for it here.
        if (changes.textChanged) await reindexPages(this.em, [stored.id]);
        if (changes.plainTextLater) pageContentChanged(this.em, [stored.id]);
        // Title, catalog, order, draft state, editor and time all show in the menu.
        await menuChanged(this.em, item.id);
        // History rows of a page never outnumber its earlier versions: most saves have nothing to trim, and
        // past `keep` one save in HISTORY_TRIM_EVERY trims (readers see the newest `keep`). The setting is
        // read only then: under a burst of saves every commit ends what a request may keep of it.
        if (historyTrimDue(stored.version)) {
          const keep = await historyToKeep(this.settings);
          if (stored.version > keep) await trimHistory(this.em, stored.id, keep);
        }
        await this.changeLog.append(item, user, {
          action: 'update',
          objectType: 'page',
          objectId: stored.id,
          objectName: changes.row.title,
          remark: remarkOf(writer),
        });
        if (input.notifyText !== undefined && user) {
          const page = this.em.merge(Page, pageData(changes.row, catalog, user), { refresh: true });
          const subscribers = await pageSubscribers(this.em, page);
          await notifySubscribers(this.em, page, user, input.notifyText, subscribers);
          afterCommit(this.em).queue('pageNotified', {
            pageId: stored.id,
            itemId: item.id,
            fromUserId: user.id,
            toUserIds: subscribers.map((s) => s.user.id),
          });
        }
        if (touchInside) await this.writeItemTouch(item, itemTouch(item, changes.row.title, now, true));
        return changes.row;
      },
      { retryOnContention: true, groupCommit: true },
    );
    await this.touchItem(item, saved.title, now, true, touchInside);
    return saved;
  }

  /** A committed save's row as an entity of this request: it holds what is stored, nothing left to flush. */
  private savedEntity(saved: SavedPage, catalog: Catalog | null | undefined, author: User | null): Page {
    return this.em.merge(Page, pageData(saved, catalog, author), { refresh: true });
  }

  /**
   * Page writes bump the item's update time; a single-page item is named after its page. On MariaDB one
   * statement after the page's commit (inside a caller's transaction, at its end): it locks only the item
   * row and never while holding another lock a concurrent save could be waiting for. The embedded database
   * has one writer at a time and no row locks, so a save writes it as its transaction's last statement
   * (`touchesInTransaction`, `writeItemTouch`) and `written` says so: one commit per save instead of two.
   */
  private async touchItem(
    item: PageWriteItem,
    title: string,
    now: Date,
    rename = true,
    written = false,
  ): Promise<void> {
    const changes = itemTouch(item, title, now, rename);
    if (!written) await this.writeItemTouch(item, changes);
    Object.assign(item, changes);
    // The item's entity, where this request holds one, shows the same.
    const entity = this.heldItem(item);
    if (entity) {
      if (entity !== item) Object.assign(entity, changes);
      this.em.getUnitOfWork().merge(entity);
    }
  }

  /**
   * The statement of `touchItem`, left out when the item was read with an update time in the same second
   * as this write: the stored time only moves forward, so it is in that second already, and ShowDoc's wire
   * and the web app show it to the second. Saves of an item's pages in a burst write the item row once a
   * second instead of every time (on MariaDB a commit of its own each: issue #14).
   */
  private async writeItemTouch(item: PageWriteItem, changes: ItemTouch): Promise<void> {
    if (changes.name === undefined && sameSecondOrLater(item.lastUpdateAt, changes.lastUpdateAt)) return;
    // A later save of another page may have committed first: the update time never goes back.
    await nativeSql(this.em).run(
      changes.name !== undefined
        ? 'update item set last_update_at = ?, name = ? where id = ?'
        : 'update item set last_update_at = ? where id = ? and last_update_at < ?',
      changes.name !== undefined
        ? [changes.lastUpdateAt, changes.name, item.id]
        : [changes.lastUpdateAt, item.id, changes.lastUpdateAt],
    );
  }

  /** Whether a save writes the item's update time inside its own transaction (see `touchItem`). */
  private touchesInTransaction(): boolean {
    return nativeSql(this.em).dialect === 'sqlite';
  }

  /** The loaded entity of `item` in this request's unit of work: `item` itself, or none for a plain row. */
  private heldItem(item: PageWriteItem): Item | null {
    const entity = item instanceof Item ? item : this.em.getUnitOfWork().getById<Item>(Item.name, item.id);
    return entity && wrap(entity).isInitialized() ? entity : null;
  }

  /** The top-level catalog above a catalog of `item` (-1 when its chain is broken), null at the root. */
  private async topOf(item: Pick<Item, 'id'>, catalog: Catalog | null): Promise<number | null> {
    if (!catalog) return null;
    const path = await loadCatalogChainIds(this.em, item.id, catalog.id);
    return path ? path[0]! : -1;
  }
}

/** Whether `known` is in the second of `now` or after it (false when unknown). */
function sameSecondOrLater(known: Date | undefined, now: Date): boolean {
  if (!(known instanceof Date)) return false;
  return known.getTime() >= now.getTime() - (now.getTime() % 1000);
}

/** What a page write changes on its item. */
interface ItemTouch {
  lastUpdateAt: Date;
  name?: string;
}

function itemTouch(item: PageWriteItem, title: string, now: Date, rename: boolean): ItemTouch {
  return rename && item.type === ItemType.SinglePage
    ? { lastUpdateAt: now, name: title.slice(0, 200) }
    : { lastUpdateAt: now };
}

/** Change-log entries of open-API writes say so in their remark (they have no user). */
function remarkOf(writer: PageWriter): string {
  return writer.user ? '' : writer.name;
}

function versionConflict(version: number): DomainError {
  return new DomainError(
    'VersionConflict',
    {
      en: `Someone saved this page after you opened it (now at version ${version})`,
      zh: `页面已被他人修改（当前版本 ${version}）`,
    },
    { currentVersion: version },
  );
}

/**
 * RunApi items (type 3) describe an API document in `ext_info` when the client leaves it empty
 * (compat-api §5.2): websocket, sse, or an HTTP method.
 */
export function runApiExtInfo(item: Pick<Item, 'type'>, content: string): string {
  if (item.type !== ItemType.ApiClient) return '';
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    return '';
  }
  const info = doc && typeof doc === 'object' && 'info' in doc ? doc.info : null;
  if (!info || typeof info !== 'object' || !('url' in info) || !info.url) return '';
  const type = 'type' in info ? String(info.type) : '';
  if (type === 'websocket' || type === 'sse') return JSON.stringify({ page_type: type, api_info: { type } });
  const method = 'method' in info && info.method ? String(info.method) : 'GET';
  return JSON.stringify({ page_type: 'api', api_info: { method } });
}
