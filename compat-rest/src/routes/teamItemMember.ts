import { action, type Controller } from '../action';
import { idList } from '../form-values';
import { int } from '../params';
import { localTime, s, ts, type Wire } from '../wire';
import { scopeColumns } from '../presenters/member';

/** `api/teamItemMember/*` (compat-api §8.4): each team member's rights in one bound item. */
export const teamItemMember: Controller = {
  /**
   * Applies only the fields the request carries (ShowDoc's rule, so a client changing the authority
   * does not clear the scope); `[]` when it carries none. `cat_ids` wins over the single `cat_id`.
   */
  save: action({
    auth: 'login',
    params: { id: int(), member_group_id: int(), cat_id: int() },
    async handle({ services, viewer, params }, p) {
      const has = (name: string) => params.get(name) !== undefined;
      const catIds = params.get('cat_ids') ?? params.get('cat_ids[]');
      let scope: number[] | undefined;
      if (catIds !== undefined) {
        const list = idList(catIds);
        scope = list.length ? list : has('cat_id') && p.cat_id > 0 ? [p.cat_id] : [];
      } else if (has('cat_id')) scope = p.cat_id > 0 ? [p.cat_id] : [];
      const input = {
        ...(has('member_group_id') ? { memberGroupId: p.member_group_id } : {}),
        ...(scope !== undefined ? { catalogIds: scope } : {}),
      };
      await services.teams.updateItemMember(viewer, p.id, input);
      return Object.keys(input).length ? { success: true } : [];
    },
  }),

  getList: action({
    auth: 'login',
    params: { item_id: int(), team_id: int() },
    async handle({ services, viewer }, p) {
      const rows = await services.teams.itemMembers(viewer, p.team_id, p.item_id);
      return rows.map((row): Wire => {
        const scope = scopeColumns(row.catalogs);
        return {
          id: s(row.id),
          team_id: s(row.team.id),
          item_id: s(row.item.id),
          member_group_id: s(row.memberGroupId),
          member_uid: s(row.user.id),
          member_username: row.user.username,
          addtime: localTime(row.createdAt),
          last_update_time: ts(row.createdAt),
          cat_id: scope.cat_id,
          cat_ids: scope.cat_ids,
          cat_name: scope.cat_name,
          name: s(row.user.name),
        };
      });
    },
  }),
};
