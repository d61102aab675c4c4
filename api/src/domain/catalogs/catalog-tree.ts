import { wrap, type EntityManager } from '@mikro-orm/core';
import { Catalog, leanReader, MAX_CATALOG_LEVEL, nativeSql } from '../../../../db/src';
import { DomainError } from '../errors';

/** `catalog/save` refuses a new catalog past this many in one item (compat-api §6.4). */
export const CATALOGS_PER_ITEM = 1500;
export const CATALOG_NAME_MAX = 200;

/** Siblings order: `s_number`, then id (compat-data §3). */
export function bySNumber<T extends { sNumber: number; id: number }>(a: T, b: T): number {
  return a.sNumber - b.sNumber || a.id - b.id;
}

/**
 * The live (not deleted) catalogs of one item, indexed for the walks every catalog rule needs: children,
 * ancestors, top-level catalog, depth of a subtree. Built from one query; levels are computed from the
 * structure, never trusted from the stored `level`.
 */
/** What the tree walks need of a catalog: entities, or the plain rows the menu cache keeps. */
export interface TreeCatalog {
  id: number;
  sNumber: number;
  parent: { id: number } | null;
}

export class CatalogTree<C extends TreeCatalog = Catalog> {
  private readonly byId = new Map<number, C>();
  private readonly childrenOf = new Map<number | null, C[]>();
  private readonly reachable = new Set<number>();

  constructor(catalogs: Iterable<C>) {
    for (const catalog of catalogs) this.byId.set(catalog.id, catalog);
    for (const catalog of this.byId.values()) {
      const parentId = parentIdOf(catalog);
      // A catalog whose parent is gone (or deleted) is unreachable, like ShowDoc's broken chains.
      if (parentId !== null && !this.byId.has(parentId)) continue;
      const siblings = this.childrenOf.get(parentId) ?? [];
      siblings.push(catalog);
      this.childrenOf.set(parentId, siblings);
    }
    for (const siblings of this.childrenOf.values()) siblings.sort(bySNumber);
    // Only what hangs from the top level counts: ShowDoc let a catalog become its own descendant,
    // and such loops must not reach any walk below.
    const visit = (parentId: number | null) => {
      for (const child of this.childrenOf.get(parentId) ?? []) {
        this.reachable.add(child.id);
        visit(child.id);
      }
    };
    visit(null);
  }

  /** A catalog reachable from the top level; unknown, deleted or looping ones are undefined. */
  get(id: number | null | undefined): C | undefined {
    return id && this.reachable.has(id) ? this.byId.get(id) : undefined;
  }

  has(id: number): boolean {
    return this.reachable.has(id);
  }

  /** Every live catalog of the item, reachable or not (the per-item limit counts them all). */
  get size(): number {
    return this.byId.size;
  }

  /** Children in display order; `null` = the top-level catalogs. */
  children(parentId: number | null): C[] {
    return this.childrenOf.get(parentId) ?? [];
  }

  /** From the top-level catalog down to `id` itself; empty when unknown or unreachable. */
  path(id: number): C[] {
    const chain: C[] = [];
    let current = this.get(id);
    while (current && chain.length <= MAX_CATALOG_LEVEL * 4) {
      chain.unshift(current);
      const parentId = parentIdOf(current);
      if (parentId === null) return chain;
      current = this.byId.get(parentId);
    }
    return [];
  }

  /** The top-level catalog above `id` (itself when top-level), or null when unknown or unreachable. */
  topOf(id: number | null | undefined): number | null {
    if (!id) return null;
    return this.path(id)[0]?.id ?? null;
  }

  /** 1 for a top-level catalog; 0 when unknown or unreachable. */
  levelOf(id: number): number {
    return this.path(id).length;
  }

  /** `id` and every catalog below it, parents before children. */
  subtree(id: number): C[] {
    const root = this.get(id);
    if (!root) return [];
    const out: C[] = [];
    const visit = (catalog: C) => {
      out.push(catalog);
      for (const child of this.children(catalog.id)) visit(child);
    };
    visit(root);
    return out;
  }

  /** Levels the subtree of `id` spans: 1 for a catalog without children. */
  height(id: number): number {
    const children = this.children(id);
    return 1 + (children.length ? Math.max(...children.map((c) => this.height(c.id))) : 0);
  }

  /** Depth-first in display order, each with its level (1 = top). */
  walk(): Array<{ catalog: C; level: number }> {
    const out: Array<{ catalog: C; level: number }> = [];
    const visit = (parentId: number | null, level: number) => {
      for (const catalog of this.children(parentId)) {
        out.push({ catalog, level });
        visit(catalog.id, level + 1);
      }
    };
    visit(null, 1);
    return out;
  }
}

export function parentIdOf(catalog: TreeCatalog): number | null {
  return catalog.parent?.id ?? null;
}

/**
 * The live catalogs from `catalogId` up to the top level within one item, in one recursive query (the
 * path is on every page read, issue #14), as `select <columns>` of `catalog` rows in no particular order.
 */
const CHAIN_SQL = (columns: string) =>
  `with recursive chain (id, parent_id, depth) as (
     select id, parent_id, 0 from catalog where id = ? and item_id = ? and deleted_at is null
     union all
     select c.id, c.parent_id, chain.depth + 1 from catalog c join chain on c.id = chain.parent_id
     where c.item_id = ? and c.deleted_at is null and chain.depth < ?
   )
   select ${columns} from catalog join chain on chain.id = catalog.id`;
const chainParams = (itemId: number, catalogId: number) => [
  catalogId,
  itemId,
  itemId,
  MAX_CATALOG_LEVEL * 4 + 1,
];

