// Over 500 lines on purpose: one method per team action (the team, its members, its items and the
// members' rights in them); each is a short permission check and one transaction, no cross-cutting part.
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import {
  Item,
  MemberGroup,
  Team,
  TeamItem,
  TeamItemMember,
  TeamMember,
  TeamMemberGroup,
  User,
} from '../../../../db/src';
import { verifyPassword } from '../accounts/password';
import type { ChangeLogService } from '../changelog/changelog.service';
import { DomainError } from '../errors';
import { assertCollaboratorQuota } from '../members/collaborator-quota';
import { findUsersByLogin, MAX_NAMES_PER_CALL, splitLogins } from '../members/find-users';
import { memberRemark, type SkipReason } from '../members/member.service';
import { requireMemberGroup, scopeCatalogs } from '../members/member-scope';
import type { PolicyService } from '../policy/policy.service';
import type { TeamPolicy, TeamRights } from '../policy/team.policy';
import type { SettingsService } from '../settings/settings.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';

export const MAX_TEAM_NAME_LENGTH = 100;

/** A team as its lists show it: with its counts and what the viewer may do with it. */
export interface TeamSummary {
  team: Team;
  memberCount: number;
  itemCount: number;
  rights: TeamRights;
}

export interface AddTeamMembersInput {
  teamId: number;
  /** One or several usernames (or e-mail addresses); a comma-separated string is split. */
  usernames: string | readonly string[];
  /** 1 ordinary member, 2 team admin. */
  teamMemberGroupId?: number;
}

export interface AddTeamMembersResult {
  added: TeamMember[];
  skipped: Array<{ username: string; reason: Exclude<SkipReason, 'owner'> }>;
}

export interface UpdateTeamItemMemberInput {
  memberGroupId?: number;
  /** Replaces the scope; omitted = unchanged. Dropped when the member is item admin. */
  catalogIds?: readonly number[];
}

export interface BindItemsResult {
  added: TeamItem[];
  /** Items that were bound already. */
  skipped: number[];
}

/**
 * Teams, their members, the items bound to them, and each member's rights in each bound item. The
 * TeamItemMember rows are kept in step here: binding an item gives every team member a row (edit),
 * a new team member gets a row for every bound item, and removals take the rows with them.
 */
export class TeamService {
  constructor(
    private readonly em: EntityManager,
    private readonly teamPolicy: TeamPolicy,
    private readonly policy: PolicyService,
    private readonly settings: SettingsService,
    private readonly changeLog: ChangeLogService,
  ) {}

  // ---- teams

