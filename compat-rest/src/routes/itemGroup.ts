import { DomainError, type GroupOrder, type ItemGroupView } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { idList, parseJsonParam } from '../form-values';
import { int, str } from '../params';
import { localTime, s, type Wire } from '../wire';

/** The `item_group` row, with `uid` or without (compat-api §4). */
function groupRow({ group, itemIds }: ItemGroupView, withUid: boolean): Wire {
  return {
    id: s(group.id),
    ...(withUid ? { uid: s(group.user.id) } : {}),
    group_name: group.name,
    item_ids: itemIds.join(','),
    s_number: s(group.sNumber),
    created_at: localTime(group.createdAt),
    updated_at: localTime(group.updatedAt),
  };
}

/** `groups`: a JSON list (maybe HTML-escaped) of `{id, s_number}`. */
function groupOrder(text: string): GroupOrder[] {
  const parsed = text ? parseJsonParam(text) : [];
  if (!Array.isArray(parsed) || !parsed.length) throw new DomainError('BadInput');
  return parsed.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return [];
    const { id, s_number: sNumber } = entry as Record<string, unknown>;
    const order = { id: Number(id), sNumber: Number(sNumber) };
    return Number.isSafeInteger(order.id) && Number.isSafeInteger(order.sNumber) ? [order] : [];
  });
}

export const itemGroup: Controller = {
  save: action({
    auth: 'login',
    params: { id: int(), group_name: str(), item_ids: str() },
    async handle({ services, viewer }, p) {
      const saved = await services.itemGroups.save(viewer, {
        id: p.id,
        name: p.group_name,
        itemIds: idList(p.item_ids),
      });
      return groupRow(saved, false);
    },
  }),

  getList: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      return (await services.itemGroups.list(viewer)).map((view) => groupRow(view, true));
    },
  }),

  delete: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      await services.itemGroups.delete(viewer, p.id);
      return { success: true };
    },
  }),

  saveSort: action({
    auth: 'login',
    params: { groups: str() },
    async handle({ services, viewer }, p) {
      await services.itemGroups.saveSort(viewer, groupOrder(p.groups));
    },
  }),
};
