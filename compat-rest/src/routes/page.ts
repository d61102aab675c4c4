import { convertSqlToMarkdown, DomainError, type Viewer } from '../../../api/src/domain';
import type { Page, PageHistory } from '../../../db/src';
import { action, type Controller } from '../action';
import { refuseForbiddenDecoded } from '../input-guard';
import { optionalInt, phpUrldecode } from '../document-wire';
import { pageRow } from '../presenters/document';
import { optionalStr, phpTruthy, unescapeHtml } from '../form-values';
import { int, str } from '../params';
import { escapeHtml, localTime, s, ts, type Wire } from '../wire';

/** ShowDoc's title for a page saved without one. */
export const DEFAULT_PAGE_TITLE = '默认标题';

/** `page/history`'s content: HTML-escaped except quotes (ShowDoc decoded, then escaped `& < >` only). */
function escapeNoQuotes(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A page_history row. Quire keeps no order number or ext_info per version: the page's current ones are
 * sent. `cat_id` is where the page was then.
 */
function historyRow(version: PageHistory, page: Page, time: 'ts' | 'local', content: string): Wire {
  return {
    page_history_id: s(version.id),
    page_id: s(page.id),
    author_uid: s(version.author?.id ?? 0),
    author_username: version.authorName,
    item_id: s(version.item.id),
    cat_id: s(version.catalogId ?? 0),
    page_title: version.title,
    page_content: content,
    s_number: s(page.sNumber),
    addtime: time === 'local' ? localTime(version.createdAt) : ts(version.createdAt),
    page_comments: version.comments,
    ext_info: page.extInfo,
  };
}

/** ShowDoc answers an anonymous caller of these `opt` endpoints with 10101, not with a login error. */
function requireEditor(viewer: Viewer): void {
  if (!viewer.isLoggedIn) {
    throw new DomainError('ItemEditDenied', { en: 'You may not edit this item', zh: '您没有编辑权限' });
  }
}

export const page: Controller = {
  /**
   * A page with ShowDoc's escaped content. Unlike ShowDoc, a catalog-scoped member is refused pages
   * outside the scope (`您没有访问权限`, the code ShowDoc uses for a refused visit here).
   */
  info: action({
    auth: 'opt',
    params: { page_id: int(), with_path: str() },
    async handle({ services, viewer }, p) {
      const view = await services.pages.info(viewer, p.page_id);
      const row: { [key: string]: Wire } = {
        ...pageRow(view.page, 'local'),
        attachment_count: view.attachmentCount,
        unique_key: view.shareKey,
      };
      if (phpTruthy(p.with_path) && view.path.length) {
        row.full_path = [
          ...view.path.map((c) => ({ cat_id: s(c.id), cat_name: c.name })),
          { page_id: s(view.page.id), page_title: view.page.title },
        ];
      }
      return row;
    },
  }),

  /**
   * Create (`{page_id}`) or update (the page row). Last write wins here, as in ShowDoc; omitted
   * `cat_id` and `ext_info` leave the page's values alone (ShowDoc reset them). An unknown `cat_id` puts
   * the page at the root, as in ShowDoc.
   */
  save: action({
    auth: 'login',
    params: {
      page_id: int(),
      item_id: int(),
      page_title: optionalStr(),
      page_content: str(),
      is_urlencode: int(),
      cat_id: optionalInt(),
      s_number: int(),
      page_comments: str(),
      ext_info: optionalStr(),
      is_draft: int(-1),
      is_notify: int(),
      notify_content: str(),
    },
    async handle({ services, viewer }, p): Promise<Wire> {
      viewer.requireUserId();
      // Checked before decoding, as ShowDoc does.
      if (!p.page_content) throw new DomainError('PageContentRequired');
      const content =
        p.is_urlencode === 1 ? refuseForbiddenDecoded(phpUrldecode(p.page_content)) : p.page_content;
      const saved = await services.pages.save(
        viewer,
        {
          id: p.page_id > 0 ? p.page_id : undefined,
          itemId: p.item_id,
          catalogId: p.cat_id === undefined ? undefined : p.cat_id || null,
          // An update without a title keeps the page's (ShowDoc renamed it 默认标题).
          title: p.page_title?.trim()
            ? p.page_title
            : p.page_id > 0 && p.page_title === undefined
              ? undefined
              : DEFAULT_PAGE_TITLE,
          content,
          comments: p.page_comments,
          isDraft: p.is_draft === 0 || p.is_draft === 1 ? p.is_draft === 1 : undefined,
          sNumber: p.s_number > 0 ? p.s_number : undefined,
          extInfo: p.ext_info,
          // Updates only: every subscriber of the page, the editor included, gets a reminder.
          notifyText: p.is_notify !== 0 ? p.notify_content : undefined,
        },
        { unknownCatalogAsRoot: true, record: true },
      );
      return p.page_id > 0 ? pageRow(saved) : { page_id: saved.id };
    },
  }),

  delete: action({
    auth: 'opt',
    params: { page_id: int() },
    async handle({ services, viewer }, p) {
      // The page is looked up before the login check, as in ShowDoc.
      await services.pages.delete(viewer, p.page_id);
      return [];
    },
  }),

  sort: action({
    auth: 'login',
    params: { item_id: int(), pages: str() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0 || !p.pages) throw new DomainError('BadInput');
      let decoded: unknown;
      try {
        decoded = JSON.parse(unescapeHtml(p.pages));
        refuseForbiddenDecoded(decoded);
      } catch {
        return [];
      }
      if (!decoded || typeof decoded !== 'object' || Array.isArray(decoded)) return [];
      const order = Object.entries(decoded).map(([pageId, sNumber]) => ({
        pageId: int().parse(pageId),
        sNumber: int().parse(sNumber),
      }));
      await services.pages.sort(viewer, p.item_id, order);
      return [];
    },
  }),

  /** The page's earlier versions, newest first (the newest `history_version_count` are kept). */
  history: action({
    auth: 'opt',
    params: { page_id: int() },
    async handle({ services, viewer }, p) {
      const { page, versions } = await services.history.list(viewer, p.page_id);
      return versions.map((v) => historyRow(v, page, 'local', escapeNoQuotes(v.content)));
    },
  }),

  /** The current page beside one version, both as stored (escaped), times as unix seconds. */
  diff: action({
    auth: 'opt',
    params: { page_id: int(), page_history_id: int() },
    async handle({ services, viewer }, p) {
      if (p.page_id <= 0) throw new DomainError('PageNotFound');
      if (p.page_history_id <= 0) throw new DomainError('HistoryNotFound');
      const { page, version } = await services.history.compare(viewer, p.page_id, p.page_history_id);
      return {
        page: pageRow(page),
        history_page: historyRow(version, page, 'ts', escapeHtml(version.content)),
      };
    },
  }),

  /** The note of a version; unlike ShowDoc, the version must belong to the page. */
  updateHistoryComments: action({
    auth: 'opt',
    params: { page_id: int(), page_history_id: int(), page_comments: str() },
    async handle({ services, viewer }, p) {
      requireEditor(viewer);
      if (p.page_id <= 0 || p.page_history_id <= 0) throw new DomainError('BadInput');
      await services.history.updateComments(viewer, p.page_id, p.page_history_id, p.page_comments);
      return { success: true };
    },
  }),

  /**
   * Takes or renews the caller's edit lock until `lock_to` (unix seconds; 30 minutes when absent, two
   * hours at most); a past `lock_to` (the client sends 1000) releases it. Also reached by the beacon a
   * closing page sends (form or multipart body with `user_token`). `{id: 0}` after a release.
   */
  setLock: action({
    auth: 'login',
    params: { page_id: int(), item_id: int(), lock_to: optionalInt() },
    async handle({ services, viewer }, p) {
      const lock = await services.locks.setUntil(viewer, {
        pageId: p.page_id,
        itemId: p.item_id,
        until: p.lock_to === undefined ? undefined : new Date(p.lock_to * 1000),
      });
      return { id: lock?.id ?? 0 };
    },
  }),

  /** Who holds the page's lock; `exceed` is always 0, as in ShowDoc. Needs the right to read the page. */
  isLock: action({
    auth: 'opt',
    params: { page_id: int() },
    async handle({ services, viewer }, p) {
      const state = await services.locks.state(viewer, p.page_id);
      return {
        lock: state.lock ? 1 : 0,
        exceed: 0,
        lock_uid: state.holder ? s(state.holder.id) : '',
        lock_username: state.holder?.username ?? '',
        is_cur_user: state.mine ? 1 : 0,
      };
    },
  }),

  /**
   * Shares the page by a new public link (`isCreateSiglePage` exactly "true", `expire_days` 0, 1, 7, 30
   * or 180), or turns sharing off (anything else: `[]`).
   */
  createSinglePage: action({
    auth: 'opt',
    params: { page_id: int(), isCreateSiglePage: str(), expire_days: int() },
    async handle({ services, viewer }, p) {
      requireEditor(viewer);
      if (p.isCreateSiglePage !== 'true') {
        await services.shares.unshare(viewer, p.page_id);
        return [];
      }
      const link = await services.shares.share(viewer, p.page_id, p.expire_days);
      return {
        unique_key: link.uniqueKey,
        page_id: link.page.id,
        expire_time: link.expiresAt ? Math.floor(link.expiresAt.getTime() / 1000) : 0,
      };
    },
  }),

  /** A shared page by its key, for anyone: the page alone (no item or catalog id). */
  infoByKey: action({
    // A token is read (not required) so a site with force_login still opens links for signed-in readers.
    auth: 'opt',
    params: { unique_key: str() },
    async handle({ services, viewer }, p) {
      const { page, link, attachmentCount } = await services.shares.open(p.unique_key, new Date(), viewer);
      // The share link reveals nothing of the item around the page.
      const row = pageRow(page);
      delete row.item_id;
      delete row.cat_id;
      return {
        ...row,
        addtime: localTime(page.updatedAt),
        attachment_count: attachmentCount,
        expire_time: link.expiresAt ? Math.floor(link.expiresAt.getTime() / 1000) : 0,
      };
    },
  }),

  sqlToMarkdownTable: action({
    auth: 'login',
    params: { sql: str() },
    async handle(ctx, p) {
      return { markdown: await convertSqlToMarkdown(ctx.viewer, p.sql) };
    },
  }),
};
