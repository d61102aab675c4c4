import type { EntityManager } from '@mikro-orm/core';
import { Item, ItemGroup, ItemGroupItem, ItemSort, type User } from '../../../../db/src';
import { DomainError } from '../errors';
import type { Viewer } from '../viewer';
import { inTransaction } from '../transaction';
import { isPosition } from './item.service';

export const MAX_GROUP_NAME_LENGTH = 100;

/** A user's item group with its items, in the order they were put in. */
export interface ItemGroupView {
  group: ItemGroup;
  itemIds: number[];
}

export interface SaveItemGroupInput {
  /** 0 or absent: a new group. */
  id?: number;
  name: string;
  itemIds: number[];
}

export interface GroupOrder {
  id: number;
  sNumber: number;
}

/** Item groups are private folders: every method acts on the caller's own groups only. */
export class ItemGroupService {
  constructor(private readonly em: EntityManager) {}

  async list(viewer: Viewer): Promise<ItemGroupView[]> {
    const user = viewer.requireUser();
    const groups = await this.em.find(ItemGroup, { user }, { orderBy: { sNumber: 'asc', id: 'asc' } });
    return this.withItems(groups);
  }

  /** Creates a group, or renames one and replaces its items. Unknown item ids are dropped. */
  async save(viewer: Viewer, input: SaveItemGroupInput): Promise<ItemGroupView> {
    const user = viewer.requireUser();
    const name = input.name.trim();
    if (!name) throw new DomainError('GroupNameRequired');
    if (name.length > MAX_GROUP_NAME_LENGTH) throw new DomainError('NameTooLong');
    const itemIds = await this.existingItems(input.itemIds);

    const group = input.id && input.id > 0 ? await this.ownGroup(user, input.id) : null;
    if (input.id && input.id > 0 && !group) throw new DomainError('ItemGroupDenied');
    const saved = await inTransaction(this.em, async () => {
      const target = group ?? this.em.create(ItemGroup, { user, name });
      target.name = name;
      this.em.persist(target);
      if (group) await this.em.nativeDelete(ItemGroupItem, { group });
      for (const itemId of itemIds) {
        this.em.persist(
          this.em.create(ItemGroupItem, { group: target, item: this.em.getReference(Item, itemId) }),
        );
      }
      await this.em.flush();
      return target;
    });
    return { group: saved, itemIds };
  }

  /** Deletes the group and the manual orders made inside it. */
  async delete(viewer: Viewer, id: number): Promise<void> {
    const user = viewer.requireUser();
    const group = await this.ownGroup(user, id);
    // ShowDoc answers 10101 here, where saving someone else's group answers 10103.
    if (!group) throw new DomainError('Failed', { en: 'This item group is not yours', zh: '没有权限' });
    await inTransaction(this.em, async () => {
      await this.em.nativeDelete(ItemSort, { groupId: group.id });
      await this.em.nativeDelete(ItemGroupItem, { group });
      this.em.remove(group);
      await this.em.flush();
    });
  }

  /** New positions of the caller's groups; ids of other users' groups are ignored. */
  async saveSort(viewer: Viewer, order: GroupOrder[]): Promise<void> {
    const user = viewer.requireUser();
    if (!order.length) throw new DomainError('BadInput');
    const positions = new Map(order.filter((o) => isPosition(o.sNumber)).map((o) => [o.id, o.sNumber]));
    const groups = await this.em.find(ItemGroup, { user, id: { $in: [...positions.keys()] } });
    for (const group of groups) group.sNumber = positions.get(group.id)!;
    await this.em.flush();
  }

  private async ownGroup(user: User, id: number): Promise<ItemGroup | null> {
    return this.em.findOne(ItemGroup, { id, user });
  }

  private async existingItems(ids: number[]): Promise<number[]> {
    const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (!wanted.length) return [];
    const found = new Set((await this.em.find(Item, { id: { $in: wanted } })).map((i) => i.id));
    return wanted.filter((id) => found.has(id));
  }

  private async withItems(groups: ItemGroup[]): Promise<ItemGroupView[]> {
    if (!groups.length) return [];
    const rows = await this.em.find(ItemGroupItem, { group: { $in: groups } }, { orderBy: { id: 'asc' } });
    return groups.map((group) => ({
      group,
      itemIds: rows.filter((r) => r.group.id === group.id).map((r) => r.item.id),
    }));
  }
}
