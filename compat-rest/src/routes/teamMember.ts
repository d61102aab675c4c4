import { action, type Controller } from '../action';
import { int, str } from '../params';
import { localTime, s, sOrNull, ts, type Wire } from '../wire';

/** `api/teamMember/*` (compat-api §8.2). */
export const teamMember: Controller = {
  /** `member_username` may name several users, comma-separated (ShowDoc took one). */
  save: action({
    auth: 'login',
    params: { team_id: int(), member_username: str(), team_member_group_id: int(1) },
    async handle({ services, viewer }, p) {
      const { added } = await services.teams.addMembers(viewer, {
        teamId: p.team_id,
        usernames: p.member_username,
        teamMemberGroupId: p.team_member_group_id,
      });
      return { id: added.at(-1)?.id ?? 0 };
    },
  }),

  getList: action({
    auth: 'login',
    params: { team_id: int() },
    async handle({ services, viewer }, p) {
      const members = await services.teams.members(viewer, p.team_id);
      return members.map((m): Wire => ({
        id: s(m.id),
        team_id: s(m.team.id),
        member_uid: s(m.user.id),
        member_username: m.user.username,
        addtime: localTime(m.createdAt),
        last_update_time: ts(m.createdAt),
        team_member_group_id: s(m.teamMemberGroupId),
        name: sOrNull(m.user.name),
      }));
    },
  }),

  delete: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      await services.teams.removeMember(viewer, p.id);
      return { success: true };
    },
  }),
};
