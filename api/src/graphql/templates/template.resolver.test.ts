import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Item, type User } from '../../../../db/src';
import { buildItem, buildMember, buildSession, buildUser } from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const SAVE = `mutation($input: SaveTemplateInput!) { saveTemplate(input: $input) { id title content shares { itemId } } }`;
const SHARE = `mutation($id: Int!, $items: [Int!]!) { shareTemplate(templateId: $id, itemIds: $items) { id shares { itemId itemName } } }`;
const MINE = `{ myTemplates { id title shares { itemId itemName sharedAt } } }`;
const FOR_ITEM = `query($itemId: Int!) { itemTemplates(itemId: $itemId) { id shareId title content sharedById sharedByName sharedAt } }`;
const DELETE = `mutation($id: Int!) { deleteTemplate(id: $id) }`;

describe.each(testDatabases())('GraphQL page templates on $name', (target) => {
  let server: TestServer;
  let author: User;
  let authorToken: string, editorToken: string, strangerToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_templates');
    const em = server.db.orm.em.fork();
    author = await buildUser(em);
    const editor = await buildUser(em);
    const stranger = await buildUser(em);
    item = await buildItem(em, author, { name: 'Handbook' });
    buildMember(em, item, editor, MemberGroup.Edit);
    await em.flush();
    authorToken = await buildSession(em, author);
    editorToken = await buildSession(em, editor);
    strangerToken = await buildSession(em, stranger);
  });
  afterAll(async () => server?.close());

  it('shares a template to an item, where its editors find it with its sharer', async () => {
    const saved = await server.graphql<{ saveTemplate: { id: number; shares: unknown[] } }>(
      SAVE,
      { input: { title: 'API doc', content: '**请求**' } },
      authorToken,
    );
    expect(saved.data?.saveTemplate.shares).toEqual([]);
    const id = saved.data!.saveTemplate.id;
    const shared = await server.graphql<{ shareTemplate: { shares: Array<{ itemName: string }> } }>(
      SHARE,
      { id, items: [item.id] },
      authorToken,
    );
    expect(shared.data?.shareTemplate.shares).toEqual([{ itemId: item.id, itemName: 'Handbook' }]);

    const mine = await server.graphql<{ myTemplates: Array<{ id: number; shares: unknown[] }> }>(
      MINE,
      {},
      authorToken,
    );
    expect(mine.data?.myTemplates.find((t) => t.id === id)?.shares).toHaveLength(1);

    const found = await server.graphql<{ itemTemplates: Array<Record<string, unknown>> }>(
      FOR_ITEM,
      { itemId: item.id },
      editorToken,
    );
    expect(found.data?.itemTemplates).toEqual([
      expect.objectContaining({
        id,
        title: 'API doc',
        content: '**请求**',
        sharedById: author.id,
        sharedByName: author.username,
      }),
    ]);
    const hidden = await server.graphql(FOR_ITEM, { itemId: item.id }, strangerToken);
    expect(hidden.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', showdocCode: 10103 });

    const notTheirs = await server.graphql(DELETE, { id }, editorToken);
    expect(notTheirs.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const deleted = await server.graphql<{ deleteTemplate: boolean }>(DELETE, { id }, authorToken);
    expect(deleted.data?.deleteTemplate).toBe(true);
    const after = await server.graphql<{ itemTemplates: unknown[] }>(
      FOR_ITEM,
      { itemId: item.id },
      editorToken,
    );
    expect(after.data?.itemTemplates).toEqual([]);
  });
});
