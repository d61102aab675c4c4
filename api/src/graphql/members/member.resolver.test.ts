import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import type { Catalog, Item, User } from '../../../../db/src';
import { buildServices } from '../../domain';
import { buildCatalog, buildItem, buildSession, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type GraphQLAnswer, type TestServer } from '../../../../test/support/server';

interface MemberData {
  id: number;
  itemId: number;
  user: { username: string };
  memberGroupId: number;
  catalogScope: Array<{ id: number; name: string }>;
}
const MEMBER_FIELDS = 'id itemId user { username } memberGroupId catalogScope { id name }';

describe.each(testDatabases())('GraphQL item members on $name', (target) => {
  let server: TestServer;
  let em: () => EntityManager;
  let owner: User, bob: User;
  let ownerToken: string, bobToken: string, carolToken: string;
  let item: Item;
  let catA: Catalog, catB: Catalog;

  function ok<T>(answer: GraphQLAnswer<T>): T {
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }
  const errorOf = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0]?.extensions;

  const addMembers = (token: string, input: Record<string, unknown>) =>
    server.graphql<{
      addItemMembers: { added: MemberData[]; skipped: Array<{ username: string; reason: string }> };
    }>(
      `mutation A($input: AddItemMembersInput!) {
        addItemMembers(input: $input) { added { ${MEMBER_FIELDS} } skipped { username reason } } }`,
      { input },
      token,
    );
  const rights = (token: string) =>
    server.graphql<{ item: { viewerRights: { visit: boolean; edit: boolean; manage: boolean } } }>(
      `query R($id: Int) { item(id: $id) { viewerRights { visit edit manage } } }`,
      { id: item.id },
      token,
    );

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_members');
    em = () => server.db.orm.em.fork();
    owner = await buildUser(em(), { username: 'owner' });
    bob = await buildUser(em(), { username: 'bob' });
    const carol = await buildUser(em(), { username: 'carol', name: 'Carol' });
    await buildUser(em(), { username: 'dave' });
    ownerToken = await buildSession(em(), owner);
    bobToken = await buildSession(em(), bob);
    carolToken = await buildSession(em(), carol);
    item = await buildItem(em(), owner, { name: 'Private', password: 'pw' });
    catA = await buildCatalog(em(), item, { name: 'A' });
    catB = await buildCatalog(em(), item, { name: 'B' });
  });
  afterAll(async () => server?.close());

  it('adds members scoped to several catalogs and reports the names it skipped', async () => {
    expect(errorOf(await rights(bobToken))).toMatchObject({ showdocCode: 10303 }); // private item
    const answer = ok(
      await addMembers(ownerToken, {
        itemId: item.id,
        usernames: ['bob', 'carol', 'nobody'],
        memberGroupId: 0,
        catalogIds: [catA.id, catB.id],
      }),
    ).addItemMembers;
    expect(
      answer.added.map((m) => [m.user.username, m.memberGroupId, m.catalogScope.map((c) => c.name)]),
    ).toEqual([
      ['bob', 0, ['A', 'B']],
      ['carol', 0, ['A', 'B']],
    ]);
    expect(answer.skipped).toEqual([{ username: 'nobody', reason: 'UNKNOWN' }]);
  });

  it('Item.viewerRights follows membership changes', async () => {
    expect(ok(await rights(bobToken)).item.viewerRights).toEqual({ visit: true, edit: false, manage: false });
    const [bobRow] = ok(
      await server.graphql<{ itemMembers: MemberData[] }>(
        `query M($id: Int!) { itemMembers(itemId: $id) { ${MEMBER_FIELDS} } }`,
        { id: item.id },
        ownerToken,
      ),
    ).itemMembers;
    const updated = ok(
      await server.graphql<{ updateItemMember: MemberData }>(
        `mutation U($input: UpdateMemberInput!) { updateItemMember(input: $input) { ${MEMBER_FIELDS} } }`,
        { input: { id: bobRow!.id, memberGroupId: 2, catalogIds: [catA.id] } },
        ownerToken,
      ),
    ).updateItemMember;
    expect(updated).toMatchObject({ memberGroupId: 2, catalogScope: [] });
    expect(ok(await rights(bobToken)).item.viewerRights).toEqual({ visit: true, edit: true, manage: true });

    // bob, item admin now, makes everyone else read-only; then removes carol.
    const changed = ok(
      await server.graphql<{ setItemMembersReadOnly: number }>(
        `mutation S($id: Int!) { setItemMembersReadOnly(itemId: $id) }`,
        { id: item.id },
        bobToken,
      ),
    ).setItemMembersReadOnly;
    expect(changed).toBe(0); // carol was read-only already
    const members = ok(
      await server.graphql<{ itemMembers: MemberData[] }>(
        `query M($id: Int!) { itemMembers(itemId: $id) { ${MEMBER_FIELDS} } }`,
        { id: item.id },
        bobToken,
      ),
    ).itemMembers;
    const carolRow = members.find((m) => m.user.username === 'carol')!;
    expect(
      ok(
        await server.graphql<{ removeItemMember: boolean }>(
          `mutation D($id: Int!) { removeItemMember(id: $id) }`,
          { id: carolRow.id },
          bobToken,
        ),
      ).removeItemMember,
    ).toBe(true);
    const denied = await rights(carolToken);
    expect(denied.errors?.[0]?.extensions).toMatchObject({ showdocCode: 10303 });
  });

  it('refuses non-managers and bad input with stable codes', async () => {
    const asCarol = await addMembers(carolToken, { itemId: item.id, usernames: ['dave'], memberGroupId: 1 });
    expect(errorOf(asCarol)).toEqual({ code: 'FORBIDDEN', showdocCode: 10303 });
    const badScope = await addMembers(ownerToken, {
      itemId: item.id,
      usernames: ['dave'],
      memberGroupId: 1,
      catalogIds: [999999],
    });
    expect(errorOf(badScope)).toEqual({ code: 'BAD_INPUT', showdocCode: 10101 });
    const badGroup = await addMembers(ownerToken, { itemId: item.id, usernames: ['dave'], memberGroupId: 9 });
    expect(errorOf(badGroup)).toEqual({ code: 'BAD_INPUT', showdocCode: 10101 });
    const again = await addMembers(ownerToken, { itemId: item.id, usernames: ['bob'], memberGroupId: 1 });
    expect(errorOf(again)).toEqual({ code: 'MEMBER_ADD_FAILED', showdocCode: 10101 });
  });

  it('lists collaborators of an item for editors, and mine', async () => {
    const all = ok(
      await server.graphql<{ itemCollaborators: Array<{ user: { username: string }; via: string }> }>(
        `query C($id: Int!) { itemCollaborators(itemId: $id) { user { username } memberGroupId via } }`,
        { id: item.id },
        bobToken,
      ),
    ).itemCollaborators;
    expect(all.map((c) => [c.user.username, c.via])).toEqual([
      ['owner', 'OWNER'],
      ['bob', 'MEMBER'],
    ]);
    const mine = ok(
      await server.graphql<{ myCollaborators: Array<{ user: { username: string }; addedAt: string }> }>(
        `{ myCollaborators { user { username } addedAt } }`,
        {},
        ownerToken,
      ),
    ).myCollaborators;
    expect(mine.map((m) => m.user.username)).toEqual(['bob']);
  });

  it('answers COLLABORATOR_LIMIT (10310) past the site limit', async () => {
    await buildServices(em()).settings.set({ collaborator_limit: '1' });
    try {
      const refused = await addMembers(ownerToken, {
        itemId: item.id,
        usernames: ['dave'],
        memberGroupId: 1,
      });
      expect(errorOf(refused)).toEqual({ code: 'COLLABORATOR_LIMIT', showdocCode: 10310 });
      expect(refused.errors?.[0]?.message).toContain('limited to 1');
    } finally {
      await buildServices(em()).settings.set({ collaborator_limit: '0' });
    }
    expect(
      ok(await addMembers(ownerToken, { itemId: item.id, usernames: ['dave'], memberGroupId: 1 })),
    ).toBeTruthy();
  });
});
