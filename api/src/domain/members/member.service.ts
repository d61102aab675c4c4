import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { ItemMember, MemberGroup, TeamItemMember, TeamMember, type User } from '../../../../db/src';
import type { ChangeLogService } from '../changelog/changelog.service';
import { DomainError } from '../errors';
import { PolicyService } from '../policy/policy.service';
import type { SettingsService } from '../settings/settings.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';
import { assertCollaboratorQuota } from './collaborator-quota';
import { findUsersByLogin, splitLogins } from './find-users';
import { requireMemberGroup, scopeCatalogs } from './member-scope';
import { remindAboutItem } from '../messages/reminders';

export interface AddMembersInput {
  itemId: number;
  /** One or several usernames (or e-mail addresses); a comma-separated string is split. */
  usernames: string | readonly string[];
  memberGroupId: number;
  /** Top-level catalogs the members are limited to; empty = the whole item. Dropped for item admins. */
  catalogIds?: readonly number[];
}

export type SkipReason = 'unknown' | 'member' | 'owner';

export interface AddMembersResult {
  added: ItemMember[];
  /** Names not added, and why: ShowDoc skipped them without a word; Quire tells the caller. */
  skipped: Array<{ username: string; reason: SkipReason }>;
}

export interface UpdateMemberInput {
  memberGroupId?: number;
  /** Replaces the scope; omitted = unchanged. */
  catalogIds?: readonly number[];
}

/** Someone who works in an item: its owner, an item member, or a member through a team. */
export interface Collaborator {
  user: User;
  /** The group of the row that reached the user first (the owner counts as item admin). */
  memberGroupId: number;
  via: 'owner' | 'member' | 'team';
}

export interface MyCollaborator {
  user: User;
  /** When the most recent of their memberships (of my items or my teams) was created. */
  addedAt: Date;
}

