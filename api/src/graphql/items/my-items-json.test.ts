// Issue #14: on the embedded database, the viewer's item list is answered as a kept JSON text while
// nothing commits. The answer must be the executor's own, to the byte, for each viewer, and follow every
// write that changes the list, from this process or any other connection to the file.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { commitClockOf, MemberGroup, type Item, type User } from '../../../../db/src';
import { buildItem, buildMember, buildSession, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';
import { keyedTextCounts } from '../catalogs/menu-json';

const MY_ITEMS = `query($groupId: Int!) { myItems(filter: { groupId: $groupId }, first: 50) { totalCount
  pageInfo { hasNextPage endCursor } edges { starred pinned manager sortNumber
    node { id name description domain type isPrivate isArchived lastUpdateAt owner { id username } } } } }`;
/** MY_ITEMS as the executor completes it: a directive below the field keeps it off the kept texts. */
const MY_ITEMS_COMPLETED = MY_ITEMS.replace('totalCount', 'totalCount @include(if: true)');

describe.each(testDatabases())('kept item lists on $name', (target) => {
  let server: TestServer;
  let owner: User, member: User;
  let tokens: Record<'owner' | 'member', string>;
  let items: Item[];

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_my_items_json');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em, { username: 'list-owner' });
    member = await buildUser(em, { username: 'list-member' });
    items = [
      await buildItem(em, owner, { name: 'First "one" \u2028' }),
      await buildItem(em, owner, { name: '第二', password: 'pw' }),
      await buildItem(em, member, { name: 'Member-owned' }),
    ];
    buildMember(em, items[0]!, member, MemberGroup.Edit);
    await em.flush();
    tokens = { owner: await buildSession(em, owner), member: await buildSession(em, member) };
  });
  afterAll(async () => server?.close());

  async function answerText(query: string, token: string, groupId = 0): Promise<string> {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables: { groupId } }),
    });
    expect(response.status).toBe(200);
    return response.text();
  }

  /** The answer, checked against the executor's; whether it came from a kept text. */
  async function myItems(token: string): Promise<{ text: string; kept: boolean }> {
    const served = keyedTextCounts.served;
    const text = await answerText(MY_ITEMS, token);
    const kept = keyedTextCounts.served > served;
    expect(text).toBe(await answerText(MY_ITEMS_COMPLETED, token));
    return { text, kept };
  }

  async function mutate(
    query: string,
    variables: Record<string, unknown>,
    token = tokens.owner,
  ): Promise<void> {
    const result = await server.graphql(query, variables, token);
    expect(result.errors).toBeUndefined();
  }

  const names = (text: string) =>
    (
      JSON.parse(text) as { data: { myItems: { edges: { node: { name: string } }[] } } }
    ).data.myItems.edges.map((e) => e.node.name);

  it("keeps one text per viewer where commits are seen (SQLite, MariaDB with a commit clock), the executor's own", async () => {
    // MariaDB keeps only with the commit clock in Redis (test servers have it when Redis answers).
    const keeps = target.name === 'sqlite' || commitClockOf(server.db.orm.em) !== null;
    for (const token of [tokens.owner, tokens.member]) {
      await myItems(token);
      const again = await myItems(token);
      expect(again.kept).toBe(keeps);
    }
    expect(names((await myItems(tokens.owner)).text)).toEqual(['First "one" \u2028', '第二']);
    expect(names((await myItems(tokens.member)).text).sort()).toEqual(['First "one" \u2028', 'Member-owned']);
  });

  it('follows every write that changes the list', async () => {
    const before = (await myItems(tokens.owner)).text;
    await mutate(`mutation($id: Int!) { starItem(id: $id) }`, { id: items[1]!.id });
    const starred = (await myItems(tokens.owner)).text;
    expect(starred).not.toBe(before);
    await mutate(`mutation($id: Int!) { pinItem(id: $id) }`, { id: items[1]!.id });
    expect(names((await myItems(tokens.owner)).text)[0]).toBe('第二');
    await mutate(`mutation($id: Int!) { updateItem(id: $id, input: { name: "Renamed" }) { id } }`, {
      id: items[1]!.id,
    });
    expect(names((await myItems(tokens.owner)).text)).toContain('Renamed');
    // Another user's write reaches this viewer's kept text: the owner edits the item the member shares.
    const memberBefore = (await myItems(tokens.member)).text;
    await mutate(`mutation($id: Int!) { updateItem(id: $id, input: { description: "told" }) { id } }`, {
      id: items[0]!.id,
    });
    const memberAfter = (await myItems(tokens.member)).text;
    expect(memberAfter).not.toBe(memberBefore);
    expect(memberAfter).toContain('"description":"told"');
  });

  it('follows a commit of another connection to the file (another node)', async () => {
    if (target.name !== 'sqlite') return;
    expect((await myItems(tokens.owner)).kept || (await myItems(tokens.owner)).kept).toBe(true);
    const file = server.db.orm.config.get('dbName') as string;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Driver = require('libsql') as new (file: string) => { exec(sql: string): unknown; close(): void };
    const other = new Driver(file);
    try {
      other.exec(`update item set name = 'From another node' where id = ${items[0]!.id}`);
    } finally {
      other.close();
    }
    expect(names((await myItems(tokens.owner)).text)).toContain('From another node');
  });
});
