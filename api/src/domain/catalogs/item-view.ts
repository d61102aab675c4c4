import { leanReader, MessageStatus, type Item } from '../../../../db/src';
import type { ItemRights } from '../policy/policy.service';
import type { FoundPage } from '../search/search.service';
import type { Services } from '../services';
import type { Viewer } from '../viewer';
import type { Menu } from './catalog.service';

export interface ItemViewInput {
  /** An item id, or a personal domain. */
  item: number | string;
  defaultPageId?: number;
  /** Non-empty: search mode, the matching pages instead of the menu. */
  keyword?: string;
}

/** Everything the item screen opens with (ShowDoc's `item/info`). */
export interface ItemView {
  item: Item;
  rights: ItemRights;
  menu: Menu;
  /** Search mode: the matching pages, full; null in menu mode. */
  searchResults: FoundPage[] | null;
  /** The viewer's unread reminders (0 for a visitor). */
  unreadCount: number;
  showWatermark: boolean;
}

/**
 * The item screen's data: the item, what the viewer may do, the menu and the header counters. The
 * policy turns visitors away while the site requires sign-in (`force_login`).
 */
export async function loadItemView(
  services: Services,
  viewer: Viewer,
  input: ItemViewInput,
): Promise<ItemView> {
  const { item, rights } = await services.policy.requireVisit(viewer, input.item);
  const keyword = input.keyword?.trim() ?? '';
  const defaultPageId = input.defaultPageId ?? 0;
  // Search mode shows the results in place of the menu: building the whole menu there was wasted work.
  const menu: Menu = keyword
    ? {
        pages: [],
        catalogs: [],
        defaultCatalogPath: await services.catalogs.defaultCatalogPath(viewer, item.id, defaultPageId),
      }
    : await services.catalogs.menu(viewer, item.id, defaultPageId);
  const searchResults = keyword ? await searchItem(services, viewer, item, keyword) : null;
  return {
    item,
    rights,
    menu,
    searchResults,
    unreadCount: viewer.user ? await unreadReminders(services, viewer.user.id) : 0,
    showWatermark: await services.settings.flag('show_watermark'),
  };
}

/** Search mode finds like the menu shows: the viewer's own drafts included, scope applied. */
async function searchItem(
  services: Services,
  viewer: Viewer,
  item: Item,
  keyword: string,
): Promise<FoundPage[]> {
  return (await services.search.searchItem(viewer, item.id, keyword, { drafts: 'own' })).pages;
}

/** On every item screen: a lean count (the ORM's count compiled its query each time). */
async function unreadReminders(services: Services, userId: number): Promise<number> {
  const row = await leanReader(services.em).get<{ n: number | string }>(
    "select count(*) as n from message where to_user_id = ? and message_type = 'remind' and status = ?",
    [userId, MessageStatus.Unread],
  );
  return Number(row?.n ?? 0);
}