/** Individual item members (ShowDoc's `item_member`); team members reach items through TeamService. */
export class MemberService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
    private readonly settings: SettingsService,
    private readonly changeLog: ChangeLogService,
  ) {}

  /** The item's own members, oldest first; for its managers (also while it is archived). */
  async list(viewer: Viewer, itemId: number): Promise<ItemMember[]> {
    const { item } = await this.policy.requireManage(viewer, itemId, { allowArchived: true });
    return this.em.find(
      ItemMember,
      { item },
      { populate: ['user', 'catalogs'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  /**
   * Adds members in one go. Unknown names, the owner and existing members are skipped and reported;
   * nobody added is an error (ShowDoc's 添加成员失败). Every newcomer counts against the owner's
   * collaborator quota before anything is written.
   */
  async add(viewer: Viewer, input: AddMembersInput): Promise<AddMembersResult> {
    const actor = viewer.requireUser();
    const { item } = await this.policy.requireManage(viewer, input.itemId);
    const group = requireMemberGroup(input.memberGroupId);
    const logins = splitLogins(input.usernames);
    if (!logins.length) throw new DomainError('UserNotFound');
    const catalogs = await scopeCatalogs(this.em, item, input.catalogIds ?? [], group);

    const users = await findUsersByLogin(this.em, logins);
    const existing = new Set(
      (await this.em.find(ItemMember, { item, user: { $in: [...users.values()].map((u) => u.id) } })).map(
        (m) => m.user.id,
      ),
    );
    const skipped: AddMembersResult['skipped'] = [];
    const newcomers: User[] = [];
    for (const login of logins) {
      const user = users.get(login);
      const reason: SkipReason | null = !user
        ? 'unknown'
        : user.id === item.owner.id
          ? 'owner'
          : existing.has(user.id) || newcomers.includes(user)
            ? 'member'
            : null;
      if (reason || !user) skipped.push({ username: login, reason: reason ?? 'unknown' });
      else newcomers.push(user);
    }
    if (!newcomers.length) {
      throw new DomainError('MemberAddFailed', {
        en: `No member was added: ${skipped.map((s) => `${s.username} (${describeSkip(s.reason)})`).join(', ')}`,
        zh: '添加成员失败',
      });
    }
    await assertCollaboratorQuota(
      this.em,
      this.settings,
      item.owner.id,
      newcomers.map((u) => u.id),
    );

    let added: ItemMember[];
    try {
      added = await inTransaction(this.em, async () => {
        const rows = newcomers.map((user) => {
          const member = this.em.create(ItemMember, { item, user, memberGroupId: group });
          member.catalogs.set(catalogs);
          return member;
        });
        await this.em.persist(rows).flush();
        for (const row of rows) {
          await this.changeLog.record(item, actor, {
            action: 'binding',
            objectType: 'member',
            objectId: row.user.id,
            objectName: row.user.username,
            remark: memberRemark(group, catalogs.length),
          });
        }
        await remindAboutItem(this.em, actor, newcomers, item, 'member');
        return rows;
      });
    } catch (err) {
      // Someone added the same member at the same moment: the unique index decides.
      if (err instanceof UniqueConstraintViolationException) throw new DomainError('MemberAddFailed');
      throw err;
    }
    return { added, skipped };
  }

  /** Changes a member's authority and/or catalog scope; a scope is dropped when they become item admin. */
  async update(viewer: Viewer, memberId: number, input: UpdateMemberInput): Promise<ItemMember> {
    const actor = viewer.requireUser();
    const member = await this.findMember(memberId);
    const { item } = await this.policy.requireManage(viewer, member.item.id);
    const group = requireMemberGroup(input.memberGroupId ?? member.memberGroupId);
    const catalogs =
      input.catalogIds !== undefined || group === MemberGroup.Admin
        ? await scopeCatalogs(this.em, item, input.catalogIds ?? [], group)
        : null;
    await inTransaction(this.em, async () => {
      member.memberGroupId = group;
      if (catalogs) member.catalogs.set(catalogs);
      await this.em.flush();
      await this.changeLog.record(item, actor, {
        action: 'update',
        objectType: 'member',
        objectId: member.user.id,
        objectName: member.user.username,
        remark: memberRemark(group, member.catalogs.count()),
      });
    });
    return member;
  }

  /**
   * Removes a member. `itemId`, when given (ShowDoc's form sends both), must be the member's item: a
   * member row of another item is "not found", whatever the caller manages.
   */
  async remove(viewer: Viewer, memberId: number, itemId?: number): Promise<ItemMember> {
    const actor = viewer.requireUser();
    if (memberId <= 0 || (itemId !== undefined && itemId <= 0)) throw new DomainError('BadInput');
    const member = await this.em.findOne(
      ItemMember,
      { id: memberId, ...(itemId !== undefined ? { item: itemId } : {}) },
      { populate: ['user'] },
    );
    // Permission first when the item is known, so a stranger cannot probe which member ids exist.
    if (!member && itemId === undefined) throw new DomainError('MemberNotFound');
    const { item } = await this.policy.requireManage(viewer, itemId ?? member?.item.id ?? 0);
    if (!member) throw new DomainError('MemberNotFound');
    await inTransaction(this.em, async () => {
      await this.em.remove(member).flush();
      await this.changeLog.record(item, actor, {
        action: 'unbound',
        objectType: 'member',
        objectId: member.user.id,
        objectName: member.user.username,
      });
    });
    return member;
  }

  /**
   * The member dialog's "all read-only" button: every item member and every member through a team
   * becomes read-only, catalog scopes kept. The caller's own rows are left alone, so an item admin who
   * presses it does not lock themselves out. Returns how many rows changed.
   */
  async setAllReadOnly(viewer: Viewer, itemId: number): Promise<number> {
    const actor = viewer.requireUser();
    const { item } = await this.policy.requireManage(viewer, itemId);
    const changed = await inTransaction(this.em, async () => {
      const notMe = { item, user: { $ne: actor.id }, memberGroupId: { $ne: MemberGroup.ReadOnly } };
      const rows = [
        ...(await this.em.find(ItemMember, notMe)),
        ...(await this.em.find(TeamItemMember, notMe)),
      ];
      for (const row of rows) row.memberGroupId = MemberGroup.ReadOnly;
      await this.em.flush();
      if (rows.length) {
        await this.changeLog.record(item, actor, {
          action: 'update',
          objectType: 'member',
          objectId: 0,
          objectName: '*',
          remark: 'all members read-only',
        });
      }
      return rows.length;
    });
    return changed;
  }

  /**
   * Everyone working in the item, for its editors (@-mention and notification pickers): the owner
   * first, then item members, then members through teams, each person once (ShowDoc's getAllList).
   */
  async collaborators(viewer: Viewer, itemId: number): Promise<Collaborator[]> {
    viewer.requireUserId();
    const item = await this.policy.findItem(itemId);
    if (!item || item.deletedAt) throw new DomainError('ItemNotFound');
    const rights = await this.policy.rights(viewer, item);
    if (!rights.editsWhenActive) throw new DomainError('MemberListDenied');
    await this.em.populate(item, ['owner']);
    const direct = await this.em.find(
      ItemMember,
      { item },
      { populate: ['user'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const viaTeams = await this.em.find(
      TeamItemMember,
      { item },
      { populate: ['user'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const result: Collaborator[] = [{ user: item.owner, memberGroupId: MemberGroup.Admin, via: 'owner' }];
    const seen = new Set([item.owner.id]);
    const add = (user: User, memberGroupId: number, via: Collaborator['via']) => {
      if (seen.has(user.id)) return;
      seen.add(user.id);
      result.push({ user, memberGroupId, via });
    };
    for (const m of direct) add(m.user, m.memberGroupId, 'member');
    for (const m of viaTeams) add(m.user, m.memberGroupId, 'team');
    return result;
  }

  /**
   * The people the caller works with: members of the items they own and of the teams they created,
   * each once, most recently added first (ShowDoc's getMyAllList).
   */
  async myCollaborators(viewer: Viewer): Promise<MyCollaborator[]> {
    const me = viewer.requireUser();
    const itemMembers = await this.em.find(
      ItemMember,
      { item: { owner: me, deletedAt: null } },
      { populate: ['user'] },
    );
    const teamMembers = await this.em.find(TeamMember, { team: { owner: me } }, { populate: ['user'] });
    const rows = [...itemMembers, ...teamMembers]
      .map((m) => ({ user: m.user, addedAt: m.createdAt }))
      .sort((a, b) => b.addedAt.getTime() - a.addedAt.getTime());
    const seen = new Set<number>();
    return rows.filter((row) => {
      if (seen.has(row.user.id)) return false;
      seen.add(row.user.id);
      return true;
    });
  }

  private async findMember(memberId: number): Promise<ItemMember> {
    const member =
      memberId > 0
        ? await this.em.findOne(ItemMember, { id: memberId }, { populate: ['user', 'catalogs', 'item'] })
        : null;
    if (!member) throw new DomainError('MemberNotFound', { en: 'No such member', zh: '成员不存在' });
    return member;
  }
}

function describeSkip(reason: SkipReason): string {
  return reason === 'unknown' ? 'no such user' : reason === 'owner' ? 'the owner' : 'already a member';
}

/** The change log's remark for a member's rights: `edit`, `read-only/2 catalogs`... */
export function memberRemark(group: number, scopeSize: number): string {
  const name = group === MemberGroup.Admin ? 'item admin' : group === MemberGroup.Edit ? 'edit' : 'read-only';
  return scopeSize > 0 ? `${name}/${scopeSize} catalogs` : name;
}
