import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { TeamItem, type Catalog, type Item, type User } from '../../../../db/src';
import { buildServices, Viewer } from '../../domain';
import {
  buildCatalog,
  buildItem,
  buildSession,
  buildUser,
  DEFAULT_PASSWORD,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type GraphQLAnswer, type TestServer } from '../../../../test/support/server';

interface TeamData {
  id: number;
  name: string;
  owner: { username: string };
  memberCount: number;
  itemCount: number;
  viewerRights: { isOwner: boolean; manage: boolean; member: boolean };
}
const TEAM_FIELDS = 'id name owner { username } memberCount itemCount viewerRights { isOwner manage member }';

describe.each(testDatabases())('GraphQL teams on $name', (target) => {
  let server: TestServer;
  let em: () => EntityManager;
  let lead: User, heir: User;
  let leadToken: string, workerToken: string, outsiderToken: string;
  let docs: Item;
  let catA: Catalog, catB: Catalog;
  let teamId: number;

  function ok<T>(answer: GraphQLAnswer<T>): T {
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }
  const errorOf = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0]?.extensions;
  const teams = (token: string) =>
    server.graphql<{ teams: TeamData[] }>(`{ teams { ${TEAM_FIELDS} } }`, {}, token);
  const docsRights = (token: string) =>
    server.graphql<{ item: { viewerRights: { visit: boolean; edit: boolean; manage: boolean } } }>(
      `query R($id: Int) { item(id: $id) { viewerRights { visit edit manage } } }`,
      { id: docs.id },
      token,
    );

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_teams');
    em = () => server.db.orm.em.fork();
    lead = await buildUser(em(), { username: 'lead' });
    const worker = await buildUser(em(), { username: 'worker' });
    const outsider = await buildUser(em(), { username: 'outsider' });
    heir = await buildUser(em(), { username: 'heir' });
    leadToken = await buildSession(em(), lead);
    workerToken = await buildSession(em(), worker);
    outsiderToken = await buildSession(em(), outsider);
    docs = await buildItem(em(), lead, { name: 'Docs', password: 'pw' });
    catA = await buildCatalog(em(), docs, { name: 'A' });
    catB = await buildCatalog(em(), docs, { name: 'B' });
  });
  afterAll(async () => server?.close());

  it('creates a team, adds members and binds an item: members get edit rights in it', async () => {
    const created = ok(
      await server.graphql<{ saveTeam: TeamData }>(
        `mutation { saveTeam(name: "Core") { ${TEAM_FIELDS} } }`,
        {},
        leadToken,
      ),
    ).saveTeam;
    expect(created).toMatchObject({
      name: 'Core',
      owner: { username: 'lead' },
      memberCount: 0,
      itemCount: 0,
      viewerRights: { isOwner: true, manage: true, member: false },
    });
    teamId = created.id;

    const added = ok(
      await server.graphql<{
        addTeamMembers: { added: Array<{ user: { username: string } }>; skipped: unknown[] };
      }>(
        `mutation A($input: AddTeamMembersInput!) {
          addTeamMembers(input: $input) { added { id user { username } teamMemberGroupId } skipped { username reason } } }`,
        { input: { teamId, usernames: ['worker'] } },
        leadToken,
      ),
    ).addTeamMembers;
    expect(added.added.map((m) => m.user.username)).toEqual(['worker']);
    expect(errorOf(await docsRights(workerToken))).toMatchObject({ showdocCode: 10303 });

    const bound = ok(
      await server.graphql<{
        bindTeamItems: { added: Array<{ item: { name: string }; team: { name: string } }> };
      }>(
        `mutation B($teamId: Int!, $ids: [Int!]!) {
          bindTeamItems(teamId: $teamId, itemIds: $ids) { added { item { name } team { name } } skippedItemIds } }`,
        { teamId, ids: [docs.id] },
        leadToken,
      ),
    ).bindTeamItems;
    expect(bound.added).toEqual([{ item: { name: 'Docs' }, team: { name: 'Core' } }]);
    expect(ok(await docsRights(workerToken)).item.viewerRights).toEqual({
      visit: true,
      edit: true,
      manage: false,
    });

    const [listed] = ok(await teams(workerToken)).teams;
    expect(listed).toMatchObject({
      memberCount: 1,
      itemCount: 1,
      viewerRights: { isOwner: false, manage: false, member: true },
    });
  });

  it('lets only managers change the team, with FORBIDDEN (10103)', async () => {
    const rename = await server.graphql(
      `mutation R($id: Int) { saveTeam(id: $id, name: "Mine") { id } }`,
      { id: teamId },
      workerToken,
    );
    expect(errorOf(rename)).toEqual({ code: 'FORBIDDEN', showdocCode: 10103 });
    const read = await server.graphql(
      `query T($id: Int!) { teamMembers(teamId: $id) { id } }`,
      { id: teamId },
      outsiderToken,
    );
    expect(errorOf(read)).toEqual({ code: 'FORBIDDEN', showdocCode: 10103 });
    const del = await server.graphql(
      `mutation D($id: Int!) { deleteTeam(id: $id) }`,
      { id: teamId },
      workerToken,
    );
    expect(errorOf(del)).toEqual({ code: 'FORBIDDEN', showdocCode: 10103 });
  });

  it("tunes a team member's rights in one item: read-only, scoped to two catalogs", async () => {
    const [row] = ok(
      await server.graphql<{ teamItemMembers: Array<{ id: number; memberGroupId: number }> }>(
        `query M($t: Int!, $i: Int!) { teamItemMembers(teamId: $t, itemId: $i) { id memberGroupId user { username } } }`,
        { t: teamId, i: docs.id },
        leadToken,
      ),
    ).teamItemMembers;
    expect(row!.memberGroupId).toBe(1);
    const updated = ok(
      await server.graphql<{
        updateTeamItemMember: { memberGroupId: number; catalogScope: Array<{ name: string }> };
      }>(
        `mutation U($input: UpdateMemberInput!) { updateTeamItemMember(input: $input) { memberGroupId catalogScope { name } } }`,
        { input: { id: row!.id, memberGroupId: 0, catalogIds: [catA.id, catB.id] } },
        leadToken,
      ),
    ).updateTeamItemMember;
    expect(updated).toEqual({ memberGroupId: 0, catalogScope: [{ name: 'A' }, { name: 'B' }] });
    expect(ok(await docsRights(workerToken)).item.viewerRights).toEqual({
      visit: true,
      edit: false,
      manage: false,
    });
    const teamsOfItem = ok(
      await server.graphql<{ itemTeams: Array<{ team: { name: string; memberCount: number } }> }>(
        `query I($id: Int!) { itemTeams(itemId: $id) { team { name memberCount } } }`,
        { id: docs.id },
        leadToken,
      ),
    ).itemTeams;
    expect(teamsOfItem).toEqual([{ team: { name: 'Core', memberCount: 1 } }]);
  });

  it("shows a team's item to a member who left it, but not its menu: Item.menu asks the policy again", async () => {
    const handbook = await buildItem(em(), lead, { name: 'Handbook', password: 'pw2' });
    await buildCatalog(em(), handbook, { name: 'Secret chapter' });
    ok(
      await server.graphql(
        `mutation B($teamId: Int!, $ids: [Int!]!) { bindTeamItems(teamId: $teamId, itemIds: $ids) { skippedItemIds } }`,
        { teamId, ids: [handbook.id] },
        leadToken,
      ),
    );
    const THROUGH_TEAM = `query T($id: Int!) { teamItems(teamId: $id) { item { id name menu { catalogs { name } } } } }`;
    type Through = {
      teamItems: Array<{ item: { id: number; name: string; menu: { catalogs: Array<{ name: string }> } } }>;
    };
    const before = ok(await server.graphql<Through>(THROUGH_TEAM, { id: teamId }, workerToken));
    expect(before.teamItems.find((t) => t.item.id === handbook.id)?.item.menu.catalogs).toEqual([
      { name: 'Secret chapter' },
    ]);

    ok(await server.graphql(`mutation { leaveItem(id: ${handbook.id}) }`, {}, workerToken));
    const after = await server.graphql<Through>(THROUGH_TEAM, { id: teamId }, workerToken);
    expect(errorOf(after)?.code).toBe('ITEM_PASSWORD_REQUIRED');
    expect(JSON.stringify(after.data ?? null)).not.toContain('Secret chapter');

    // The team's own screens are unchanged for the next tests.
    await buildServices(em()).teams.unbindItem(
      new Viewer(lead),
      (await em().findOneOrFail(TeamItem, { team: teamId, item: handbook.id })).id,
    );
  });

  it('answers COLLABORATOR_LIMIT (10310) when a new team member exceeds the quota', async () => {
    await buildServices(em()).settings.set({ collaborator_limit: '1' });
    try {
      const refused = await server.graphql(
        `mutation A($input: AddTeamMembersInput!) { addTeamMembers(input: $input) { added { id } } }`,
        { input: { teamId, usernames: ['heir'] } },
        leadToken,
      );
      expect(errorOf(refused)).toEqual({ code: 'COLLABORATOR_LIMIT', showdocCode: 10310 });
    } finally {
      await buildServices(em()).settings.set({ collaborator_limit: '0' });
    }
  });

  it('leaving the team takes its items away; the creator transfers with a password, then deletes', async () => {
    expect(
      ok(
        await server.graphql<{ leaveTeam: boolean }>(
          `mutation L($id: Int!) { leaveTeam(id: $id) }`,
          { id: teamId },
          workerToken,
        ),
      ).leaveTeam,
    ).toBe(true);
    expect(errorOf(await docsRights(workerToken))).toMatchObject({ showdocCode: 10303 });
    expect(ok(await teams(workerToken)).teams).toEqual([]);

    const transfer = (password: string) =>
      server.graphql<{ transferTeam: TeamData }>(
        `mutation T($id: Int!, $pw: String!) { transferTeam(teamId: $id, username: "heir", password: $pw) { ${TEAM_FIELDS} } }`,
        { id: teamId, pw: password },
        leadToken,
      );
    expect(errorOf(await transfer('wrong'))).toEqual({ code: 'WRONG_PASSWORD', showdocCode: 10208 });
    const moved = ok(await transfer(DEFAULT_PASSWORD)).transferTeam;
    expect(moved).toMatchObject({
      owner: { username: 'heir' },
      viewerRights: { isOwner: false, manage: false },
    });
    const heirToken = await buildSession(em(), heir);
    expect(ok(await docsRights(heirToken)).item.viewerRights.manage).toBe(true);
    expect(
      ok(
        await server.graphql<{ deleteTeam: boolean }>(
          `mutation D($id: Int!) { deleteTeam(id: $id) }`,
          { id: teamId },
          heirToken,
        ),
      ).deleteTeam,
    ).toBe(true);
    expect(ok(await teams(heirToken)).teams).toEqual([]);
  });
});
