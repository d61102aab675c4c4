import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Catalog,
  ItemChangeLog,
  ItemMember,
  MemberGroup,
  TeamItemMember,
  Item,
  UserGroup,
  type User,
} from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { buildItem, buildUser, viewerOf } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';

describe.each(testDatabases())('item members on $name', (target) => {
  let db: TestDb;
  let owner: User, stranger: User, alice: User, bob: User, carol: User, admin: User;
  let item: Item, otherItem: Item;
  let catA: Catalog, catB: Catalog, catChild: Catalog, foreignCat: Catalog;

  /** Fresh services (one request) and the viewer for `user` in them. */
  const as = async (user: User) => {
    const services = db.services();
    return { services, viewer: await viewerOf(services.em, user) };
  };
  /** What `user` may do in `target`, decided afresh by the policy. */
  const rightsOf = async (user: User, target: Item) => {
    const { services, viewer } = await as(user);
    return services.policy.rights(viewer, await services.em.findOneOrFail(Item, { id: target.id }));
  };

  beforeAll(async () => {
    db = await openTestDb(target, 'members');
    const em = db.services().em;
    owner = await buildUser(em, { username: 'owner' });
    stranger = await buildUser(em, { username: 'stranger' });
    alice = await buildUser(em, { username: 'alice', name: 'Alice A.' });
    bob = await buildUser(em, { username: 'bob', email: 'bob@example.com' });
    carol = await buildUser(em, { username: 'carol' });
    admin = await buildUser(em, { username: 'root', groupId: UserGroup.Admin });
    item = await buildItem(em, owner, { name: 'Docs' });
    otherItem = await buildItem(em, owner, { name: 'Other' });
    catA = em.create(Catalog, { item, name: 'A' });
    catB = em.create(Catalog, { item, name: 'B' });
    await em.flush();
    catChild = em.create(Catalog, { item, name: 'A/1', parent: catA, level: 2 });
    foreignCat = em.create(Catalog, { item: otherItem, name: 'Foreign' });
    await em.flush();
  });
  afterAll(async () => db?.close());

  it('adds several members at once, reports the skipped names, and logs each addition', async () => {
    const { services, viewer } = await as(owner);
    const result = await services.members.add(viewer, {
      itemId: item.id,
      usernames: 'alice, BOB@example.com,nobody,owner,alice',
      memberGroupId: MemberGroup.Edit,
    });
    expect(result.added.map((m) => m.user.username)).toEqual(['alice', 'bob']);
    expect(result.skipped).toEqual([
      { username: 'nobody', reason: 'unknown' },
      { username: 'owner', reason: 'owner' },
    ]);
    const log = await services.em.find(ItemChangeLog, { item: item.id, objectType: 'member' });
    expect(log.map((l) => [l.actionType, l.objectName])).toEqual([
      ['binding', 'alice'],
      ['binding', 'bob'],
    ]);

    const again = await as(owner);
    const err = await expectCode(
      again.services.members.add(again.viewer, { itemId: item.id, usernames: 'alice', memberGroupId: 0 }),
      'MemberAddFailed',
    );
    expect(err.localized('zh')).toBe('添加成员失败');
    expect(err.localized('en')).toContain('alice (already a member)');
  });

  it('gives the new member their rights at once, and lists members oldest first', async () => {
    expect((await rightsOf(alice, item)).edit).toBe(true);
    const { services, viewer } = await as(owner);
    const list = await services.members.list(viewer, item.id);
    expect(list.map((m) => m.user.username)).toEqual(['alice', 'bob']);
  });

  it('scopes a member to several top-level catalogs', async () => {
    const { services, viewer } = await as(owner);
    const { added } = await services.members.add(viewer, {
      itemId: item.id,
      usernames: ['carol'],
      memberGroupId: MemberGroup.ReadOnly,
      catalogIds: [catB.id, catA.id, catA.id],
    });
    expect(added[0]!.catalogs.getIdentifiers()).toEqual([catB.id, catA.id]);
    const rights = await rightsOf(carol, item);
    expect(rights.catalogScope).toEqual([catA.id, catB.id].sort((a, b) => a - b));
    expect(rights.edit).toBe(false);
    expect(rights.visit).toBe(true);
  });

  it('refuses a scope that is not a top-level catalog of the item', async () => {
    for (const bad of [catChild.id, foreignCat.id, 999999]) {
      const { services, viewer } = await as(owner);
      const err = await expectCode(
        services.members.add(viewer, {
          itemId: item.id,
          usernames: 'stranger',
          memberGroupId: MemberGroup.Edit,
          catalogIds: [catA.id, bad],
        }),
        'MemberScopeInvalid',
      );
      expect(err.message).toContain(String(bad));
    }
    const { services } = await as(owner);
    expect(await services.em.count(ItemMember, { user: stranger.id })).toBe(0);
  });

  it('ignores the catalog scope of an item admin, on add and on update', async () => {
    const { services, viewer } = await as(owner);
    const { added } = await services.members.add(viewer, {
      itemId: otherItem.id,
      usernames: 'carol',
      memberGroupId: MemberGroup.Admin,
      catalogIds: [foreignCat.id],
    });
    expect(added[0]!.catalogs.count()).toBe(0);

    const member = await services.em.findOneOrFail(ItemMember, { item: item.id, user: carol.id });
    const next = await as(owner);
    const updated = await next.services.members.update(next.viewer, member.id, {
      memberGroupId: MemberGroup.Admin,
    });
    expect(updated.memberGroupId).toBe(MemberGroup.Admin);
    expect(updated.catalogs.count()).toBe(0);
    expect(await rightsOf(carol, item)).toMatchObject({ manage: true, catalogScope: null });

    const back = await as(owner);
    const readOnly = await back.services.members.update(back.viewer, member.id, {
      memberGroupId: MemberGroup.ReadOnly,
      catalogIds: [catB.id],
    });
    expect(readOnly.catalogs.getIdentifiers()).toEqual([catB.id]);
  });

  it('refuses bad groups, empty names and non-managers with clear errors', async () => {
    const { services, viewer } = await as(owner);
    await expectCode(
      services.members.add(viewer, { itemId: item.id, usernames: 'stranger', memberGroupId: 3 }),
      'MemberGroupInvalid',
    );
    await expectCode(
      services.members.add(viewer, { itemId: item.id, usernames: ' , ', memberGroupId: 1 }),
      'UserNotFound',
    );
    await expectCode(
      services.members.add(viewer, {
        itemId: item.id,
        usernames: Array.from({ length: 101 }, (_, i) => `name${i}`),
        memberGroupId: 1,
      }),
      'BadInput',
    );
    const editor = await as(alice);
    await expectCode(
      editor.services.members.add(editor.viewer, {
        itemId: item.id,
        usernames: 'stranger',
        memberGroupId: 1,
      }),
      'ItemManageDenied',
    );
    await expectCode(editor.services.members.list(editor.viewer, item.id), 'ItemManageDenied');
    const outsider = await as(stranger);
    await expectCode(outsider.services.members.collaborators(outsider.viewer, item.id), 'MemberListDenied');
  });

  it('lets a site admin manage members of any item', async () => {
    const { services, viewer } = await as(admin);
    const list = await services.members.list(viewer, item.id);
    expect(list.length).toBeGreaterThan(0);
  });

  it('removes a member only through the item it belongs to', async () => {
    const { services, viewer } = await as(owner);
    const bobRow = await services.em.findOneOrFail(ItemMember, { item: item.id, user: bob.id });
    await expectCode(services.members.remove(viewer, bobRow.id, otherItem.id), 'MemberNotFound');
    const outsider = await as(stranger);
    await expectCode(
      outsider.services.members.remove(outsider.viewer, bobRow.id, item.id),
      'ItemManageDenied',
    );
    await expectCode(services.members.remove(viewer, 0, item.id), 'BadInput');

    const removed = await services.members.remove(viewer, bobRow.id, item.id);
    expect(removed.user.username).toBe('bob');
    expect((await rightsOf(bob, item)).memberGroup).toBeNull();
    const log = await services.em.findOneOrFail(ItemChangeLog, {
      item: item.id,
      actionType: 'unbound',
      objectType: 'member',
    });
    expect(log.objectName).toBe('bob');
  });

  it('sets everyone but the caller read-only, team members included', async () => {
    const setup = db.services().em;
    const dave = await buildUser(setup, { username: 'dave' });
    const team = await (
      await as(owner)
    ).services.teams.save(await viewerOf(db.services().em, owner), {
      name: 'Writers',
    });
    const o = await as(owner);
    await o.services.teams.addMembers(o.viewer, { teamId: team.id, usernames: 'dave' });
    await o.services.teams.bindItems(o.viewer, team.id, [item.id]);

    // carol is item admin of otherItem: pressing the button there leaves her own row alone.
    const c = await as(carol);
    const { added } = await c.services.members.add(c.viewer, {
      itemId: otherItem.id,
      usernames: 'alice',
      memberGroupId: MemberGroup.Edit,
    });
    expect(added).toHaveLength(1);
    expect(await c.services.members.setAllReadOnly(c.viewer, otherItem.id)).toBe(1);
    const rows = await db.services().em.find(ItemMember, { item: otherItem.id }, { populate: ['user'] });
    expect(Object.fromEntries(rows.map((r) => [r.user.username, r.memberGroupId]))).toEqual({
      carol: MemberGroup.Admin,
      alice: MemberGroup.ReadOnly,
    });

    const again = await as(owner);
    expect(await again.services.members.setAllReadOnly(again.viewer, item.id)).toBeGreaterThanOrEqual(2);
    const check = db.services().em;
    expect(await check.count(ItemMember, { item: item.id, memberGroupId: { $ne: 0 } })).toBe(0);
    expect(await check.count(TeamItemMember, { item: item.id, user: dave.id, memberGroupId: 0 })).toBe(1);
    expect((await rightsOf(dave, item)).edit).toBe(false);
  });

  it('lists everyone working in an item once: owner, members, then team members', async () => {
    const { services, viewer } = await as(owner);
    const all = await services.members.collaborators(viewer, item.id);
    expect(all[0]).toMatchObject({ via: 'owner', user: { username: 'owner' } });
    const names = all.map((c) => c.user.username);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['alice', 'carol', 'dave']));
    expect(all.find((c) => c.user.username === 'dave')?.via).toBe('team');
  });

  it("lists the caller's collaborators once, newest first", async () => {
    const { services, viewer } = await as(owner);
    const mine = await services.members.myCollaborators(viewer);
    const names = mine.map((m) => m.user.username);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['alice', 'carol', 'dave']));
    expect(names).not.toContain('owner');
    const times = mine.map((m) => m.addedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
