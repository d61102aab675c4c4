/** Where an item lives: its personal domain when it has one, else its id (spec §2 route table). */
export function itemKey(item: { id: number; domain?: string | null }): string {
  return item.domain || String(item.id);
}

export function itemPath(item: { id: number; domain?: string | null }): string {
  return `/${itemKey(item)}`;
}

export function itemPagePath(item: { id: number; domain?: string | null }, pageId: number): string {
  return `/${itemKey(item)}/${pageId}`;
}

/** An address to hand to someone else: the app's own origin plus the path. */
export function absoluteUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/**
 * The password screen of a private item (spec §4: page id and redirect target passed along). Page views
 * that do not know their item use `/item/password/0` with the page id.
 */
export function passwordPath(itemKey: string, redirect: string, pageId: number | null): string {
  const query = new URLSearchParams({ redirect });
  if (pageId !== null) query.set('page_id', String(pageId));
  return `/item/password/${encodeURIComponent(itemKey)}?${query.toString()}`;
}
