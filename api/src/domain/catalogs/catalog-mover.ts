import type { EntityManager } from '@mikro-orm/core';
import { Catalog, MAX_CATALOG_LEVEL, Page, type Item, type User } from '../../../../db/src';
import type { ChangeLogService } from '../changelog/changelog.service';
import { DomainError } from '../errors';
import type { ItemRights } from '../policy/policy.service';
import { requireWritableScope } from '../policy/scope';
import { inTransaction } from '../transaction';
import { CATALOG_NAME_MAX, parentIdOf, type CatalogTree } from './catalog-tree';
import type { DraggedThing, TreeChange } from './catalog.service';
import { menuChanged } from './menu-cache';

/** The item being rearranged, as the caller checked it: the editor, their rights and the live tree. */
export interface TreeMoveTarget {
  item: Item;
  rights: ItemRights;
  user: User;
  tree: CatalogTree;
}

/**
 * Applies a drag-and-drop result (the service checks edit rights first). Clients send the whole tree;
 * only what differs from the stored state is written. The result must keep every parent in this item
 * and three levels at most, and a catalog-scoped editor's moves stay inside the scope at both ends.
 */
export async function moveCatalogTree(
  em: EntityManager,
  changeLog: ChangeLogService,
  { item, rights, user, tree }: TreeMoveTarget,
  changes: TreeChange[],
  dragged?: DraggedThing,
): Promise<{ catalogs: number; pages: number }> {
  const pageIds = [...new Set(changes.map((c) => c.pageId ?? 0).filter((id) => id > 0))];
  const pages = pageIds.length ? await em.find(Page, { id: { $in: pageIds }, item, deletedAt: null }) : [];
  const pagesById = new Map(pages.map((p) => [p.id, p]));

  // The proposed parent of every catalog, to check the whole result before writing anything.
  const proposed = new Map<number, number | null>(
    tree.walk().map(({ catalog }) => [catalog.id, parentIdOf(catalog)]),
  );
  const catalogChanges: Array<{ catalog: Catalog; change: TreeChange }> = [];
  const pageChanges: Array<{ page: Page; change: TreeChange }> = [];
  for (const change of changes) {
    const parentId = change.parentId || null;
    if (parentId !== null && !tree.has(parentId)) throw new DomainError('CatalogParentInvalid');
    if (change.catalogId) {
      const catalog = tree.get(change.catalogId);
      if (!catalog) throw new DomainError('CatalogNotFound');
      if (parentId === catalog.id) throw new DomainError('CatalogParentInvalid');
      proposed.set(catalog.id, parentId);
      catalogChanges.push({ catalog, change: { ...change, parentId } });
    } else if (change.pageId) {
      const page = pagesById.get(change.pageId);
      if (!page) throw new DomainError('PageNotFound');
      pageChanges.push({ page, change: { ...change, parentId } });
    }
  }
  const levels = proposedLevels(proposed);
  for (const [id, level] of levels) {
    // As in `save`: old deeper trees may be reordered, but nothing may go below the third level.
    if (level > MAX_CATALOG_LEVEL && level > tree.levelOf(id)) throw new DomainError('CatalogTooDeep');
  }

  const moved = catalogChanges.filter(
    ({ catalog, change }) =>
      parentIdOf(catalog) !== change.parentId ||
      (change.sNumber !== undefined && catalog.sNumber !== change.sNumber) ||
      (!!change.name?.trim() && change.name.trim() !== catalog.name),
  );
  const movedPages = pageChanges.filter(
    ({ page, change }) =>
      (page.catalog?.id ?? null) !== change.parentId ||
      (change.sNumber !== undefined && page.sNumber !== change.sNumber),
  );
  for (const { catalog, change } of moved) {
    requireWritableScope(rights, tree.topOf(catalog.id), 'catalog');
    // A moved catalog's new top is found in the proposed structure.
    requireWritableScope(rights, topIn(proposed, catalog.id), 'catalog');
    if (change.name && change.name.trim().length > CATALOG_NAME_MAX) throw new DomainError('NameTooLong');
  }
  for (const { page, change } of movedPages) {
    requireWritableScope(rights, tree.topOf(page.catalog?.id), 'page');
    requireWritableScope(rights, change.parentId === null ? null : topIn(proposed, change.parentId), 'page');
  }
  if (!moved.length && !movedPages.length) return { catalogs: 0, pages: 0 };

  await inTransaction(em, async () => {
    for (const { catalog, change } of moved) {
      catalog.parent = change.parentId === null ? null : tree.get(change.parentId)!;
      if (change.sNumber !== undefined) catalog.sNumber = change.sNumber;
      if (change.name?.trim()) catalog.name = change.name.trim();
    }
    // Levels follow the structure for every catalog whose depth changed, moved or not.
    for (const catalog of tree.walk().map((w) => w.catalog)) {
      const level = levels.get(catalog.id);
      if (level !== undefined && catalog.level !== level) catalog.level = level;
    }
    for (const { page, change } of movedPages) {
      page.catalog = change.parentId === null ? null : tree.get(change.parentId)!;
      if (change.sNumber !== undefined) page.sNumber = change.sNumber;
    }
    item.lastUpdateAt = new Date();
    await em.flush();
    await menuChanged(em, item.id);
    await changeLog.record(item, user, {
      action: 'drag',
      objectType: 'tree',
      objectId: dragged?.id ?? 0,
      objectName: dragName(dragged, tree, pagesById),
    });
  });
  return { catalogs: moved.length, pages: movedPages.length };
}

function dragName(dragged: DraggedThing | undefined, tree: CatalogTree, pages: Map<number, Page>): string {
  if (dragged?.type === 'page' && pages.has(dragged.id)) return `拖动页面「${pages.get(dragged.id)!.title}」`;
  if (dragged?.type === 'catalog' && tree.has(dragged.id)) return `拖动目录「${tree.get(dragged.id)!.name}」`;
  return '目录树';
}

/** Levels of a proposed structure; a cycle is refused. */
function proposedLevels(parents: Map<number, number | null>): Map<number, number> {
  const levels = new Map<number, number>();
  const levelOf = (id: number, seen: Set<number>): number => {
    const known = levels.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) throw new DomainError('CatalogParentInvalid');
    seen.add(id);
    const parentId = parents.get(id) ?? null;
    const level = parentId === null ? 1 : levelOf(parentId, seen) + 1;
    levels.set(id, level);
    return level;
  };
  for (const id of parents.keys()) levelOf(id, new Set());
  return levels;
}

function topIn(parents: Map<number, number | null>, id: number): number {
  let current = id;
  for (let guard = 0; guard < MAX_CATALOG_LEVEL * 4; guard++) {
    const parentId = parents.get(current) ?? null;
    if (parentId === null) return current;
    current = parentId;
  }
  return current;
}
