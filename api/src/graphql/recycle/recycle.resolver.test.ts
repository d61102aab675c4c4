import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Item, type User } from '../../../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';

const BIN = `query($itemId: Int!) { recycleBin(itemId: $itemId) { pageId title deletedById deletedByName deletedAt deletedWithCatalogId } }`;
const RECOVER = `mutation($itemId: Int!, $pageId: Int!) { recoverPage(itemId: $itemId, pageId: $pageId) { id catalogId } }`;

describe.each(testDatabases())('GraphQL recycle bin on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User;
  let ownerToken: string, editorToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_recycle');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    item = await buildItem(em, owner);
    buildMember(em, item, editor, MemberGroup.Edit);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    editorToken = await buildSession(em, editor);
  });
  afterAll(async () => server?.close());

  it("lists a deleted catalog's pages and recovers one into the catalog again", async () => {
    const em = server.db.orm.em.fork();
    const guide = await buildCatalog(em, item, { name: 'Guide' });
    const page = await buildPage(em, item, { catalog: guide, title: 'Chapter' });
    const deleted = await server.graphql(
      `mutation($id: Int!) { deleteCatalog(id: $id) }`,
      { id: guide.id },
      editorToken,
    );
    expect(deleted.errors).toBeUndefined();

    const bin = await server.graphql<{ recycleBin: Array<Record<string, unknown>> }>(
      BIN,
      { itemId: item.id },
      ownerToken,
    );
    expect(bin.data?.recycleBin).toEqual([
      {
        pageId: page.id,
        title: 'Chapter',
        deletedById: editor.id,
        deletedByName: editor.username,
        deletedAt: expect.any(String),
        deletedWithCatalogId: guide.id,
      },
    ]);
    const refused = await server.graphql(BIN, { itemId: item.id }, editorToken);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', showdocCode: 10303 });

    const recovered = await server.graphql<{ recoverPage: { id: number; catalogId: number } }>(
      RECOVER,
      { itemId: item.id, pageId: page.id },
      ownerToken,
    );
    expect(recovered.data?.recoverPage).toEqual({ id: page.id, catalogId: guide.id });
    const again = await server.graphql(RECOVER, { itemId: item.id, pageId: page.id }, ownerToken);
    expect(again.errors?.[0]?.extensions?.code).toBe('RECYCLE_ENTRY_NOT_FOUND');
  });
});
