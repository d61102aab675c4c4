import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ItemMember,
  MemberGroup,
  TeamMember,
  TeamMemberGroup,
  type Item,
  type User,
} from '../../../../db/src';
import { openTestDb, type TestDb } from '../../../../test/support/db';
import { buildItem, buildUser, viewerOf } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { DomainError } from '../errors';

async function expectQuotaError(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).codeName).toBe('CollaboratorLimit');
  expect((err as DomainError).info.showdoc).toBe(10310);
  return err as DomainError;
}

describe.each(testDatabases())('collaborator quota on $name', (target) => {
  let db: TestDb;
  let owner: User, other: User, a: User, b: User, d: User, e: User;
  let item: Item, otherItem: Item;
  let teamId: number;

  const as = async (user: User) => {
    const services = db.services();
    return { services, viewer: await viewerOf(services.em, user) };
  };
  const setLimit = async (limit: number) => db.services().settings.set({ collaborator_limit: String(limit) });
  const addToItem = async (actor: User, itemId: number, usernames: string) => {
    const { services, viewer } = await as(actor);
    return services.members.add(viewer, { itemId, usernames, memberGroupId: MemberGroup.Edit });
  };
  const addToTeam = async (actor: User, usernames: string, group: number = TeamMemberGroup.Member) => {
    const { services, viewer } = await as(actor);
    return services.teams.addMembers(viewer, { teamId, usernames, teamMemberGroupId: group });
  };

  beforeAll(async () => {
    db = await openTestDb(target, 'quota');
    const em = db.services().em;
    const build = (username: string) => buildUser(em, { username });
    owner = await build('owner');
    other = await build('other');
    a = await build('qa');
    b = await build('qb');
    await build('qc');
    d = await build('qd');
    e = await build('qe');
    item = await buildItem(em, owner);
    otherItem = await buildItem(em, other);
    const { services, viewer } = await as(owner);
    teamId = (await services.teams.save(viewer, { name: 'Quota team' })).id;
  });
  afterAll(async () => db?.close());

  it('is unlimited by default', async () => {
    expect(await db.services().settings.get('collaborator_limit')).toBe('0');
    await addToTeam(owner, 'qa,qb');
    await addToItem(owner, item.id, 'qb,qc');
  });

  it('counts team members and item members together, each person once', async () => {
    // Collaborators of owner: qa, qb (team) + qb, qc (item) = 3 people.
    await setLimit(3);
    const err = await expectQuotaError(addToItem(owner, item.id, 'qd'));
    expect(err.message).toContain('limited to 3');
    expect(err.message).toContain('you have 3');
    await expectQuotaError(addToTeam(owner, 'qd'));
    await setLimit(4);
    const { added } = await addToItem(owner, item.id, 'qd');
    expect(added).toHaveLength(1);
    await expectQuotaError(addToTeam(owner, 'qe'));
  });

  it('lets an existing collaborator join more of the same owner’s items and teams at the limit', async () => {
    // qc is an item member; joining the team adds nobody new.
    const { added } = await addToTeam(owner, 'qc');
    expect(added.map((m) => m.user.username)).toEqual(['qc']);
    const second = await buildItem(db.services().em, owner);
    const more = await addToItem(owner, second.id, 'qa,qd');
    expect(more.added).toHaveLength(2);
  });

  it('refuses a list with one newcomer too many, and writes none of it', async () => {
    const second = await buildItem(db.services().em, owner);
    await expectQuotaError(addToItem(owner, second.id, 'qb,qe'));
    expect(await db.services().em.count(ItemMember, { item: second.id })).toBe(0);
    await expectQuotaError(addToTeam(owner, 'qe,qa'));
    expect(await db.services().em.count(TeamMember, { team: teamId, user: e.id })).toBe(0);
  });

  it("counts a team admin's additions against the team creator's quota", async () => {
    await addToTeam(owner, 'qd', TeamMemberGroup.Admin);
    await expectQuotaError(addToTeam(d, 'qe'));
  });

  it('never counts the owner, and keeps each owner’s quota apart', async () => {
    await addToTeam(owner, 'owner');
    // `other` has no collaborators yet: the same people count again for them.
    const { added } = await addToItem(other, otherItem.id, 'qa,qb,qc,qd');
    expect(added).toHaveLength(4);
    await expectQuotaError(addToItem(other, otherItem.id, 'qe'));
  });

  it('frees a place when a member leaves or an item is deleted', async () => {
    const { services, viewer } = await as(other);
    const member = await services.em.findOneOrFail(ItemMember, { item: otherItem.id, user: a.id });
    await services.members.remove(viewer, member.id, otherItem.id);
    expect((await addToItem(other, otherItem.id, 'qe')).added).toHaveLength(1);

    await setLimit(1);
    const em = db.services().em;
    const solo = await buildItem(em, other);
    await expectQuotaError(addToItem(other, solo.id, 'qa'));
    const deleted = await em.findOneOrFail(
      ItemMember,
      { item: otherItem.id, user: b.id },
      { populate: ['item'] },
    );
    deleted.item.deletedAt = new Date();
    await em.flush();
    // otherItem is deleted: only `solo` counts, with nobody in it yet.
    expect((await addToItem(other, solo.id, 'qa')).added).toHaveLength(1);
  });
});
