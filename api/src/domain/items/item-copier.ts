import type { EntityManager } from '@mikro-orm/core';
import { Catalog, Item, Page, type User } from '../../../../db/src';

export interface CopySettings {
  name: string;
  description: string;
  password: string;
  domain: string | null;
  /** The copier's catalog scope in the source (null = whole item): nothing outside it is copied. */
  catalogScope: number[] | null;
}

/**
 * Copies an item for `owner`: settings, the catalog tree (names, order, nesting) and the live pages
 * with their order. Members, history, attachments, comments and share links stay behind. The rows are
 * persisted, not flushed: the caller adds its own (item groups) and flushes once, in one transaction.
 *
 * Differences from ShowDoc, on purpose: empty catalogs are copied too; other people's drafts are left
 * out (ShowDoc publishes them in the copy) and the copier's own drafts stay drafts; a catalog-scoped
 * editor copies only the catalogs they may see, without root pages (ShowDoc copies everything).
 */
export async function copyItem(
  em: EntityManager,
  source: Item,
  owner: User,
  settings: CopySettings,
): Promise<Item> {
  const copy = em.create(Item, {
    name: settings.name,
    description: settings.description,
    password: settings.password,
    domain: settings.domain,
    owner,
    type: source.type,
    allowComment: source.allowComment,
    allowFeedback: source.allowFeedback,
  });
  em.persist(copy);

  const catalogs = await em.find(
    Catalog,
    { item: source, deletedAt: null },
    { orderBy: { level: 'asc', id: 'asc' } },
  );
  const copies = new Map<number, Catalog>();
  // Parents come first (ordered by level), so a child finds its parent's copy; a child whose parent
  // was not copied (deleted or out of scope) is left out with it.
  for (const catalog of catalogs) {
    const parentId = catalog.parent?.id ?? null;
    if (parentId === null) {
      if (settings.catalogScope && !settings.catalogScope.includes(catalog.id)) continue;
    } else if (!copies.has(parentId)) continue;
    const created = em.create(Catalog, {
      item: copy,
      name: catalog.name,
      sNumber: catalog.sNumber,
      level: catalog.level,
      parent: parentId === null ? null : copies.get(parentId)!,
    });
    copies.set(catalog.id, created);
    em.persist(created);
  }

  const pages = await em.find(Page, { item: source, deletedAt: null }, { orderBy: { id: 'asc' } });
  for (const page of pages) {
    if (page.isDraft && page.author?.id !== owner.id) continue;
    const catalogId = page.catalog?.id ?? null;
    // A scoped copier reaches no root page (they lie outside every scope), so none is copied.
    if (catalogId === null ? settings.catalogScope !== null : !copies.has(catalogId)) continue;
    em.persist(
      em.create(Page, {
        item: copy,
        catalog: catalogId === null ? null : copies.get(catalogId)!,
        title: page.title,
        content: page.content,
        sNumber: page.sNumber,
        comments: page.comments,
        extInfo: page.extInfo,
        isDraft: page.isDraft,
        author: owner,
        authorName: owner.username,
      }),
    );
  }
  return copy;
}
