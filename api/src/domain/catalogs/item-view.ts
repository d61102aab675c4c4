import { leanReader, MessageStatus } from '../../../../db/src';
import type { LeanItem } from '../items/item-rows';
import type { ItemRights } from '../policy/policy.service';
import type { FoundPage, VisitedItem } from '../search/search.service';
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
  /** A plain row (read once per request for the policy and the screen). */
  item: LeanItem;
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
  // Checked once: the menu and the path below take the policy's answer instead of asking again.
  const visit = await services.policy.requireVisitRow(viewer, input.item);
  const { item, rights } = visit;
  const keyword = input.keyword?.trim() ?? '';
  const defaultPageId = input.defaultPageId ?? 0;
  // Search mode shows the results in place of the menu: building the whole menu there was wasted work.
  const menu: Menu = keyword
    ? {
        pages: [],
        catalogs: [],
        defaultCatalogPath: await services.catalogs.defaultCatalogPathOf(viewer, visit, defaultPageId),
      }
    : await services.catalogs.menuOf(viewer, visit, defaultPageId);
  const searchResults = keyword ? await searchItem(services, viewer, visit, keyword) : null;
  return {
    item,
    rights,
    menu,
    searchResults,
    unreadCount: viewer.userId !== undefined ? await unreadReminders(services, viewer.userId) : 0,
    showWatermark: await services.settings.flag('show_watermark'),
  };
}

/** Search mode finds like the menu shows: the viewer's own drafts included, scope applied. */
async function searchItem(
  services: Services,
  viewer: Viewer,
  visit: VisitedItem,
  keyword: string,
): Promise<FoundPage[]> {
  return (await services.search.searchItem(viewer, visit, keyword, { drafts: 'own' })).pages;
}

/** On every item screen: a lean count (the ORM's count compiled its query each time). */
async function unreadReminders(services: Services, userId: number): Promise<number> {
  const row = await leanReader(services.em).getKept<{ n: number | string }>(
    "select count(*) as n from message where to_user_id = ? and message_type = 'remind' and status = ?",
    [userId, MessageStatus.Unread],
  );
  return Number(row?.n ?? 0);
}
