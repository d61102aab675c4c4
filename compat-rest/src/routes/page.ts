import { DomainError } from '../../../api/src/domain/errors';
import { sqlToMarkdownTable } from '../../../api/src/domain/pages/sql-to-markdown';
import { action, type Controller } from '../action';
import { optionalInt, pageRow, phpUrldecode } from '../document-wire';
import { optionalStr, phpTruthy, unescapeHtml } from '../form-values';
import { int, str } from '../params';
import { s, type Wire } from '../wire';

/** ShowDoc's title for a page saved without one. */
export const DEFAULT_PAGE_TITLE = '默认标题';

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
    },
    async handle({ services, viewer }, p): Promise<Wire> {
      viewer.requireUser();
      // Checked before decoding, as ShowDoc does.
      if (!p.page_content) throw new DomainError('PageContentRequired');
      const content = p.is_urlencode === 1 ? phpUrldecode(p.page_content) : p.page_content;
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
        },
        { unknownCatalogAsRoot: true },
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

  sqlToMarkdownTable: action({
    auth: 'anon',
    params: { sql: str() },
    async handle(_ctx, p) {
      return { markdown: sqlToMarkdownTable(p.sql) };
    },
  }),
};
