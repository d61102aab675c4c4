import type { EntityManager } from '@mikro-orm/core';
import { Team, TeamMember, TeamMemberGroup } from '../../../../db/src';
import { DomainError } from '../errors';
import type { Viewer } from '../viewer';
import type { PolicyService } from './policy.service';

/** What one viewer may do with one team. The only place in Quire that decides it. */
export interface TeamRights {
  /** The creator (`team.uid`): the only one who may delete or transfer the team. */
  isOwner: boolean;
  /** "Team manage": the creator, a team admin (group 2) or a site admin (compat-data §10.7). */
  manage: boolean;
  /** Has a team_member row (any group). */
  member: boolean;
  /** 1 ordinary, 2 team admin, or null when not a member. */
  memberGroup: number | null;
}

const NONE: TeamRights = { isOwner: false, manage: false, member: false, memberGroup: null };

/**
 * Team rules beside the item policy: only managers change a team; members may read it and quit it;
 * only the creator deletes or transfers it. Rights of many teams load in one query.
 */
export class TeamPolicy {
  constructor(
    private readonly em: EntityManager,
    private readonly items: PolicyService,
  ) {}

  async rightsMany(viewer: Viewer, teams: Team[]): Promise<Map<number, TeamRights>> {
    const result = new Map<number, TeamRights>();
    const user = viewer.user;
    if (!user || !teams.length) {
      for (const team of teams) result.set(team.id, NONE);
      return result;
    }
    const rows = await this.em.find(TeamMember, { user, team: { $in: teams.map((t) => t.id) } });
    const groupOf = new Map(rows.map((r) => [r.team.id, r.teamMemberGroupId]));
    for (const team of teams) {
      const memberGroup = groupOf.get(team.id) ?? null;
      const isOwner = team.owner.id === user.id;
      result.set(team.id, {
        isOwner,
        manage: isOwner || viewer.isAdmin || memberGroup === TeamMemberGroup.Admin,
        member: memberGroup !== null,
        memberGroup,
      });
    }
    return result;
  }

  async rights(viewer: Viewer, team: Team): Promise<TeamRights> {
    return (await this.rightsMany(viewer, [team])).get(team.id) ?? NONE;
  }

  /** The team, or TeamNotFound. */
  async findTeam(teamId: number): Promise<Team> {
    const team = teamId > 0 ? await this.em.findOne(Team, { id: teamId }, { populate: ['owner'] }) : null;
    if (!team) throw new DomainError('TeamNotFound');
    return team;
  }

  /** The team, if the viewer manages it (creator, team admin, site admin). */
  async requireManage(
    viewer: Viewer,
    teamId: number,
    denied: () => DomainError = () => new DomainError('TeamManageDenied'),
  ): Promise<{ team: Team; rights: TeamRights }> {
    viewer.requireUserId();
    const team = await this.findTeam(teamId);
    const rights = await this.rights(viewer, team);
    if (!rights.manage) throw denied();
    return { team, rights };
  }

  /** The team, if the viewer manages it or belongs to it: who may read its members and items. */
  async requireRead(viewer: Viewer, teamId: number): Promise<{ team: Team; rights: TeamRights }> {
    viewer.requireUserId();
    const team = await this.findTeam(teamId);
    const rights = await this.rights(viewer, team);
    if (!rights.manage && !rights.member) throw new DomainError('TeamManageDenied');
    return { team, rights };
  }

  /**
   * The team, if the viewer created it: deleting and transferring are the creator's alone. A missing
   * team answers `denied` too, as ShowDoc does (it looks the team up by id and creator at once).
   */
  async requireOwner(
    viewer: Viewer,
    teamId: number,
    denied: () => DomainError = () => new DomainError('TeamOwnerOnly'),
  ): Promise<{ team: Team; rights: TeamRights }> {
    viewer.requireUserId();
    const team = teamId > 0 ? await this.em.findOne(Team, { id: teamId }, { populate: ['owner'] }) : null;
    if (!team) throw denied();
    const rights = await this.rights(viewer, team);
    if (!rights.isOwner) throw denied();
    return { team, rights };
  }

  /**
   * Who may unbind an item from a team and tune the team members' rights in it: the team's managers,
   * and the item's managers too (ShowDoc allowed team managers only, so an owner could not take their
   * own item back from a team they do not run). A `write` to an archived item is refused whoever asks:
   * its memberships stay as they are, as its individual members do.
   */
  async requireItemControl(
    viewer: Viewer,
    team: Team,
    itemId: number,
    options: { write: boolean },
  ): Promise<void> {
    viewer.requireUserId();
    const item = await this.items.findItem(itemId);
    const live = item && !item.deletedAt ? item : null;
    const itemRights = live ? await this.items.rights(viewer, live) : null;
    // `manage` is off while an item is archived: its managers are those who manage it when active.
    const managesItem = !!itemRights?.managesWhenActive;
    if (!managesItem && !(await this.rights(viewer, team)).manage) throw new DomainError('TeamManageDenied');
    if (options.write && live?.isArchived) throw new DomainError('ItemArchived');
  }
}
