import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Item, type User } from '../../../../db/src';
import { buildItem, buildMember, buildSession, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const LOG = `query($itemId: Int!, $page: Int, $size: Int) {
  changeLog(itemId: $itemId, page: $page, pageSize: $size) {
    totalCount entries { action objectType objectName operatorId operatorName remark createdAt }
  }
}`;

interface Log {
  changeLog: {
    totalCount: number;
    entries: Array<{ action: string; objectType: string; objectName: string; operatorName: string }>;
  };
}

describe.each(testDatabases())('GraphQL change log on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let ownerToken: string, readerToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_changelog');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    const reader = await buildUser(em);
    item = await buildItem(em, owner);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    readerToken = await buildSession(em, reader);
  });
  afterAll(async () => server?.close());

  it('pages through who changed what, ten at a time by default, for editors', async () => {
    for (let i = 1; i <= 12; i++) {
      const saved = await server.graphql(
        `mutation($input: SavePageInput!) { savePage(input: $input) { id } }`,
        { input: { itemId: item.id, title: `Page ${i}`, content: 'x' } },
        ownerToken,
      );
      expect(saved.errors).toBeUndefined();
    }
    const first = await server.graphql<Log>(LOG, { itemId: item.id }, ownerToken);
    expect(first.data?.changeLog.totalCount).toBe(12);
    expect(first.data?.changeLog.entries).toHaveLength(10);
    expect(first.data?.changeLog.entries[0]).toMatchObject({
      action: 'create',
      objectType: 'page',
      objectName: 'Page 12',
      operatorName: owner.username,
    });
    const second = await server.graphql<Log>(LOG, { itemId: item.id, page: 2 }, ownerToken);
    expect(second.data?.changeLog.entries.map((e) => e.objectName)).toEqual(['Page 2', 'Page 1']);
    const bad = await server.graphql(LOG, { itemId: item.id, size: 0 }, ownerToken);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const reader = await server.graphql(LOG, { itemId: item.id }, readerToken);
    expect(reader.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
