import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ItemGroup, ItemGroupItem, ItemSort, type Item, type User } from '../../../../db/src';
import { buildItem, buildUser, viewerOf } from '../../../../test/support/factories';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { testDatabases } from '../../../../test/support/mysql';
import { expectCode } from '../../../../test/support/domain-errors';
import { Viewer } from '../viewer';

describe.each(testDatabases())('item groups on $name', (target) => {
  let db: TestDb;
  let alice: User;
  let bob: User;
  let first: Item;
  let second: Item;

  beforeAll(async () => {
    db = await openTestDb(target, 'item_groups');
    const em = db.services().em;
    alice = await buildUser(em, { username: 'alice' });
    bob = await buildUser(em, { username: 'bob' });
    first = await buildItem(em, alice, { name: 'First' });
    second = await buildItem(em, alice, { name: 'Second' });
  });
  afterAll(async () => db?.close());

  async function as(user: User) {
    const services = db.services();
    return { groups: services.itemGroups, items: services.items, viewer: await viewerOf(services.em, user) };
  }

  it('creates groups with their items and lists them by position, then id', async () => {
    const a = await as(alice);
    const work = await a.groups.save(a.viewer, {
      name: ' Work ',
      itemIds: [second.id, first.id, second.id, 987654],
    });
    expect(work.group.name).toBe('Work');
    expect(work.itemIds).toEqual([second.id, first.id]);
    const play = await a.groups.save(a.viewer, { name: 'Play', itemIds: [] });

    const list = await (await as(alice)).groups.list(a.viewer);
    expect(list.map((g) => [g.group.name, g.itemIds])).toEqual([
      ['Work', [second.id, first.id]],
      ['Play', []],
    ]);
    const b = await as(bob);
    expect(await b.groups.list(b.viewer)).toEqual([]);

    const sorter = await as(alice);
    await sorter.groups.saveSort(sorter.viewer, [
      { id: work.group.id, sNumber: 2 },
      { id: play.group.id, sNumber: 1 },
    ]);
    expect((await sorter.groups.list(sorter.viewer)).map((g) => g.group.name)).toEqual(['Play', 'Work']);
  });

  it('renames a group and replaces its items', async () => {
    const a = await as(alice);
    const group = await a.groups.save(a.viewer, { name: 'Draft', itemIds: [first.id] });
    const renamed = await (
      await as(alice)
    ).groups.save(a.viewer, {
      id: group.group.id,
      name: 'Final',
      itemIds: [second.id],
    });
    expect(renamed.group.id).toBe(group.group.id);
    const stored = await db.services().em.findOneOrFail(ItemGroup, { id: group.group.id });
    expect(stored.name).toBe('Final');
    const rows = await db.services().em.find(ItemGroupItem, { group: group.group.id });
    expect(rows.map((r) => r.item.id)).toEqual([second.id]);
  });

  it("refuses a blank name and someone else's group", async () => {
    const a = await as(alice);
    await expectCode(a.groups.save(a.viewer, { name: '  ', itemIds: [] }), 'GroupNameRequired');
    await expectCode(a.groups.save(a.viewer, { name: 'x'.repeat(101), itemIds: [] }), 'NameTooLong');
    const group = await a.groups.save(a.viewer, { name: 'Private', itemIds: [first.id] });
    const b = await as(bob);
    await expectCode(
      b.groups.save(b.viewer, { id: group.group.id, name: 'Taken', itemIds: [] }),
      'ItemGroupDenied',
    );
    await expectCode(b.groups.delete(b.viewer, group.group.id), 'Failed');
    await expectCode(b.groups.list(Viewer.anonymous()), 'LoginRequired');
    expect((await db.services().em.findOneOrFail(ItemGroup, { id: group.group.id })).name).toBe('Private');
  });

  it('ignores other users’ groups when sorting, and needs something to sort', async () => {
    const a = await as(alice);
    const group = await a.groups.save(a.viewer, { name: 'Fixed', itemIds: [] });
    const b = await as(bob);
    await b.groups.saveSort(b.viewer, [{ id: group.group.id, sNumber: 42 }]);
    expect((await db.services().em.findOneOrFail(ItemGroup, { id: group.group.id })).sNumber).toBe(0);
    await expectCode(b.groups.saveSort(b.viewer, []), 'BadInput');
  });

  it('deletes a group with its item links and the manual order made in it', async () => {
    const a = await as(alice);
    const group = await a.groups.save(a.viewer, { name: 'Temporary', itemIds: [first.id, second.id] });
    await a.items.sort(a.viewer, group.group.id, [
      { itemId: second.id, sNumber: 1 },
      { itemId: first.id, sNumber: 2 },
    ]);
    await a.items.sort(a.viewer, 0, [{ itemId: first.id, sNumber: 1 }]);
    const listed = await (await as(alice)).items.myList(a.viewer, { groupId: group.group.id });
    expect(listed.entries.map((e) => e.item.id)).toEqual([second.id, first.id]);

    const d = await as(alice);
    await d.groups.delete(d.viewer, group.group.id);
    const em = db.services().em;
    expect(await em.count(ItemGroup, { id: group.group.id })).toBe(0);
    expect(await em.count(ItemGroupItem, { group: group.group.id })).toBe(0);
    expect(await em.count(ItemSort, { groupId: group.group.id })).toBe(0);
    // The order of the "all items" view stays.
    expect(await em.count(ItemSort, { groupId: 0, user: alice.id })).toBe(1);
  });
});
