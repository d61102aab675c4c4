// Over 500 lines on purpose: one method per catalog action of both doors (session and open-API key
// variants share `write` and `remove`), plus the menu and tree reads. The cross-cutting tree move and
// catalog copy live in catalog-mover.ts and catalog-copier.ts.
import type { EntityManager } from '@mikro-orm/core';
import {
  Catalog,
  leanReader,
  MAX_CATALOG_LEVEL,
  Page,
  PageHistory,
  RecycleEntry,
  type Item,
  type User,
} from '../../../../db/src';
import type { ChangeLogService } from '../changelog/changelog.service';
import { DomainError } from '../errors';
import { PolicyService, type ApiKeyAccess, type ItemRights } from '../policy/policy.service';
import type { SettingsService } from '../settings/settings.service';
import { OPEN_API_AUTHOR } from '../pages/page.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import {
  CATALOG_NAME_MAX,
  CATALOGS_PER_ITEM,
  CatalogTree,
  checkCatalogParent,
  loadCatalogPath,
  loadCatalogSteps,
  parentIdOf,
} from './catalog-tree';
import { copyCatalog } from './catalog-copier';
import { moveCatalogTree } from './catalog-mover';
import { menuFor, storedMenu, type Menu } from './menu';
import { pageVisibleInScope, requireWritableScope } from '../policy/scope';
import { menuChanged } from './menu-cache';

export { CATALOG_NAME_MAX, CATALOGS_PER_ITEM };

/** What `PolicyService.requireVisit` answers: an item the viewer may read, and their rights in it. */
export interface VisitedItem {
  item: { id: number };
  rights: ItemRights;
}

export interface SaveCatalogInput {
  itemId: number;
  /** Absent: create. */
  id?: number;
  name: string;
  /** undefined: unchanged (top level for a new catalog); null or 0: top level. */
  parentId?: number | null;
  /** undefined: unchanged (99 for a new catalog). */
  sNumber?: number;
}

/** One element of a drag-and-drop result: a catalog or a page and where it now sits. */
export interface TreeChange {
  catalogId?: number;
  pageId?: number;
  /** null or 0: the item root. */
  parentId: number | null;
  /** undefined: unchanged. */
  sNumber?: number;
  /** A catalog's new name; ignored when empty. */
  name?: string;
}

export interface DraggedThing {
  type: 'page' | 'catalog';
  id: number;
}

export interface CopyCatalogInput {
  catalogId: number;
  /** Absent or 0: the same item. */
  toItemId?: number;
  /** null or 0: top level of the destination. */
  parentId?: number | null;
  /** Move instead of copy: the source goes (pages to the recycle bin when the item changes). */
  move?: boolean;
}

/** A catalog in a tree answer, with its level (1 = top) and the names from the top down to it. */
export interface CatalogNode {
  catalog: Catalog;
  level: number;
  path: string[];
  children: CatalogNode[];
}

export type { Menu, MenuCatalog, MenuCatalogInfo, MenuPage } from './menu';

export interface CatalogPage {
  id: number;
  title: string;
  sNumber: number;
}

