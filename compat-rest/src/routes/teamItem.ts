import { action, type Controller } from '../action';
import { idList } from '../form-values';
import { int } from '../params';
import { localTime, s, type Wire } from '../wire';
import { itemRow } from '../presenters/item';
import { teamRow } from '../presenters/team';

/** `api/teamItem/*` (compat-api §8.3). */
export const teamItem: Controller = {
  /** `item_id`: one id or a list (comma-separated, array or JSON array). */
  save: action({
    auth: 'login',
    params: { team_id: int() },
    async handle({ services, viewer, params }, p) {
      const { added } = await services.teams.bindItems(viewer, p.team_id, idList(params.get('item_id')));
      return { id: added.at(-1)?.id ?? 0 };
    },
  }),

  /** The teams bound to an item: TeamRow with the link's id (ShowDoc's `team_item.id as id`). */
  getList: action({
    auth: 'login',
    params: { item_id: int() },
    async handle({ services, viewer }, p) {
      const links = await services.teams.itemTeams(viewer, p.item_id);
      return links.map((link): Wire => ({
        ...teamRow(link.team, true),
        id: s(link.id),
        team_id: s(link.team.id),
      }));
    },
  }),

  /**
   * The items bound to a team: ItemRow with the link's id. ShowDoc sent each item's visit password
   * to every team member here; Quire keeps the key but sends '' (team members reach the items without
   * it, and managers read it in item/detail).
   */
  getListByTeam: action({
    auth: 'login',
    params: { team_id: int() },
    async handle({ services, viewer }, p) {
      const links = await services.teams.items(viewer, p.team_id);
      return links.map((link): Wire => {
        return {
          ...itemRow(link.item, link.item.owner),
          password: '',
          addtime: localTime(link.item.createdAt),
          team_id: s(link.team.id),
          id: s(link.id),
        };
      });
    },
  }),

  delete: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      await services.teams.unbindItem(viewer, p.id);
      return { success: true };
    },
  }),
};
