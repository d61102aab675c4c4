import { DomainError, showdocSnippet, snippetText, type FoundPage } from '../../../api/src/domain';
import { action } from '../action';
import { pageRow, type Row } from '../presenters/document';
import { int, str } from '../params';
import { escapeHtml, RawJson } from '../wire';

/**
 * `item/search` (compat-api §3.15): pages of one item containing the keyword, drafts left out (even the
 * caller's own), each a PageRow without its content plus ShowDoc's `search_content` snippet, cut with
 * ShowDoc's window from the HTML-escaped text of the page as readers see it (issue #22; the source when
 * that text is not written yet or the match is only in the markup). Unlike ShowDoc, `<b>` or `"` are found: Quire
 * matches the content as written, not its escaped form.
 */
export const itemSearch = action({
  auth: 'login',
  params: { item_id: int(), keyword: str() },
  async handle({ services, viewer }, p) {
    const keyword = p.keyword.trim();
    if (p.item_id <= 0 || !keyword) throw new DomainError('BadInput');
    const { item, pages } = await services.search
      .searchItem(viewer, p.item_id, keyword, { drafts: 'none', plainText: true })
      .catch((err: unknown) => {
        if (!(err instanceof DomainError)) throw err;
        if (err.codeName === 'ItemVisitDenied') {
          throw new DomainError('NoPermission', { en: 'You may not read this item', zh: '没有权限' });
        }
        if (err.codeName === 'ItemNotFound') {
          throw new DomainError('ItemNotFound', { en: 'The item does not exist', zh: '项目不存在' });
        }
        throw err;
      });
    return {
      item_id: item.id,
      item_name: item.name,
      pages: pagesJson(pages, keyword, item.name),
    };
  },
});

/**
 * The answer's `pages` as JSON text, kept while the search cache keeps the result (one array per item,
 * keyword and versions) and the item keeps its name: escaping every hit's text for its snippet, then
 * serialising the rows, was most of a repeated search's cost (issue #14).
 */
const textsByResult = new WeakMap<FoundPage[], { itemName: string; json: RawJson }>();

function pagesJson(pages: FoundPage[], keyword: string, itemName: string): RawJson {
  const kept = textsByResult.get(pages);
  if (kept?.itemName === itemName) return kept.json;
  const rows = pages.map((page): Row => {
    const { page_content: _content, ...row } = pageRow(page);
    return {
      ...row,
      item_id: page.item.id,
      search_content: showdocSnippet(escapeHtml(snippetText(page, keyword)), escapeHtml(keyword)),
      item_name: itemName,
    };
  });
  const json = new RawJson(JSON.stringify(rows));
  textsByResult.set(pages, { itemName, json });
  return json;
}