export class CatalogService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly changeLog: ChangeLogService,
    private readonly settings: SettingsService,
  ) {}

  /** The live catalogs of an item in one query. */
  async treeOf(item: Item | number): Promise<CatalogTree> {
    return new CatalogTree(await this.em.find(Catalog, { item, deletedAt: null }));
  }

  /** The names from the top-level catalog down to this one (for a catalog already shown to the viewer). */
  async pathNames(catalog: Catalog): Promise<string[]> {
    return ((await loadCatalogPath(this.em, catalog.item.id, catalog.id)) ?? [catalog]).map((c) => c.name);
  }

  /** Create, rename or move a catalog; three levels at most, parents in the same item. */
  async save(viewer: Viewer, input: SaveCatalogInput): Promise<Catalog> {
    const { item, rights } = await this.policy.requireEdit(viewer, input.itemId);
    const user = viewer.requireUser();
    return this.write(item, rights, user, input);
  }

  /** `save` for the item an open-API key opened (no user; the change log says 'API'). */
  async saveByApiKey(access: ApiKeyAccess, input: Omit<SaveCatalogInput, 'itemId'>): Promise<Catalog> {
    return this.write(access.item, access.rights, null, { ...input, itemId: access.item.id });
  }

  /**
   * The catalog at a path of names below the top level (ShowDoc's open-API `cat_name` "A/B/C"), each
   * level found by its exact name under its parent or created; null for an empty path (the item root).
   */
  async ensurePathByApiKey(access: ApiKeyAccess, names: string[]): Promise<Catalog | null> {
    if (names.length > MAX_CATALOG_LEVEL) throw new DomainError('CatalogTooDeep');
    let parentId: number | null = null;
    let found: Catalog | null = null;
    for (const name of names) {
      const tree = await this.treeOf(access.item);
      found =
        tree.children(parentId).find((c) => c.name === name.trim()) ??
        (await this.saveByApiKey(access, { name, parentId }));
      parentId = found.id;
    }
    return found;
  }

  private async write(
    item: Item,
    rights: ItemRights,
    user: User | null,
    input: SaveCatalogInput,
  ): Promise<Catalog> {
    const name = input.name.trim();
    if (!name) throw new DomainError('CatalogNameRequired');
    if (name.length > CATALOG_NAME_MAX) throw new DomainError('NameTooLong');
    const tree = await this.treeOf(item);
    const existing = input.id ? tree.get(input.id) : undefined;
    if (input.id && !existing) throw new DomainError('CatalogNotFound');

    const parentId =
      input.parentId === undefined ? (existing ? parentIdOf(existing) : null) : input.parentId || null;
    const parent = checkCatalogParent(tree, existing?.id ?? null, parentId);
    const level = parent ? tree.levelOf(parent.id) + 1 : 1;
    const height = existing ? tree.height(existing.id) : 1;
    // Deeper trees from old ShowDoc data stay editable; only going deeper than three levels is refused.
    const deepestBefore = existing ? tree.levelOf(existing.id) + height - 1 : 0;
    const deepestAfter = level + height - 1;
    if (deepestAfter > MAX_CATALOG_LEVEL && deepestAfter > deepestBefore)
      throw new DomainError('CatalogTooDeep');

    if (existing) requireWritableScope(rights, tree.topOf(existing.id), 'catalog');
    requireWritableScope(rights, parent ? tree.topOf(parent.id) : (existing?.id ?? null), 'catalog');
    if (!existing && tree.size >= CATALOGS_PER_ITEM) throw new DomainError('CatalogLimit');

    return inTransaction(this.em, async () => {
      let catalog: Catalog;
      if (existing) {
        catalog = existing;
        catalog.name = name;
        if (parentIdOf(catalog) !== (parent?.id ?? null)) {
          catalog.parent = parent ?? null;
          this.relevel(tree, catalog, level);
        }
      } else {
        catalog = this.em.create(Catalog, { item, name, parent: parent ?? null, level });
        this.em.persist(catalog);
      }
      if (input.sNumber !== undefined) catalog.sNumber = input.sNumber;
      await this.em.flush();
      await menuChanged(this.em, item.id);
      await this.changeLog.record(item, user, {
        action: existing ? 'update' : 'create',
        objectType: 'catalog',
        objectId: catalog.id,
        objectName: catalog.name,
        remark: user ? '' : OPEN_API_AUTHOR,
      });
      return catalog;
    });
  }

  /**
   * Deletes a catalog and everything below it. Its pages go to the recycle bin with entries that name
   * the catalog, so they can be recovered (ShowDoc deleted them beyond the reach of the recycle bin).
   */
  async delete(viewer: Viewer, catalogId: number, now = new Date()): Promise<void> {
    const catalog = await this.findLive(catalogId);
    const { item, rights } = await this.policy.requireEdit(viewer, catalog.item.id);
    const user = viewer.requireUser();
    await this.remove(item, rights, { user, name: user.username }, catalog, now);
  }

  /** `delete` for the item an open-API key opened: its pages go to the recycle bin, deleted by 'API'. */
  async deleteByApiKey(access: ApiKeyAccess, catalogId: number, now = new Date()): Promise<Catalog> {
    const catalog = catalogId > 0 ? await this.em.findOne(Catalog, { id: catalogId, deletedAt: null }) : null;
    if (!catalog || catalog.item.id !== access.item.id) throw new DomainError('CatalogNotFound');
    await this.remove(access.item, access.rights, { user: null, name: OPEN_API_AUTHOR }, catalog, now);
    return catalog;
  }

  private async remove(item: Item, rights: ItemRights, deleter: Deleter, catalog: Catalog, now: Date) {
    const tree = await this.treeOf(item);
    if (!tree.has(catalog.id)) throw new DomainError('CatalogNotFound');
    requireWritableScope(rights, tree.topOf(catalog.id), 'catalog');
    await inTransaction(this.em, async () => {
      await this.deleteSubtree(item, tree, catalog, deleter, now);
      await this.changeLog.record(item, deleter.user, {
        action: 'delete',
        objectType: 'catalog',
        objectId: catalog.id,
        objectName: catalog.name,
        remark: deleter.user ? '' : deleter.name,
      });
    });
  }

  /** The visible catalog tree of an item (ShowDoc's `catListGroup`). */
  async tree(viewer: Viewer, itemId: number | string): Promise<CatalogNode[]> {
    const { item, rights } = await this.policy.requireVisit(viewer, itemId);
    const tree = await this.treeOf(item);
    return tree
      .children(null)
      .filter((c) => PolicyService.inScope(rights, c.id))
      .map((c) => this.node(tree, c, 1, []));
  }

  /** The visible catalogs depth-first, each with its path (ShowDoc's `catListName`, `catList`). */
  async flatList(viewer: Viewer, itemId: number | string): Promise<CatalogNode[]> {
    const out: CatalogNode[] = [];
    const visit = (nodes: CatalogNode[]) => {
      for (const node of nodes) {
        out.push(node);
        visit(node.children);
      }
    };
    visit(await this.tree(viewer, itemId));
    return out;
  }

  /** The catalogs below one catalog (ShowDoc's `childCatList`); empty for unknown or unreadable ones. */
  async children(viewer: Viewer, catalogId: number): Promise<CatalogNode[]> {
    const catalog = await this.em.findOne(Catalog, { id: catalogId, deletedAt: null });
    if (!catalog) return [];
    const { item, rights } = await this.policy.requireVisit(viewer, catalog.item.id);
    const tree = await this.treeOf(item);
    const path = tree.path(catalog.id);
    if (!path.length || !pageVisibleInScope(rights, path[0]!.id)) return [];
    return this.node(
      tree,
      catalog,
      path.length,
      path.slice(0, -1).map((c) => c.name),
    ).children;
  }

  /** Pages directly in a catalog, for the sort dialog (ShowDoc's `getPagesBycat`). */
  async pagesOf(viewer: Viewer, itemId: number, catalogId: number): Promise<CatalogPage[]> {
    const { item, rights } = await this.policy.requireEdit(viewer, itemId);
    const tree = await this.treeOf(item);
    if (!tree.has(catalogId)) throw new DomainError('CatalogNotFound');
    // Sorting writes: only where the member may edit (a read-only catalog of theirs is not offered).
    const top = tree.topOf(catalogId);
    if (top !== null && !PolicyService.inEditScope(rights, top)) throw new DomainError('PageVisitDenied');
    const pages = await this.em.find(
      Page,
      { item, catalog: catalogId, deletedAt: null },
      { fields: ['id', 'title', 'sNumber', 'isDraft', 'author'], orderBy: { sNumber: 'asc', id: 'asc' } },
    );
    return pages
      .filter((p) => !p.isDraft || p.author?.id === viewer.userId)
      .map((p) => ({ id: p.id, title: p.title, sNumber: p.sNumber }));
  }

  /**
   * Applies a drag-and-drop result. Clients send the whole tree; only what differs from the stored
   * state is written. The result must keep every parent in this item and three levels at most.
   */
  async moveTree(
    viewer: Viewer,
    itemId: number,
    changes: TreeChange[],
    dragged?: DraggedThing,
  ): Promise<{ catalogs: number; pages: number }> {
    const { item, rights } = await this.policy.requireEdit(viewer, itemId);
    const user = viewer.requireUser();
    return moveCatalogTree(
      this.em,
      this.changeLog,
      { item, rights, user, tree: await this.treeOf(item) },
      changes,
      dragged,
    );
  }

  /**
   * Copies a catalog with its sub-catalogs and live pages under `parentId` of the destination item (the
   * same item when absent). With `move`, a move inside one item re-parents the catalog; a move to another
   * item copies, then deletes the source as `delete` does (its pages stay recoverable in the source's
   * recycle bin). Returns the new (or moved) catalog.
   */
  async copy(viewer: Viewer, input: CopyCatalogInput): Promise<Catalog> {
    const source = await this.findLive(input.catalogId);
    const from = await this.policy
      .requireEdit(viewer, source.item.id)
      .catch(rethrowAs('您没有源项目的编辑权限', 'You may not edit the source item'));
    const toItemId = input.toItemId || from.item.id;
    const to = await this.policy
      .requireEdit(viewer, toItemId)
      .catch(rethrowAs('您没有目标项目的编辑权限', 'You may not edit the destination item'));
    const sameItem = to.item.id === from.item.id;
    if (input.move && sameItem) {
      return this.save(viewer, {
        itemId: to.item.id,
        id: source.id,
        name: source.name,
        parentId: input.parentId ?? null,
      });
    }

    const user = viewer.requireUser();
    const sourceTree = await this.treeOf(from.item);
    return copyCatalog(
      this.em,
      { changeLog: this.changeLog, settings: this.settings },
      {
        source,
        sourceTree,
        from,
        to,
        destTree: to.item.id === from.item.id ? sourceTree : await this.treeOf(to.item),
        user,
        parentId: input.parentId || null,
        // A move to another item deletes the source as `delete` does (pages stay in its recycle bin).
        removeSource: input.move
          ? (now) => this.deleteSubtree(from.item, sourceTree, source, { user, name: user.username }, now)
          : null,
      },
    );
  }

  /**
   * The catalog a new page starts in (ShowDoc's `getDefaultCat`): that of `pageId` (or of a history
   * version of it), else that of `copyPageId`, else that of the viewer's last saved page in the item;
   * 0 for the root or when the catalog is outside the viewer's scope.
   */
  async defaultCatalog(
    viewer: Viewer,
    input: { itemId: number; pageId?: number; historyId?: number; copyPageId?: number },
  ): Promise<number> {
    const user = viewer.requireUser();
    const pageOf = async (id: number | undefined) =>
      id && id > 0 ? this.em.findOne(Page, { id, deletedAt: null }) : null;
    const page = await pageOf(input.pageId);
    const copied = await pageOf(input.copyPageId);
    const itemId = input.itemId > 0 ? input.itemId : (page ?? copied)?.item.id;
    if (!itemId) throw new DomainError('ItemNotFound');
    const { item, rights } = await this.policy.requireEdit(viewer, itemId);
    const own = page && page.item.id === item.id ? page : null;
    const ownCopied = copied && copied.item.id === item.id ? copied : null;

    let catalogId: number | null | undefined;
    if (own && input.historyId && input.historyId > 0) {
      const version = await this.em.findOne(PageHistory, { id: input.historyId, page: own });
      catalogId = version ? version.catalogId : undefined;
    }
    if (catalogId === undefined && own) catalogId = own.catalog?.id ?? null;
    if (catalogId === undefined && ownCopied) catalogId = ownCopied.catalog?.id ?? null;
    if (catalogId === undefined) {
      const [last] = await this.em.find(
        Page,
        { item, author: user, deletedAt: null },
        { orderBy: { updatedAt: 'desc', id: 'desc' }, limit: 1 },
      );
      catalogId = last?.catalog?.id ?? null;
    }
    if (!catalogId) return 0;
    const path = await loadCatalogPath(this.em, item.id, catalogId);
    return path && PolicyService.inEditScope(rights, path[0]!.id) ? catalogId : 0;
  }

  /**
   * The item menu: root pages and top-level catalogs with their pages and sub-catalogs, ordered by
   * `s_number` then id; empty catalogs kept; other people's drafts left out; a catalog-scoped member
   * gets the top-level catalogs of the scope and no root pages (ShowDoc shows them; issue #15). Built
   * once per menu version and node (menu-cache.ts), filtered for the viewer on every call.
   */
  async menu(viewer: Viewer, itemId: number | string, defaultPageId = 0): Promise<Menu> {
    return this.menuOf(viewer, await this.policy.requireVisit(viewer, itemId), defaultPageId);
  }

  /** `menu` of an item the policy let the viewer visit (`requireVisit`'s answer): checked once per request. */
  async menuOf(viewer: Viewer, visit: VisitedItem, defaultPageId = 0): Promise<Menu> {
    return menuFor(await storedMenu(this.em, visit.item.id), viewer, visit.rights, defaultPageId);
  }

  /**
   * The catalogs the menu would open to show `defaultPageId`, without building the menu (keyword mode
   * answers search results instead of the menu but still names them): the same rules as `menu`.
   */
  async defaultCatalogPath(
    viewer: Viewer,
    itemId: number | string,
    defaultPageId: number,
  ): Promise<number[]> {
    return this.defaultCatalogPathOf(viewer, await this.policy.requireVisit(viewer, itemId), defaultPageId);
  }

  /** `defaultCatalogPath` in an item the policy let the viewer visit; plain rows (keyword mode, issue #14). */
  async defaultCatalogPathOf(viewer: Viewer, visit: VisitedItem, defaultPageId: number): Promise<number[]> {
    if (defaultPageId <= 0) return [];
    const page = await leanReader(this.em).get<{
      catalog_id: number | null;
      is_draft: boolean | number;
      author_id: number | null;
    }>(
      'select catalog_id, is_draft, author_id from page where id = ? and item_id = ? and deleted_at is null',
      [defaultPageId, visit.item.id],
    );
    if (!page?.catalog_id) return [];
    const author = page.author_id === null ? null : Number(page.author_id);
    if (page.is_draft && (author === null || author !== viewer.userId)) return [];
    const path = await loadCatalogSteps(this.em, visit.item.id, Number(page.catalog_id));
    return path?.length && pageVisibleInScope(visit.rights, path[0]!.id) ? path.map((c) => c.id) : [];
  }

  private node(tree: CatalogTree, catalog: Catalog, level: number, parentPath: string[]): CatalogNode {
    const path = [...parentPath, catalog.name];
    return {
      catalog,
      level,
      path,
      children: tree.children(catalog.id).map((c) => this.node(tree, c, level + 1, path)),
    };
  }

  /** After a move, the stored level of the catalog and of everything below it follows the structure. */
  private relevel(tree: CatalogTree, catalog: Catalog, level: number): void {
    const visit = (current: Catalog, depth: number) => {
      current.level = depth;
      for (const child of tree.children(current.id)) visit(child, depth + 1);
    };
    visit(catalog, level);
  }

  private async deleteSubtree(item: Item, tree: CatalogTree, catalog: Catalog, deleter: Deleter, now: Date) {
    const catalogs = tree.subtree(catalog.id);
    const pages = await this.em.find(Page, {
      item,
      catalog: { $in: catalogs.map((c) => c.id) },
      deletedAt: null,
    });
    const entries = pages.length
      ? await this.em.find(RecycleEntry, { page: { $in: pages.map((p) => p.id) } })
      : [];
    const entryOf = new Map(entries.map((e) => [e.page.id, e]));
    for (const c of catalogs) c.deletedAt = now;
    for (const page of pages) {
      page.deletedAt = now;
      const entry =
        entryOf.get(page.id) ??
        this.em.create(RecycleEntry, { item, page, title: page.title, deletedByName: '', deletedAt: now });
      Object.assign(entry, {
        item,
        title: page.title,
        deletedBy: deleter.user,
        deletedByName: deleter.name,
        deletedAt: now,
        deletedWithCatalogId: catalog.id,
      });
      this.em.persist(entry);
    }
    item.lastUpdateAt = now;
    await this.em.flush();
    await menuChanged(this.em, item.id);
  }

  private async findLive(catalogId: number): Promise<Catalog> {
    const catalog = catalogId > 0 ? await this.em.findOne(Catalog, { id: catalogId, deletedAt: null }) : null;
    if (!catalog) throw new DomainError('CatalogNotFound');
    return catalog;
  }
}

/** Who deletes: a user, or an open-API key (no user). */
export interface Deleter {
  user: User | null;
  name: string;
}

/** Edit refusals of `copy` name which side was refused, as ShowDoc's messages do. */
function rethrowAs(zh: string, en: string) {
  return (err: unknown): never => {
    if (err instanceof DomainError && err.codeName === 'ItemEditDenied') {
      throw new DomainError('ItemEditDenied', { en, zh });
    }
    throw err;
  };
}