  /** Teams the viewer created or belongs to, newest first. */
  async list(viewer: Viewer): Promise<TeamSummary[]> {
    const me = viewer.requireUser();
    const memberOf = (await this.em.find(TeamMember, { user: me })).map((m) => m.team.id);
    const teams = await this.em.find(
      Team,
      { $or: [{ owner: me }, { id: { $in: memberOf } }] },
      { populate: ['owner'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    return this.summaries(viewer, teams);
  }

  /** One team, for its managers and members. */
  async get(viewer: Viewer, teamId: number): Promise<TeamSummary> {
    const { team } = await this.teamPolicy.requireRead(viewer, teamId);
    const [summary] = await this.summaries(viewer, [team]);
    if (!summary) throw new DomainError('TeamNotFound');
    return summary;
  }

  /**
   * Creates a team (no id) or renames one (its managers only). The name is checked before anything
   * else, as ShowDoc does (even before the login check).
   */
  async save(viewer: Viewer, input: { id?: number; name: string }): Promise<Team> {
    const name = input.name.trim();
    if (!name) throw new DomainError('TeamNameRequired');
    if (name.length > MAX_TEAM_NAME_LENGTH) throw new DomainError('NameTooLong');
    const me = viewer.requireUser();
    if (input.id && input.id > 0) {
      const { team } = await this.teamPolicy.requireManage(
        viewer,
        input.id,
        () =>
          new DomainError('TeamManageDenied', { en: 'You may not manage this team', zh: '您没有管理权限' }),
      );
      team.name = name;
      await this.em.flush();
      return team;
    }
    const team = this.em.create(Team, { name, owner: me });
    await this.em.persist(team).flush();
    return team;
  }

  /** Deletes a team (its creator only) with its members, bindings and per-item rows. */
  async delete(viewer: Viewer, teamId: number): Promise<void> {
    viewer.requireUserId();
    if (teamId <= 0) throw new DomainError('BadInput');
    const { team } = await this.teamPolicy.requireOwner(
      viewer,
      teamId,
      () => new DomainError('TeamOwnerOnly', { en: 'Only the creator may delete this team', zh: '删除失败' }),
    );
    await inTransaction(this.em, async () => {
      await this.em.nativeDelete(TeamItemMember, { team });
      await this.em.nativeDelete(TeamItem, { team });
      await this.em.nativeDelete(TeamMember, { team });
      await this.em.remove(team).flush();
    });
  }

  /**
   * Hands the team to another user; the caller confirms with their login password. The bound items the
   * caller owns follow the team (ShowDoc's rule). ShowDoc also handed over bound items owned by other
   * people, which let a team creator take someone else's item: Quire leaves those with their owners.
   */
  async attorn(viewer: Viewer, teamId: number, username: string, password: string): Promise<Team> {
    const me = viewer.requireUser();
    if (teamId <= 0 || !username.trim() || !password) throw new DomainError('BadInput');
    const { team } = await this.teamPolicy.requireOwner(
      viewer,
      teamId,
      () =>
        new DomainError('TeamNotFound', {
          en: 'The team does not exist or is not yours',
          zh: '团队不存在或您没有权限',
        }),
    );
    if (!(await verifyPassword(me.passwordHash, password))) throw new DomainError('WrongPassword');
    const [target] = (await findUsersByLogin(this.em, [username.trim()])).values();
    if (!target) throw new DomainError('UserNotFound');
    await inTransaction(this.em, async () => {
      team.owner = target;
      const bound = await this.em.find(TeamItem, { team, item: { owner: me } }, { populate: ['item'] });
      for (const link of bound) link.item.owner = target;
      await this.em.flush();
    });
    return team;
  }

  /**
   * The caller quits a team: their membership and their rows in its items go. The creator cannot quit
   * (they would keep managing it anyway): transfer or delete it instead.
   */
  async leave(viewer: Viewer, teamId: number): Promise<void> {
    const me = viewer.requireUser();
    if (teamId <= 0) throw new DomainError('BadInput');
    const team = await this.teamPolicy.findTeam(teamId);
    if (team.owner.id === me.id) {
      throw new DomainError('OwnerCannotLeave', {
        en: 'You created this team: transfer or delete it instead of quitting',
        zh: '您是团队创建者，不能退出，请转让或删除团队',
      });
    }
    await inTransaction(this.em, async () => {
      await this.em.nativeDelete(TeamItemMember, { team, user: me });
      await this.em.nativeDelete(TeamMember, { team, user: me });
    });
  }

  // ---- team members

  /** The team's members, newest first; for its managers and members. */
  async members(viewer: Viewer, teamId: number): Promise<TeamMember[]> {
    requireTeamId(viewer, teamId);
    const { team } = await this.teamPolicy.requireRead(viewer, teamId);
    return this.em.find(
      TeamMember,
      { team },
      { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  }

  /**
   * Adds members (team managers only). Every newcomer gets edit rights in every bound item, and counts
   * against the team creator's collaborator quota. A single name that is already a member is an
   * error, as in ShowDoc; in a list such names are skipped and reported.
   */
  async addMembers(viewer: Viewer, input: AddTeamMembersInput): Promise<AddTeamMembersResult> {
    viewer.requireUserId();
    if (input.teamId <= 0) throw new DomainError('BadInput');
    const { team } = await this.teamPolicy.requireManage(viewer, input.teamId);
    const group = input.teamMemberGroupId ?? TeamMemberGroup.Member;
    if (group !== TeamMemberGroup.Member && group !== TeamMemberGroup.Admin) {
      throw new DomainError('TeamMemberGroupInvalid');
    }
    const logins = splitLogins(input.usernames);
    if (!logins.length) throw new DomainError('BadInput');
    const users = await findUsersByLogin(this.em, logins);
    const unknown = logins.filter((l) => !users.has(l));
    if (unknown.length) {
      throw new DomainError('UserNotFound', {
        en: `No such user: ${unknown.join(', ')}`,
        zh: '用户不存在',
      });
    }
    const existing = new Set(
      (await this.em.find(TeamMember, { team, user: { $in: [...users.values()].map((u) => u.id) } })).map(
        (m) => m.user.id,
      ),
    );
    const skipped: AddTeamMembersResult['skipped'] = [];
    const newcomers: User[] = [];
    for (const login of logins) {
      const user = users.get(login);
      if (!user) continue;
      if (existing.has(user.id) || newcomers.includes(user))
        skipped.push({ username: login, reason: 'member' });
      else newcomers.push(user);
    }
    if (!newcomers.length) throw new DomainError('TeamMemberExists');
    await assertCollaboratorQuota(
      this.em,
      this.settings,
      team.owner.id,
      newcomers.map((u) => u.id),
    );

    let added: TeamMember[];
    try {
      added = await inTransaction(this.em, async () => {
        const rows = newcomers.map((user) =>
          this.em.create(TeamMember, { team, user, teamMemberGroupId: group }),
        );
        this.em.persist(rows);
        const bound = await this.em.find(TeamItem, { team }, { populate: ['item'] });
        // An archived item's memberships stay as they were (member/save refuses them too).
        await this.addItemRows(
          team,
          bound.map((b) => b.item).filter((item) => !item.isArchived),
          newcomers,
        );
        await this.em.flush();
        return rows;
      });
    } catch (err) {
      // A concurrent request did the same: the unique index decides.
      if (err instanceof UniqueConstraintViolationException) throw new DomainError('TeamMemberExists');
      throw err;
    }
    return { added, skipped };
  }

  /** Makes a team member ordinary (1) or team admin (2); team managers only. */
  async updateMember(viewer: Viewer, teamMemberId: number, teamMemberGroupId: number): Promise<TeamMember> {
    const member = await this.findTeamMember(teamMemberId);
    await this.teamPolicy.requireManage(viewer, member.team.id);
    if (teamMemberGroupId !== TeamMemberGroup.Member && teamMemberGroupId !== TeamMemberGroup.Admin) {
      throw new DomainError('TeamMemberGroupInvalid');
    }
    member.teamMemberGroupId = teamMemberGroupId;
    await this.em.flush();
    return member;
  }

  /** Removes a team member (team managers only) with their rows in the team's items. */
  async removeMember(viewer: Viewer, teamMemberId: number): Promise<TeamMember> {
    viewer.requireUserId();
    if (teamMemberId <= 0) throw new DomainError('BadInput');
    const member = await this.findTeamMember(teamMemberId);
    await this.teamPolicy.requireManage(viewer, member.team.id);
    await inTransaction(this.em, async () => {
      await this.em.nativeDelete(TeamItemMember, { team: member.team, user: member.user });
      await this.em.remove(member).flush();
    });
    return member;
  }

  // ---- items bound to teams

  /** The live items bound to a team; for its managers and members. */
  async items(viewer: Viewer, teamId: number): Promise<TeamItem[]> {
    requireTeamId(viewer, teamId);
    const { team } = await this.teamPolicy.requireRead(viewer, teamId);
    return this.em.find(
      TeamItem,
      { team, item: { deletedAt: null } },
      { populate: ['item', 'item.owner'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  /** The teams bound to an item; for the item's managers. */
  async itemTeams(viewer: Viewer, itemId: number): Promise<TeamItem[]> {
    viewer.requireUserId();
    if (itemId <= 0)
      throw new DomainError('BadInput', { en: 'The item id is required', zh: '项目ID不能为空' });
    const { item } = await this.policy
      .requireManage(viewer, itemId, { allowArchived: true })
      .catch(rephrase('ItemManageDenied', { en: 'You may not manage this item', zh: '没有权限' }));
    return this.em.find(
      TeamItem,
      { item },
      { populate: ['team', 'team.owner'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  /**
   * Binds items to a team: the caller manages the team and every item (all checked before anything is
   * written; ShowDoc kept the items bound before the first refusal). Items bound already are skipped;
   * when nothing is left to bind, ShowDoc's 添加失败.
   */
  async bindItems(viewer: Viewer, teamId: number, itemIds: readonly number[]): Promise<BindItemsResult> {
    const actor = viewer.requireUser();
    const ids = [...new Set(itemIds.filter((id) => id > 0))];
    if (teamId <= 0 || !ids.length) throw new DomainError('BadInput');
    if (ids.length > MAX_NAMES_PER_CALL) {
      throw new DomainError('BadInput', {
        en: `At most ${MAX_NAMES_PER_CALL} items at once`,
        zh: `一次最多添加 ${MAX_NAMES_PER_CALL} 个项目`,
      });
    }
    const { team } = await this.teamPolicy.requireManage(viewer, teamId);
    const items: Item[] = [];
    for (const id of ids) {
      const { item } = await this.policy.requireManage(viewer, id).catch(
        rephrase('ItemManageDenied', {
          en: `You may not manage item ${id}`,
          zh: `项目 ${id} 没有权限`,
        }),
      );
      items.push(item);
    }
    const already = new Set(
      (await this.em.find(TeamItem, { team, item: { $in: items.map((i) => i.id) } })).map((l) => l.item.id),
    );
    const fresh = items.filter((i) => !already.has(i.id));
    if (!fresh.length) throw new DomainError('TeamItemBindFailed');

    let added: TeamItem[];
    try {
      added = await inTransaction(this.em, async () => {
        const links = fresh.map((item) => this.em.create(TeamItem, { team, item }));
        this.em.persist(links);
        const members = await this.em.find(TeamMember, { team }, { populate: ['user'] });
        await this.addItemRows(
          team,
          fresh,
          members.map((m) => m.user),
        );
        await this.em.flush();
        for (const item of fresh) {
          await this.changeLog.record(item, actor, {
            action: 'binding',
            objectType: 'team',
            objectId: team.id,
            objectName: team.name,
          });
        }
        return links;
      });
    } catch (err) {
      // A concurrent request did the same: the unique index decides.
      if (err instanceof UniqueConstraintViolationException) throw new DomainError('TeamItemBindFailed');
      throw err;
    }
    return { added, skipped: [...already] };
  }

  /**
   * Unbinds an item from a team, with the team members' rows in it. Team managers may, and so may the
   * item's managers: an owner must be able to take their item back from a team they do not run.
   */
  async unbindItem(viewer: Viewer, teamItemId: number): Promise<TeamItem> {
    const actor = viewer.requireUser();
    if (teamItemId <= 0) throw new DomainError('BadInput');
    const link = await this.em.findOne(TeamItem, { id: teamItemId }, { populate: ['team', 'item'] });
    if (!link) throw new DomainError('TeamItemNotFound');
    await this.teamPolicy.requireItemControl(viewer, link.team, link.item.id, { write: true });
    await inTransaction(this.em, async () => {
      await this.em.nativeDelete(TeamItemMember, { team: link.team, item: link.item });
      await this.em.remove(link).flush();
      await this.changeLog.record(link.item, actor, {
        action: 'unbound',
        objectType: 'team',
        objectId: link.team.id,
        objectName: link.team.name,
      });
    });
    return link;
  }

  // ---- per-item rights of team members

  /** Each team member's rights in one bound item; for the team's managers and the item's managers. */
  async itemMembers(viewer: Viewer, teamId: number, itemId: number): Promise<TeamItemMember[]> {
    viewer.requireUserId();
    if (teamId <= 0 || itemId <= 0) throw new DomainError('BadInput');
    const team = await this.teamPolicy.findTeam(teamId);
    await this.teamPolicy.requireItemControl(viewer, team, itemId, { write: false });
    return this.em.find(
      TeamItemMember,
      { team, item: itemId },
      { populate: ['user', 'catalogs'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  /** Tunes one team member's authority and catalog scope in one item; an empty input changes nothing. */
  async updateItemMember(
    viewer: Viewer,
    teamItemMemberId: number,
    input: UpdateTeamItemMemberInput,
  ): Promise<TeamItemMember> {
    const actor = viewer.requireUser();
    if (teamItemMemberId <= 0) throw new DomainError('BadInput');
    const row = await this.em.findOne(
      TeamItemMember,
      { id: teamItemMemberId },
      { populate: ['team', 'item', 'user', 'catalogs'] },
    );
    if (!row) throw new DomainError('TeamMemberNotFound');
    await this.teamPolicy.requireItemControl(viewer, row.team, row.item.id, { write: true });
    if (input.memberGroupId === undefined && input.catalogIds === undefined) return row;
    const group = requireMemberGroup(input.memberGroupId ?? row.memberGroupId);
    const catalogs =
      input.catalogIds !== undefined || group === MemberGroup.Admin
        ? await scopeCatalogs(this.em, row.item, input.catalogIds ?? [], group)
        : null;
    await inTransaction(this.em, async () => {
      row.memberGroupId = group;
      if (catalogs) row.catalogs.set(catalogs);
      await this.em.flush();
      await this.changeLog.record(row.item, actor, {
        action: 'update',
        objectType: 'member',
        objectId: row.user.id,
        objectName: row.user.username,
        remark: `${memberRemark(group, row.catalogs.count())} (team ${row.team.name})`,
      });
    });
    return row;
  }

  // ---- internals

  /** A TeamItemMember row (edit, whole item) per (item, user) that has none yet. */
  private async addItemRows(team: Team, items: Item[], users: User[]): Promise<void> {
    if (!items.length || !users.length) return;
    const existing = await this.em.find(TeamItemMember, {
      team,
      item: { $in: items.map((i) => i.id) },
      user: { $in: users.map((u) => u.id) },
    });
    const has = new Set(existing.map((r) => `${r.item.id}:${r.user.id}`));
    for (const item of items) {
      for (const user of users) {
        if (has.has(`${item.id}:${user.id}`)) continue;
        this.em.persist(
          this.em.create(TeamItemMember, { team, item, user, memberGroupId: MemberGroup.Edit }),
        );
      }
    }
  }

  private async findTeamMember(teamMemberId: number): Promise<TeamMember> {
    const member =
      teamMemberId > 0
        ? await this.em.findOne(TeamMember, { id: teamMemberId }, { populate: ['team', 'user'] })
        : null;
    if (!member) throw new DomainError('TeamMemberNotFound');
    return member;
  }

  /** Counts and the viewer's rights for teams already loaded, in three queries for all of them. */
  async summaries(viewer: Viewer, teams: Team[]): Promise<TeamSummary[]> {
    if (!teams.length) return [];
    const ids = teams.map((t) => t.id);
    const members = await this.em.find(TeamMember, { team: { $in: ids } });
    const links = await this.em.find(TeamItem, { team: { $in: ids } });
    const rights = await this.teamPolicy.rightsMany(viewer, teams);
    const count = (rows: Array<{ team: Team }>, id: number) => rows.filter((r) => r.team.id === id).length;
    return teams.map((team) => ({
      team,
      memberCount: count(members, team.id),
      itemCount: count(links, team.id),
      rights: rights.get(team.id) ?? { isOwner: false, manage: false, member: false, memberGroup: null },
    }));
  }
}

/** Keeps a domain error's code but words it as the endpoint at hand does (ShowDoc's per-endpoint texts). */
function rephrase(codeName: DomainError['codeName'], detail: { en: string; zh: string }) {
  return (err: unknown): never => {
    if (err instanceof DomainError && err.codeName === codeName) throw new DomainError(codeName, detail);
    throw err;
  };
}

/** ShowDoc's team lists need a team id before anything else (团队ID不能为空). */
function requireTeamId(viewer: Viewer, teamId: number): void {
  viewer.requireUserId();
  if (teamId <= 0) throw new DomainError('BadInput', { en: 'The team id is required', zh: '团队ID不能为空' });
}
