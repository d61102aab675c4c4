import type { EntityManager } from '@mikro-orm/core';
import { Catalog, MAX_CATALOG_LEVEL, Page, type Item, type User } from '../../../../db/src';
import type { ChangeLogService } from '../changelog/changelog.service';
import { DomainError } from '../errors';
import { checkPageLimit } from '../pages/page-limit';
import type { ItemRights } from '../policy/policy.service';
import { requireWritableScope } from '../policy/scope';
import type { SettingsService } from '../settings/settings.service';
import { inTransaction } from '../transaction';
import { CATALOGS_PER_ITEM, checkCatalogParent, parentIdOf, type CatalogTree } from './catalog-tree';
import { menuChanged } from './menu-cache';

interface ItemAccess {
  item: Item;
  rights: ItemRights;
}

export interface CatalogCopyInput {
  source: Catalog;
  sourceTree: CatalogTree;
  /** The source and destination items, each with the copier's edit rights already checked. */
  from: ItemAccess;
  to: ItemAccess;
  /** The destination's live tree (the source's own when copying inside one item). */
  destTree: CatalogTree;
  user: User;
  /** null: top level of the destination. */
  parentId: number | null;
  /** A move to another item: deletes the source once the copy is written, in the same transaction. */
  removeSource: ((now: Date) => Promise<void>) | null;
}

/**
 * Copies a catalog with its sub-catalogs and live pages (other people's drafts stay behind) under
 * `parentId` of the destination item, inside the copier's catalog scopes at both ends, within the
 * level, catalog and page limits. Returns the new top catalog.
 */
export async function copyCatalog(
  em: EntityManager,
  { changeLog, settings }: { changeLog: ChangeLogService; settings: SettingsService },
  { source, sourceTree, from, to, destTree, user, parentId, removeSource }: CatalogCopyInput,
): Promise<Catalog> {
  if (!sourceTree.has(source.id)) throw new DomainError('CatalogNotFound');
  requireWritableScope(from.rights, sourceTree.topOf(source.id), 'catalog');
  const parent = checkCatalogParent(destTree, null, parentId);
  requireWritableScope(to.rights, parent ? destTree.topOf(parent.id) : null, 'catalog');
  const level = parent ? destTree.levelOf(parent.id) + 1 : 1;
  if (level + sourceTree.height(source.id) - 1 > MAX_CATALOG_LEVEL) throw new DomainError('CatalogTooDeep');
  const subtree = sourceTree.subtree(source.id);
  if (destTree.size + subtree.length > CATALOGS_PER_ITEM) throw new DomainError('CatalogLimit');
  const pages = (
    await em.find(
      Page,
      { item: from.item, catalog: { $in: subtree.map((c) => c.id) }, deletedAt: null },
      { orderBy: { id: 'asc' } },
    )
  ).filter((p) => !p.isDraft || p.author?.id === user.id);
  await checkPageLimit(em, settings, to.item, pages.length);

  return inTransaction(em, async () => {
    const copies = new Map<number, Catalog>();
    for (const catalog of subtree) {
      const parentCopy = catalog.id === source.id ? (parent ?? null) : copies.get(parentIdOf(catalog)!)!;
      const copy = em.create(Catalog, {
        item: to.item,
        name: catalog.name,
        sNumber: catalog.sNumber,
        parent: parentCopy,
        level: level + sourceTree.levelOf(catalog.id) - sourceTree.levelOf(source.id),
      });
      copies.set(catalog.id, copy);
      em.persist(copy);
    }
    const now = new Date();
    for (const page of pages) {
      em.persist(
        em.create(Page, {
          item: to.item,
          catalog: copies.get(page.catalog!.id)!,
          title: page.title,
          content: page.content,
          sNumber: page.sNumber,
          comments: page.comments,
          extInfo: page.extInfo,
          isDraft: page.isDraft,
          author: user,
          authorName: user.username,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    to.item.lastUpdateAt = now;
    await em.flush();
    await menuChanged(em, to.item.id);
    const top = copies.get(source.id)!;
    await changeLog.record(to.item, user, {
      action: 'create',
      objectType: 'catalog',
      objectId: top.id,
      objectName: top.name,
    });
    if (removeSource) {
      await removeSource(now);
      await changeLog.record(from.item, user, {
        action: 'delete',
        objectType: 'catalog',
        objectId: source.id,
        objectName: source.name,
      });
    }
    return top;
  });
}