/**
 * The chain from `catalogId` up through the parents `parentOf` names, top first; null when a link is
 * missing from `byId` or the chain is longer than any tree allows.
 */
function chainOf<C>(byId: Map<number, C>, catalogId: number, parentOf: (c: C) => number | null): C[] | null {
  const chain: C[] = [];
  let id: number | null = catalogId;
  while (id !== null) {
    const catalog = byId.get(id);
    if (!catalog || chain.length > MAX_CATALOG_LEVEL * 4) return null;
    chain.unshift(catalog);
    id = parentOf(catalog);
  }
  return chain;
}

/**
 * The live catalogs from the top level down to `catalogId` within one item, in one query; null when the
 * catalog or one of its ancestors is missing, deleted or in another item.
 */
export async function loadCatalogPath(
  em: EntityManager,
  itemId: number,
  catalogId: number,
): Promise<Catalog[] | null> {
  // With bindings: one prepared statement whatever the catalog (the ORM's `execute` inlines the ids).
  const rows = await nativeSql(em).all<Record<string, unknown>>(
    CHAIN_SQL('catalog.*'),
    chainParams(itemId, catalogId),
  );
  const byId = new Map<number, Catalog>();
  for (const row of rows) {
    const held = em.getUnitOfWork().getById<Catalog>(Catalog.name, Number(row.id));
    // A reference not yet loaded (a page's `catalog`) gets its row; a loaded one stays as it is.
    const catalog = held && wrap(held).isInitialized() ? held : em.map(Catalog, row);
    byId.set(catalog.id, catalog);
  }
  const chain = chainOf(byId, catalogId, parentIdOf);
  // A parent changed in this unit of work but not yet flushed: walk it the way the caller sees it.
  if (!chain && rows.length && byId.has(catalogId)) return walkCatalogPath(em, itemId, catalogId);
  return chain;
}

/**
 * The ids of `loadCatalogPath`'s catalogs, top first, without making entities of the rows: a page save
 * needs only the target catalog's id and its top level (issue #14: the entities were ~6 % of a save). Read
 * the same way (the transaction's connection inside one), and a catalog the unit of work holds is walked
 * by its parent as held there, as `loadCatalogPath` walks it.
 */
export async function loadCatalogChainIds(
  em: EntityManager,
  itemId: number,
  catalogId: number,
): Promise<number[] | null> {
  // Outside a transaction on the embedded database, from its read connection: the write connection may
  // hold saves waiting for their group's commit (`GroupCommit`), which a read there would commit first.
  const rows = await leanReader(em).all<{ id: number; parent_id: number | null }>(
    CHAIN_SQL('catalog.id, catalog.parent_id'),
    chainParams(itemId, catalogId),
  );
  const unitOfWork = em.getUnitOfWork();
  const byId = new Map<number, { id: number; parentId: number | null }>();
  for (const row of rows) {
    const id = Number(row.id);
    const held = unitOfWork.getById<Catalog>(Catalog.name, id);
    const stored = row.parent_id === null ? null : Number(row.parent_id);
    byId.set(id, { id, parentId: held && wrap(held).isInitialized() ? parentIdOf(held) : stored });
  }
  const chain = chainOf(byId, catalogId, (step) => step.parentId);
  if (chain) return chain.map((step) => step.id);
  // A parent changed in this unit of work but not yet flushed: walk it the way the caller sees it.
  if (rows.length && byId.has(catalogId)) {
    const walked = await walkCatalogPath(em, itemId, catalogId);
    return walked && walked.map((catalog) => catalog.id);
  }
  return null;
}

/** A catalog as a page's path shows it. */
export interface CatalogStep {
  id: number;
  name: string;
}

/**
 * `loadCatalogPath` as plain rows of what a reader is shown, through the lean reader (no entities): for
 * the page reads, which never hold unflushed catalog changes.
 */
export async function loadCatalogSteps(
  em: EntityManager,
  itemId: number,
  catalogId: number,
): Promise<CatalogStep[] | null> {
  const rows = await leanReader(em).all<{ id: number; name: string; parent_id: number | null }>(
    CHAIN_SQL('catalog.id, catalog.name, catalog.parent_id'),
    chainParams(itemId, catalogId),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const chain = chainOf(byId, catalogId, (r) => (r.parent_id === null ? null : Number(r.parent_id)));
  return chain && chain.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** `loadCatalogPath` one lookup per level, following the parents as held in memory. */
async function walkCatalogPath(
  em: EntityManager,
  itemId: number,
  catalogId: number,
): Promise<Catalog[] | null> {
  const chain: Catalog[] = [];
  let id: number | null = catalogId;
  while (id !== null) {
    if (chain.length > MAX_CATALOG_LEVEL * 4) return null;
    const catalog: Catalog | null = await em.findOne(Catalog, { id, item: itemId, deletedAt: null });
    if (!catalog) return null;
    chain.unshift(catalog);
    id = parentIdOf(catalog);
  }
  return chain;
}

/** A parent must be a live catalog of the same item, and neither the catalog itself nor below it. */
export function checkCatalogParent(
  tree: CatalogTree,
  catalogId: number | null,
  parentId: number | null,
): Catalog | null {
  if (parentId === null) return null;
  if (catalogId !== null && parentId === catalogId) {
    throw new DomainError('CatalogParentInvalid', {
      en: 'A catalog cannot be its own parent',
      zh: '上级目录不能选择自身',
    });
  }
  const parent = tree.get(parentId);
  if (!parent) throw new DomainError('CatalogParentInvalid');
  if (catalogId !== null && tree.path(parent.id).some((c) => c.id === catalogId)) {
    throw new DomainError('CatalogParentInvalid');
  }
  return parent;
}
