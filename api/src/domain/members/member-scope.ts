import type { EntityManager } from '@mikro-orm/core';
import { Catalog, MemberGroup, type Item } from '../../../../db/src';
import { DomainError } from '../errors';

export const MEMBER_GROUPS: readonly number[] = [MemberGroup.ReadOnly, MemberGroup.Edit, MemberGroup.Admin];

export function requireMemberGroup(group: number): number {
  if (!MEMBER_GROUPS.includes(group)) throw new DomainError('MemberGroupInvalid');
  return group;
}

/**
 * The catalogs a member of `item` is limited to. Only top-level, live catalogs of the item qualify
 * (ShowDoc dropped other ids in silence; Quire says which input is wrong). An item admin is never
 * limited: the scope applies below group 2 only, so it is dropped for them.
 */
export async function scopeCatalogs(
  em: EntityManager,
  item: Item,
  catalogIds: readonly number[],
  group: number,
): Promise<Catalog[]> {
  if (group >= MemberGroup.Admin) return [];
  const ids = [...new Set(catalogIds.filter((id) => id > 0))];
  if (!ids.length) return [];
  const catalogs = await em.find(Catalog, { id: { $in: ids } });
  const usable = new Map(
    catalogs
      .filter((c) => c.item.id === item.id && c.parent === null && c.deletedAt === null)
      .map((c) => [c.id, c]),
  );
  const bad = ids.filter((id) => !usable.has(id));
  if (bad.length) {
    throw new DomainError('MemberScopeInvalid', {
      en: `Catalog ${bad.join(', ')} is not a top-level catalog of this item`,
      zh: `目录 ${bad.join(', ')} 不是本项目的一级目录`,
    });
  }
  return ids.flatMap((id) => usable.get(id) ?? []);
}
