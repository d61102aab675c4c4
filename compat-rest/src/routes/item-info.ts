import { loadItemView } from '../../../api/src/domain';
import { ItemType } from '../../../db/src';
import { action } from '../action';
import { AI_CONFIG_DEFAULTS } from '../document-wire';
import { menuJson, searchMenuJson } from '../presenters/document';
import { int, str } from '../params';
import { s, type Wire } from '../wire';

/** A RunApi item's global parameters as ShowDoc creates them empty; other items answer `[]`. */
const RUNAPI_GLOBAL_PARAM: Wire = {
  query: [],
  body: [],
  header: [],
  cookies: [],
  preScript: '',
  postScript: '',
};

/**
 * ShowDoc's `default_cat_id2/3/4` for the catalogs above the default page, top first: its own
 * placement, kept because its web client expands the tree from these (compat-api §3.2).
 */
export function defaultCatIds(path: number[]): { id2: number; id3: number; id4: number } {
  const [a = 0, b = 0, c = 0] = path;
  if (path.length === 1) return { id2: 0, id3: a, id4: 0 };
  if (path.length === 2) return { id2: a, id3: 0, id4: b };
  if (path.length === 3) return { id2: a, id3: b, id4: c };
  return { id2: 0, id3: 0, id4: 0 };
}

/** `item/info`: the item screen's data with the menu (compat-api §3.2), keys in ShowDoc's order. */
export const itemInfo = action({
  auth: 'opt',
  params: {
    item_id: str(),
    item_domain: str(),
    page_id: int(),
    default_page_id: int(),
    keyword: str(),
  },
  async handle({ services, viewer }, p): Promise<Wire> {
    const key = p.item_id.trim() || p.item_domain.trim();
    const view = await loadItemView(services, viewer, {
      item: key,
      defaultPageId: p.default_page_id,
      keyword: p.keyword,
    });
    const { item, rights, menu } = view;
    const defaults = defaultCatIds(menu.defaultCatalogPath);
    return {
      item_id: s(item.id),
      item_domain: item.domain ?? '',
      is_archived: s(item.isArchived),
      item_name: item.name,
      default_page_id: s(p.default_page_id),
      default_cat_id2: defaults.id2,
      default_cat_id3: defaults.id3,
      default_cat_id4: defaults.id4,
      unread_count: view.unreadCount,
      item_type: s(item.type),
      // Search mode has no catalogs: the results stand in for the whole menu.
      menu: view.searchResults ? searchMenuJson(view.searchResults) : menuJson(menu),
      is_login: viewer.isLoggedIn,
      // The policy already reports no edit or manage rights on an archived item.
      item_edit: rights.edit,
      item_manage: rights.manage,
      ItemPermn: rights.edit,
      ItemCreator: rights.manage,
      current_page_id: p.page_id,
      global_param: item.type === ItemType.ApiClient ? RUNAPI_GLOBAL_PARAM : [],
      show_watermark: view.showWatermark ? 1 : 0,
      allow_comment: s(item.allowComment),
      allow_feedback: s(item.allowFeedback),
      ai_knowledge_base_enabled: 0,
      ai_config: AI_CONFIG_DEFAULTS,
    };
  },
});
