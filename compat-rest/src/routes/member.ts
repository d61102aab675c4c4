import { MemberGroup } from '../../../db/src';
import { action, type Controller } from '../action';
import { scopeColumns } from '../presenters/member';
import { idList } from '../form-values';
import { int, str, type RequestParams } from '../params';
import { localTime, s, sOrNull, type Wire } from '../wire';

/**
 * The scope a form asks for: `cat_ids` (array, `cat_ids[]`, JSON array or comma list) wins, then the
 * single legacy `cat_id`; 0 or nothing means the whole item.
 */
export function scopeFromForm(params: RequestParams, catId: number): number[] {
  const list = idList(params.get('cat_ids') ?? params.get('cat_ids[]'));
  if (list.length) return list;
  return catId > 0 ? [catId] : [];
}

const GROUP_NAMES: Record<number, string> = {
  [MemberGroup.Admin]: '管理',
  [MemberGroup.Edit]: '编辑',
  [MemberGroup.ReadOnly]: '只读',
};

/** `api/member/*` (compat-api §7): an item's individual members. */
export const member: Controller = {
  save: action({
    auth: 'login',
    params: { item_id: int(), username: str(), member_group_id: int(), cat_id: int() },
    async handle({ services, viewer, params }, p) {
      const { added } = await services.members.add(viewer, {
        itemId: p.item_id,
        usernames: p.username,
        memberGroupId: p.member_group_id,
        catalogIds: scopeFromForm(params, p.cat_id),
      });
      return { id: added.at(-1)?.id ?? 0 };
    },
  }),

  getList: action({
    auth: 'login',
    params: { item_id: int() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0) return [];
      const members = await services.members.list(viewer, p.item_id);
      return members.map((m): Wire => {
        const scope = scopeColumns(m.catalogs);
        return {
          item_member_id: s(m.id),
          item_id: s(m.item.id),
          uid: s(m.user.id),
          username: m.user.username,
          addtime: localTime(m.createdAt),
          member_group_id: s(m.memberGroupId),
          cat_id: scope.cat_id,
          // One catalog travels in cat_id alone: ShowDoc labels any non-empty cat_ids 多个目录.
          cat_ids: scope.cat_ids.length > 1 ? scope.cat_ids.join(',') : '',
          name: sOrNull(m.user.name),
          cat_name: scope.cat_name,
          member_group: `${GROUP_NAMES[m.memberGroupId] ?? '只读'}/目录：${scope.cat_name}`,
        };
      });
    },
  }),

  delete: action({
    auth: 'login',
    params: { item_id: int(), item_member_id: int() },
    async handle({ services, viewer }, p) {
      await services.members.remove(viewer, p.item_member_id, p.item_id);
      return { success: true };
    },
  }),

  getAllList: action({
    auth: 'login',
    params: { item_id: int() },
    async handle({ services, viewer }, p) {
      if (p.item_id <= 0) return [];
      const all = await services.members.collaborators(viewer, p.item_id);
      return all.map((c): Wire => ({
        item_id: p.item_id,
        uid: c.user.id,
        username: c.user.username,
        // ShowDoc shows the owner by username, with member_group_id "1" (not 2): kept for its clients.
        username_name: c.via === 'owner' ? c.user.username : c.user.name || c.user.username,
        member_group_id: c.via === 'owner' ? '1' : s(c.memberGroupId),
      }));
    },
  }),

  getMyAllList: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      const mine = await services.members.myCollaborators(viewer);
      return mine.map((m): Wire => ({
        uid: m.user.id,
        username: m.user.username,
        addtime: Math.floor(m.addedAt.getTime() / 1000),
      }));
    },
  }),
};
