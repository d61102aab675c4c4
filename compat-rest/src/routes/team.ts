import type { TeamSummary } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { teamRow } from '../presenters/team';
import { int, str } from '../params';
import type { Wire } from '../wire';

function listedTeam(summary: TeamSummary): Wire {
  return {
    ...teamRow(summary.team, true),
    memberCount: summary.memberCount,
    itemCount: summary.itemCount,
    team_manage: summary.rights.manage ? 1 : 0,
  };
}

/** `api/team/*` (compat-api §8.1). */
export const team: Controller = {
  /** An empty name is refused before the login check, as ShowDoc does; hence `opt`. */
  save: action({
    auth: 'opt',
    params: { team_name: str(), id: int() },
    async handle({ services, viewer }, p) {
      return teamRow(await services.teams.save(viewer, { id: p.id, name: p.team_name }));
    },
  }),

  getList: action({
    auth: 'login',
    params: {},
    async handle({ services, viewer }) {
      return (await services.teams.list(viewer)).map(listedTeam);
    },
  }),

  delete: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      await services.teams.delete(viewer, p.id);
      return { success: true };
    },
  }),

  attorn: action({
    auth: 'login',
    params: { team_id: int(), username: str(), password: str() },
    async handle({ services, viewer }, p) {
      await services.teams.attorn(viewer, p.team_id, p.username, p.password);
    },
  }),

  exitTeam: action({
    auth: 'login',
    params: { id: int() },
    async handle({ services, viewer }, p) {
      await services.teams.leave(viewer, p.id);
    },
  }),
};
