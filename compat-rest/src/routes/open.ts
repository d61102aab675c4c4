// compat-api §18: the open API for scripts and CI (RunApi, showdoc_api.sh), authenticated by an item's
// api_key + api_token instead of a login. Values arrive as ShowDoc's scripts send them and may already be
// HTML-escaped: they are unescaped once here and stored as plain text.
import { DomainError, type OpenApiKey, type OpenApiTreeCatalog } from '../../../api/src/domain';
import type { Page } from '../../../db/src';
import { action, type Controller } from '../action';
import { optionalInt } from '../document-wire';
import { catalogRow, pageRow, wireLevel } from '../presenters/document';
import { unescapeHtml } from '../form-values';
import { int, str } from '../params';
import { escapeHtml, s, type Wire } from '../wire';

const keyParams = { api_key: str(), api_token: str() };
const keyOf = (p: { api_key: string; api_token: string }): OpenApiKey => ({
  apiKey: p.api_key,
  apiToken: p.api_token,
});

/** A page of the export tree: `page_id, page_title, cat_id, page_content, s_number, page_comments`. */
function treePageRow(page: Page): Wire {
  return {
    page_id: s(page.id),
    page_title: page.title,
    cat_id: s(page.catalog?.id ?? 0),
    page_content: escapeHtml(page.content),
    s_number: s(page.sNumber),
    page_comments: page.comments,
  };
}

function treeCatalogRow(node: OpenApiTreeCatalog): Wire {
  return {
    cat_id: s(node.catalog.id),
    cat_name: node.catalog.name,
    parent_cat_id: s(node.catalog.parent?.id ?? 0),
    level: wireLevel(node.level),
    s_number: s(node.catalog.sNumber),
    pages: node.pages.map(treePageRow),
    catalogs: node.catalogs.map(treeCatalogRow),
  };
}

/**
 * Creates or updates the page titled `page_title` in the catalog path `cat_name` (`A/B/C`, created as
 * needed; `cat_name_sub` is appended, as ShowDoc's older scripts send it). A second run with the same
 * title updates the page instead of adding one, whatever characters the title holds. `s_number` left out
 * keeps the page's order (ShowDoc reset it to 99).
 */
export const updatePage = action({
  auth: 'anon',
  params: {
    ...keyParams,
    page_title: str(),
    page_content: str(),
    cat_name: str(),
    cat_name_sub: str(),
    s_number: optionalInt(),
  },
  async handle({ services }, p) {
    const catalogPath = p.cat_name_sub ? `${p.cat_name}/${p.cat_name_sub}` : p.cat_name;
    const page = await services.openApi.updatePage(keyOf(p), {
      title: unescapeHtml(p.page_title),
      content: unescapeHtml(p.page_content),
      catalogPath: unescapeHtml(catalogPath),
      sNumber: p.s_number,
    });
    return pageRow(page, 'local');
  },
});

/** `open/fromComments` (= `fromComments/generate`): compat-api §18.3. */
export const fromComments = action({
  auth: 'anon',
  params: { ...keyParams, content: str() },
  async handle({ services, reply }, p) {
    let text: string;
    try {
      const source = unescapeHtml(p.content).replace(/_this_and_change_/g, '&');
      const pages = await services.openApi.updateFromComments(keyOf(p), source);
      text = pages.length ? '\n 成功 \n\n ' : '失败';
    } catch (err) {
      if (!(err instanceof DomainError) || err.codeName === 'PageLimit') throw err;
      text = err.codeName === 'ApiKeyMismatch' ? `\n${err.localized('zh')}\n\n` : '失败';
    }
    await reply.type('text/plain; charset=utf-8').send(text);
  },
});

export const open: Controller = {
  updatePage,
  /** ShowDoc's older name. */
  updateItem: updatePage,

  /**
   * The database dictionary of `showdoc_db.sh`: one page per table. Answers plain text as ShowDoc does
   * (`成功` / `失败`, or the key mismatch); a full item answers the JSON error 10100.
   */
  updateDbItem: action({
    auth: 'anon',
    params: {
      ...keyParams,
      cat_name: str(),
      s_number: optionalInt(),
      table_info: str(),
      table_detail: str(),
      table_index: str(),
    },
    async handle({ services, reply }, p) {
      let text: string;
      try {
        const pages = await services.openApi.updateDbDictionary(keyOf(p), {
          dump: { tableInfo: p.table_info, tableDetail: p.table_detail, tableIndex: p.table_index },
          catalogPath: unescapeHtml(p.cat_name.replace(/\r?\n/g, '')),
          sNumber: p.s_number,
        });
        text = pages.length ? '成功\n' : '失败\n';
      } catch (err) {
        if (!(err instanceof DomainError) || err.codeName === 'PageLimit') throw err;
        text = err.codeName === 'ApiKeyMismatch' ? `\n${err.localized('zh')}\n` : '失败\n';
      }
      await reply.type('text/plain; charset=utf-8').send(text);
    },
  }),

  /**
   * API docs from code comments, as ShowDoc's `showdoc_api.sh` posts them (raw `--data-binary`, `&` sent
   * as `_this_and_change_`). Plain-text answers as ShowDoc's; a full item answers the JSON error 10100.
   */
  fromComments,

  getPage: action({
    auth: 'anon',
    params: { ...keyParams, page_id: int(), page_title: str() },
    async handle({ services }, p) {
      const page = await services.openApi.getPage(keyOf(p), {
        pageId: p.page_id,
        title: unescapeHtml(p.page_title),
      });
      return pageRow(page, 'local');
    },
  }),

  /** To the recycle bin, deleted by 'API' (ShowDoc named the item owner). */
  deletePage: action({
    auth: 'anon',
    params: { ...keyParams, page_id: int() },
    async handle({ services }, p) {
      const page = await services.openApi.deletePage(keyOf(p), p.page_id);
      return { page_id: page.id };
    },
  }),

  getCatalogTree: action({
    auth: 'anon',
    params: keyParams,
    async handle({ services }, p) {
      const tree = await services.openApi.tree(keyOf(p));
      return { pages: tree.pages.map(treePageRow), catalogs: tree.catalogs.map(treeCatalogRow) };
    },
  }),

  createCatalog: action({
    auth: 'anon',
    params: { ...keyParams, cat_name: str(), parent_cat_id: int(), s_number: int(99) },
    async handle({ services }, p) {
      const catalog = await services.openApi.createCatalog(keyOf(p), {
        name: unescapeHtml(p.cat_name),
        parentId: p.parent_cat_id,
        sNumber: p.s_number,
      });
      return catalogRow(catalog, catalog.level);
    },
  }),

  /** Renames and/or reorders; a field left out stays (ShowDoc reset `s_number` to 0). */
  updateCatalog: action({
    auth: 'anon',
    params: { ...keyParams, cat_id: int(), cat_name: str(), s_number: optionalInt() },
    async handle({ services }, p) {
      const catalog = await services.openApi.updateCatalog(keyOf(p), {
        id: p.cat_id,
        name: unescapeHtml(p.cat_name),
        sNumber: p.s_number,
      });
      return catalogRow(catalog, catalog.level);
    },
  }),

  /** Its pages go to the recycle bin (ShowDoc deleted them beyond recovery). */
  deleteCatalog: action({
    auth: 'anon',
    params: { ...keyParams, cat_id: int() },
    async handle({ services }, p) {
      const catalog = await services.openApi.deleteCatalog(keyOf(p), p.cat_id);
      return { cat_id: catalog.id };
    },
  }),
};
