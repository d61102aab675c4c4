import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Catalog,
  Item,
  ItemChangeLog,
  MemberGroup,
  Team,
  TeamItem,
  TeamItemMember,
  TeamMember,
  TeamMemberGroup,
  UserGroup,
  type User,
} from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { buildItem, buildUser, DEFAULT_PASSWORD, viewerOf } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';

describe.each(testDatabases())('teams on $name', (target) => {
  let db: TestDb;
  let lead: User, deputy: User, worker: User, newcomer: User, outsider: User, admin: User, heir: User;
  let docs: Item, api: Item, foreign: Item;
  let catA: Catalog, catB: Catalog;
  let teamId: number;

  const as = async (user: User) => {
    const services = db.services();
    return { services, viewer: await viewerOf(services.em, user) };
  };
  const rightsOf = async (user: User, target: Item) => {
    const { services, viewer } = await as(user);
    return services.policy.rights(viewer, await services.em.findOneOrFail(Item, { id: target.id }));
  };
  const rowsOf = async (user: User) =>
    (await db.services().em.find(TeamItemMember, { user: user.id }, { orderBy: { item: 'asc' } })).map(
      (r) => [r.item.id, r.memberGroupId],
    );

  beforeAll(async () => {
    db = await openTestDb(target, 'teams');
    const em = db.services().em;
    lead = await buildUser(em, { username: 'lead' });
    deputy = await buildUser(em, { username: 'deputy' });
    worker = await buildUser(em, { username: 'worker', name: 'Worker W.' });
    newcomer = await buildUser(em, { username: 'newcomer' });
    outsider = await buildUser(em, { username: 'outsider' });
    admin = await buildUser(em, { username: 'root', groupId: UserGroup.Admin });
    heir = await buildUser(em, { username: 'heir' });
    docs = await buildItem(em, lead, { name: 'Docs' });
    api = await buildItem(em, lead, { name: 'API' });
    foreign = await buildItem(em, outsider, { name: 'Foreign' });
    catA = em.create(Catalog, { item: docs, name: 'A' });
    catB = em.create(Catalog, { item: docs, name: 'B' });
    await em.flush();
  });
  afterAll(async () => db?.close());

  it('creates a team; the name is checked first, then the login', async () => {
    const anonymous = db.services();
    await expectCode(
      anonymous.teams.save(await viewerOf(anonymous.em, null), { name: '  ' }),
      'TeamNameRequired',
    );
    await expectCode(
      anonymous.teams.save(await viewerOf(anonymous.em, null), { name: 'X' }),
      'LoginRequired',
    );
    const { services, viewer } = await as(lead);
    const team = await services.teams.save(viewer, { name: ' Core ' });
    expect(team).toMatchObject({ name: 'Core', owner: { id: lead.id } });
    teamId = team.id;
  });

  it('adds several members at once; a lone existing member or an unknown name is an error', async () => {
    const { services, viewer } = await as(lead);
    const { added } = await services.teams.addMembers(viewer, {
      teamId,
      usernames: 'deputy,worker',
      teamMemberGroupId: TeamMemberGroup.Member,
    });
    expect(added.map((m) => m.user.username)).toEqual(['deputy', 'worker']);
    const deputyRow = added[0]!;
    await services.teams.updateMember(viewer, deputyRow.id, TeamMemberGroup.Admin);
    await expectCode(services.teams.updateMember(viewer, deputyRow.id, 3), 'TeamMemberGroupInvalid');

    const again = await as(lead);
    await expectCode(
      again.services.teams.addMembers(again.viewer, { teamId, usernames: 'worker' }),
      'TeamMemberExists',
    );
    await expectCode(
      again.services.teams.addMembers(again.viewer, { teamId, usernames: 'ghost' }),
      'UserNotFound',
    );
    await expectCode(
      again.services.teams.addMembers(again.viewer, { teamId, usernames: 'heir', teamMemberGroupId: 5 }),
      'TeamMemberGroupInvalid',
    );
  });

  it('lets only team managers change a team; members may read it', async () => {
    const member = await as(worker);
    await expectCode(
      member.services.teams.save(member.viewer, { id: teamId, name: 'Mine' }),
      'TeamManageDenied',
    );
    await expectCode(
      member.services.teams.addMembers(member.viewer, { teamId, usernames: 'heir' }),
      'TeamManageDenied',
    );
    await expectCode(member.services.teams.bindItems(member.viewer, teamId, [docs.id]), 'TeamManageDenied');
    await expectCode(member.services.teams.delete(member.viewer, teamId), 'TeamOwnerOnly');
    const memberRow = await member.services.em.findOneOrFail(TeamMember, { team: teamId, user: worker.id });
    await expectCode(member.services.teams.removeMember(member.viewer, memberRow.id), 'TeamManageDenied');
    expect((await member.services.teams.members(member.viewer, teamId)).map((m) => m.user.username)).toEqual(
      expect.arrayContaining(['deputy', 'worker']),
    );

    const stranger = await as(outsider);
    await expectCode(stranger.services.teams.members(stranger.viewer, teamId), 'TeamManageDenied');
    await expectCode(stranger.services.teams.items(stranger.viewer, teamId), 'TeamManageDenied');
    await expectCode(stranger.services.teams.get(stranger.viewer, 999999), 'TeamNotFound');

    // A team admin manages the team, but deleting and transferring stay with the creator.
    const teamAdmin = await as(deputy);
    const renamed = await teamAdmin.services.teams.save(teamAdmin.viewer, { id: teamId, name: 'Core team' });
    expect(renamed.name).toBe('Core team');
    await expectCode(teamAdmin.services.teams.delete(teamAdmin.viewer, teamId), 'TeamOwnerOnly');
    const siteAdmin = await as(admin);
    expect((await siteAdmin.services.teams.get(siteAdmin.viewer, teamId)).rights.manage).toBe(true);
  });

  it('binding items gives every team member edit rights in them, and logs it', async () => {
    const { services, viewer } = await as(lead);
    const err = await expectCode(
      services.teams.bindItems(viewer, teamId, [docs.id, foreign.id]),
      'ItemManageDenied',
    );
    expect(err.localized('zh')).toBe(`项目 ${foreign.id} 没有权限`);
    expect(await services.em.count(TeamItem, { team: teamId })).toBe(0);

    const { added } = await services.teams.bindItems(viewer, teamId, [docs.id, api.id, docs.id]);
    expect(added.map((l) => l.item.id)).toEqual([docs.id, api.id]);
    expect(await rowsOf(worker)).toEqual([
      [docs.id, MemberGroup.Edit],
      [api.id, MemberGroup.Edit],
    ]);
    expect((await rightsOf(worker, docs)).edit).toBe(true);
    const log = await services.em.find(ItemChangeLog, { item: docs.id, objectType: 'team' });
    expect(log.map((l) => [l.actionType, l.objectName])).toEqual([['binding', 'Core team']]);

    const again = await as(lead);
    await expectCode(again.services.teams.bindItems(again.viewer, teamId, [docs.id]), 'TeamItemBindFailed');
  });

  it('a new team member gets a row for every bound item; removing them cleans up', async () => {
    const { services, viewer } = await as(deputy);
    const { added } = await services.teams.addMembers(viewer, { teamId, usernames: ['newcomer'] });
    expect(await rowsOf(newcomer)).toEqual([
      [docs.id, MemberGroup.Edit],
      [api.id, MemberGroup.Edit],
    ]);
    await services.teams.removeMember(viewer, added[0]!.id);
    expect(await rowsOf(newcomer)).toEqual([]);
    expect((await rightsOf(newcomer, docs)).visit).toBe(true); // open item: still readable, no longer editable
    expect((await rightsOf(newcomer, docs)).edit).toBe(false);
  });

  it("tunes a member's rights per item: several catalogs, scope ignored for item admins", async () => {
    const { services, viewer } = await as(lead);
    const rows = await services.teams.itemMembers(viewer, teamId, docs.id);
    const workerRow = rows.find((r) => r.user.id === worker.id)!;
    const scoped = await services.teams.updateItemMember(viewer, workerRow.id, {
      memberGroupId: MemberGroup.ReadOnly,
      catalogIds: [catA.id, catB.id],
    });
    expect(scoped.catalogs.getIdentifiers().sort()).toEqual([catA.id, catB.id].sort());
    expect(await rightsOf(worker, docs)).toMatchObject({
      edit: false,
      catalogScope: [catA.id, catB.id].sort((a, b) => a - b),
    });
    expect((await rightsOf(worker, api)).edit).toBe(true);

    const next = await as(lead);
    const promoted = await next.services.teams.updateItemMember(next.viewer, workerRow.id, {
      memberGroupId: MemberGroup.Admin,
      catalogIds: [catA.id],
    });
    expect(promoted.catalogs.count()).toBe(0);
    expect(await rightsOf(worker, docs)).toMatchObject({ manage: true, catalogScope: null });

    const back = await as(lead);
    await back.services.teams.updateItemMember(back.viewer, workerRow.id, {
      memberGroupId: MemberGroup.Edit,
    });
    await expectCode(
      back.services.teams.updateItemMember(back.viewer, workerRow.id, { catalogIds: [api.id * 1000] }),
      'MemberScopeInvalid',
    );
    await expectCode(back.services.teams.updateItemMember(back.viewer, 0, {}), 'BadInput');
    await expectCode(back.services.teams.updateItemMember(back.viewer, 999999, {}), 'TeamMemberNotFound');
    const member = await as(newcomer);
    await expectCode(member.services.teams.itemMembers(member.viewer, teamId, docs.id), 'TeamManageDenied');
  });

  it('leaving one item reached through a team keeps the team and its other items', async () => {
    const { services, viewer } = await as(worker);
    await services.items.leave(viewer, docs.id);
    const em = db.services().em;
    expect(await em.count(TeamMember, { team: teamId, user: worker.id })).toBe(1);
    expect(await rowsOf(worker)).toEqual([[api.id, MemberGroup.Edit]]);
    expect((await rightsOf(worker, docs)).edit).toBe(false);
    expect((await rightsOf(worker, api)).edit).toBe(true);
  });

  it('quitting a team removes the membership and its item rows; the creator cannot quit', async () => {
    const creator = await as(lead);
    await expectCode(creator.services.teams.leave(creator.viewer, teamId), 'OwnerCannotLeave');
    const { services, viewer } = await as(worker);
    await services.teams.leave(viewer, teamId);
    const em = db.services().em;
    expect(await em.count(TeamMember, { team: teamId, user: worker.id })).toBe(0);
    expect(await rowsOf(worker)).toEqual([]);
    const fresh = await as(worker);
    expect(await fresh.services.teams.list(fresh.viewer)).toEqual([]);
    await expectCode(services.teams.leave(viewer, 999999), 'TeamNotFound');
  });

  it('lists the teams of the viewer with counts and manage flags', async () => {
    const { services, viewer } = await as(deputy);
    const [summary] = await services.teams.list(viewer);
    expect(summary).toMatchObject({
      team: { id: teamId },
      memberCount: 1,
      itemCount: 2,
      rights: { manage: true, isOwner: false, member: true },
    });
  });

  it('an item manager may unbind their item from a team they do not run', async () => {
    const setup = await as(outsider);
    const side = await setup.services.teams.save(setup.viewer, { name: 'Side' });
    await setup.services.teams.addMembers(setup.viewer, { teamId: side.id, usernames: 'lead' });
    // lead is an ordinary member of Side, not a manager: binding needs team manage.
    const leadView = await as(lead);
    await expectCode(
      leadView.services.teams.bindItems(leadView.viewer, side.id, [api.id]),
      'TeamManageDenied',
    );
    // outsider manages Side and, as item admin of api, may bind it.
    await leadView.services.members.add(leadView.viewer, {
      itemId: api.id,
      usernames: 'outsider',
      memberGroupId: MemberGroup.Admin,
    });
    const bound = await setup.services.teams.bindItems(setup.viewer, side.id, [api.id]);
    const link = bound.added[0]!;
    const item = await as(lead);
    expect((await item.services.teams.itemTeams(item.viewer, api.id)).map((l) => l.team.name)).toEqual([
      'Core team',
      'Side',
    ]);
    await item.services.teams.unbindItem(item.viewer, link.id);
    expect(await db.services().em.count(TeamItemMember, { team: side.id })).toBe(0);
    const log = await db.services().em.find(ItemChangeLog, { item: api.id, objectType: 'team' });
    expect(log.map((l) => [l.actionType, l.objectName])).toContainEqual(['unbound', 'Side']);
    await expectCode(item.services.teams.unbindItem(item.viewer, link.id), 'TeamItemNotFound');
  });

  it("an archived item's team bindings and rights stay as they are, and stay readable", async () => {
    const { services, viewer } = await as(lead);
    const frozen = await buildItem(services.em, lead, { name: 'Frozen' });
    const { added } = await services.teams.bindItems(viewer, teamId, [frozen.id]);
    await db.services().em.nativeUpdate(Item, { id: frozen.id }, { isArchived: true });
    // lead created the team and owns the item: reading is fine, changing is not.
    const later = await as(lead);
    const rows = await later.services.teams.itemMembers(later.viewer, teamId, frozen.id);
    expect(rows.length).toBeGreaterThan(0);
    await expectCode(
      later.services.teams.updateItemMember(later.viewer, rows[0]!.id, {
        memberGroupId: MemberGroup.ReadOnly,
      }),
      'ItemArchived',
    );
    await expectCode(later.services.teams.unbindItem(later.viewer, added[0]!.id), 'ItemArchived');
    const stranger = await as(outsider);
    await expectCode(stranger.services.teams.unbindItem(stranger.viewer, added[0]!.id), 'TeamManageDenied');
    expect(await db.services().em.count(TeamItem, { team: teamId, item: frozen.id })).toBe(1);
    // Someone joining the team later gets rows in its active items only.
    const late = await buildUser(db.services().em, { username: 'late-joiner' });
    await later.services.teams.addMembers(later.viewer, { teamId, usernames: 'late-joiner' });
    const lateRows = await db.services().em.find(TeamItemMember, { team: teamId, user: late.id });
    expect(lateRows.length).toBeGreaterThan(0);
    expect(lateRows.map((r) => r.item.id)).not.toContain(frozen.id);
  });

  it('transfers a team with the bound items its creator owns, after the right password', async () => {
    const { services, viewer } = await as(lead);
    await expectCode(services.teams.attorn(viewer, teamId, 'heir', 'wrong-password'), 'WrongPassword');
    await expectCode(services.teams.attorn(viewer, teamId, 'nobody', DEFAULT_PASSWORD), 'UserNotFound');
    await expectCode(services.teams.attorn(viewer, teamId, '', DEFAULT_PASSWORD), 'BadInput');
    const teamAdmin = await as(deputy);
    const err = await expectCode(
      teamAdmin.services.teams.attorn(teamAdmin.viewer, teamId, 'heir', DEFAULT_PASSWORD),
      'TeamNotFound',
    );
    expect(err.localized('zh')).toBe('团队不存在或您没有权限');

    // A bound item owned by someone else stays with its owner.
    const other = await as(outsider);
    const otherItem = await buildItem(other.services.em, outsider, { name: 'Theirs' });
    await other.services.members.add(other.viewer, {
      itemId: otherItem.id,
      usernames: 'lead',
      memberGroupId: MemberGroup.Admin,
    });
    const again = await as(lead);
    await again.services.teams.bindItems(again.viewer, teamId, [otherItem.id]);

    const done = await as(lead);
    const team = await done.services.teams.attorn(done.viewer, teamId, 'heir', DEFAULT_PASSWORD);
    expect(team.owner.id).toBe(heir.id);
    const em = db.services().em;
    expect((await em.findOneOrFail(Item, { id: docs.id })).owner.id).toBe(heir.id);
    expect((await em.findOneOrFail(Item, { id: api.id })).owner.id).toBe(heir.id);
    expect((await em.findOneOrFail(Item, { id: otherItem.id })).owner.id).toBe(outsider.id);
    const heirView = await as(heir);
    expect((await heirView.services.teams.get(heirView.viewer, teamId)).rights.isOwner).toBe(true);
  });

  it('deletes a team (creator only) with its members, bindings and item rows', async () => {
    const creator = await as(lead);
    const err = await expectCode(creator.services.teams.delete(creator.viewer, teamId), 'TeamOwnerOnly');
    expect(err.localized('zh')).toBe('删除失败');
    const { services, viewer } = await as(heir);
    await services.teams.delete(viewer, teamId);
    const em = db.services().em;
    expect(await em.count(Team, { id: teamId })).toBe(0);
    expect(await em.count(TeamMember, { team: teamId })).toBe(0);
    expect(await em.count(TeamItem, { team: teamId })).toBe(0);
    expect(await em.count(TeamItemMember, { team: teamId })).toBe(0);
    expect((await rightsOf(deputy, docs)).edit).toBe(false);
  });
});
