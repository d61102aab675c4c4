import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Item, ItemMember, Page, TeamItemMember, User } from '../../../../db/src';
import { menuChanged } from '../catalogs/menu-cache';
import { DomainError } from '../errors';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import { checkPaging, containsPattern, type Paging } from './paging';

/** ShowDoc's `privacy_type`: 2 public items (no visit password), 3 private ones. */
export const Privacy = { Public: 2, Private: 3 } as const;

export interface AdminItemFilter extends Paging {
  itemName?: string;
  /** The owner's username (substring). */
  username?: string;
  /** An item type (1 regular, 2 single page, 4 spreadsheet); absent or 0: every type. */
  itemType?: number;
  /** 2 public, 3 private; absent or anything else: both. */
  privacy?: number;
  /** The deleted items instead of the live ones. */
  deleted?: boolean;
}

export interface AdminItemRow {
  item: Item;
  owner: User;
  /** People added to the item, directly or through a team (the owner not counted). */
  memberCount: number;
}

export interface AdminItemList {
  total: number;
  items: AdminItemRow[];
}

/** The administrator's view of every item of the site (spec 001 §2 console "items", compat-api §20.1). */
export class AdminItemService {
  constructor(private readonly em: EntityManager) {}

  /** Live items newest first; deleted ones by when they were deleted, most recent first. */
  async list(viewer: Viewer, filter: AdminItemFilter): Promise<AdminItemList> {
    viewer.requireAdmin();
    const { offset, limit } = checkPaging(filter);
    const qb = (this.em as SqlEntityManager)
      .createQueryBuilder(Item, 'i')
      .join('i.owner', 'o')
      .where(filter.deleted ? { deletedAt: { $ne: null } } : { deletedAt: null });
    if (filter.itemName?.trim())
      qb.andWhere("lower(i.name) like ? escape '!'", [containsPattern(filter.itemName)]);
    if (filter.username?.trim())
      qb.andWhere("lower(o.username) like ? escape '!'", [containsPattern(filter.username)]);
    if (filter.itemType) qb.andWhere({ type: filter.itemType });
    if (filter.privacy === Privacy.Public) qb.andWhere({ password: '' });
    if (filter.privacy === Privacy.Private) qb.andWhere({ password: { $ne: '' } });
    qb.orderBy(filter.deleted ? { deletedAt: 'desc', id: 'desc' } : { createdAt: 'desc', id: 'desc' });
    const [items, total] = await qb.limit(limit).offset(offset).getResultAndCount();
    await this.em.populate(items, ['owner']);
    const counts = await this.memberCounts(items.map((i) => i.id));
    return {
      total,
      items: items.map((item) => ({
        item,
        owner: item.owner as User,
        memberCount: counts.get(item.id) ?? 0,
      })),
    };
  }

  async delete(viewer: Viewer, itemId: number): Promise<void> {
    viewer.requireAdmin();
    const item = await this.find(itemId);
    if (item.deletedAt) return;
    item.deletedAt = new Date();
    await this.em.flush();
  }

  /** Brings a deleted item back with every page of it, as ShowDoc does (pages deleted one by one too). */
  async recover(viewer: Viewer, itemId: number): Promise<Item> {
    viewer.requireAdmin();
    const item = await this.find(itemId);
    if (!item.deletedAt) throw new DomainError('ItemNotDeleted');
    if (item.domain && (await this.em.count(Item, { domain: item.domain, id: { $ne: item.id } })))
      item.domain = null;
    item.deletedAt = null;
    item.lastUpdateAt = new Date();
    await inTransaction(this.em, async () => {
      await this.em.flush();
      await this.em.nativeUpdate(Page, { item, deletedAt: { $ne: null } }, { deletedAt: null });
      // A native update passes by the flush hook: the recovered pages change the menu and search results.
      await menuChanged(this.em, item.id);
    });
    return item;
  }

  /** Removes a deleted item for good, with everything that hangs from it (foreign keys cascade). */
  async hardDelete(viewer: Viewer, itemId: number): Promise<void> {
    viewer.requireAdmin();
    const item = await this.find(itemId);
    if (!item.deletedAt) throw new DomainError('ItemNotDeleted');
    await inTransaction(this.em, () => this.em.nativeDelete(Item, { id: item.id }));
  }

  /** Hands an item to another user: the site administrator needs no owner's password. */
  async transfer(viewer: Viewer, itemId: number, username: string): Promise<Item> {
    viewer.requireAdmin();
    const item = await this.find(itemId);
    const name = username.trim();
    if (!name) throw new DomainError('UserNotFound');
    const target = await (this.em as SqlEntityManager)
      .createQueryBuilder(User, 'u')
      .where('lower(u.username) = ?', [name.toLowerCase()])
      .getSingleResult();
    if (!target) throw new DomainError('UserNotFound');
    item.owner = target;
    await this.em.flush();
    await this.em.populate(item, ['owner']);
    return item;
  }

  private async find(itemId: number): Promise<Item> {
    const item = itemId > 0 ? await this.em.findOne(Item, { id: itemId }) : null;
    if (!item) throw new DomainError('ItemNotFound');
    return item;
  }

  private async memberCounts(itemIds: number[]): Promise<Map<number, number>> {
    const counts = new Map<number, Set<number>>();
    if (itemIds.length === 0) return new Map();
    const direct = await this.em.find(ItemMember, { item: { $in: itemIds } }, { fields: ['item', 'user'] });
    const viaTeams = await this.em.find(
      TeamItemMember,
      { item: { $in: itemIds } },
      { fields: ['item', 'user'] },
    );
    for (const m of [...direct, ...viaTeams]) {
      const set = counts.get(m.item.id) ?? new Set<number>();
      set.add(m.user.id);
      counts.set(m.item.id, set);
    }
    return new Map([...counts].map(([id, users]) => [id, users.size]));
  }
}
