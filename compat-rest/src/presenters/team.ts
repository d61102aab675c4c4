// ShowDoc's TeamRow, shared by the team and team-item routes.
import type { Team } from '../../../db/src';
import { localTime, s, ts, type Wire } from '../wire';

/** ShowDoc's TeamRow (compat-api §8.1): `addtime` as unix seconds unless a list formats it. */
export function teamRow(team: Team, formatTime = false): { [key: string]: Wire } {
  return {
    id: s(team.id),
    team_name: team.name,
    uid: s(team.owner.id),
    username: team.owner.username,
    addtime: formatTime ? localTime(team.createdAt) : ts(team.createdAt),
    last_update_time: ts(team.updatedAt),
  };
}
