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

const SAVE = `mutation($input: SaveCatalogInput!) { saveCatalog(input: $input) { id name parentId level path } }`;
const CATALOGS = `query($itemId: Int!) { catalogs(itemId: $itemId) { id name parentId level sNumber path } }`;
const MENU_FIELDS = `pages { id title } catalogs { name pages { title } catalogs { name pages { title } catalogs { name } } }`;

interface SavedCatalog {
  id: number;
  name: string;
  parentId: number | null;
  level: number;
  path: string[];
}

describe.each(testDatabases())('GraphQL catalogs on $name', (target) => {
  let server: TestServer;
  let owner: User, reader: User;
  let ownerToken: string, readerToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_catalogs');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    reader = await buildUser(em);
    item = await buildItem(em, owner);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    readerToken = await buildSession(em, reader);
  });
  afterAll(async () => server?.close());

  const saveCatalog = (input: Record<string, unknown>, token = ownerToken) =>
    server.graphql<{ saveCatalog: SavedCatalog }>(SAVE, { input }, token);

  it('creates nested catalogs with their paths and refuses a fourth level', async () => {
    const top = (await saveCatalog({ itemId: item.id, name: 'Top' })).data!.saveCatalog;
    const mid = (await saveCatalog({ itemId: item.id, name: 'Mid', parentId: top.id })).data!.saveCatalog;
    const low = await saveCatalog({ itemId: item.id, name: 'Low', parentId: mid.id });
    expect(low.data?.saveCatalog).toMatchObject({ level: 3, parentId: mid.id, path: ['Top', 'Mid', 'Low'] });
    const deep = await saveCatalog({ itemId: item.id, name: 'Deep', parentId: low.data!.saveCatalog.id });
    expect(deep.errors?.[0]?.extensions).toEqual({ code: 'CATALOG_TOO_DEEP', showdocCode: 10101 });
    const denied = await saveCatalog({ itemId: item.id, name: 'X' }, readerToken);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // parentId absent keeps the parent; null moves to the top level.
    const renamed = await saveCatalog({ itemId: item.id, id: mid.id, name: 'Middle' });
    expect(renamed.data?.saveCatalog).toMatchObject({ parentId: top.id, path: ['Top', 'Middle'] });
    const lifted = await saveCatalog({ itemId: item.id, id: mid.id, name: 'Middle', parentId: null });
    expect(lifted.data?.saveCatalog).toMatchObject({ parentId: null, level: 1 });

    const list = await server.graphql<{ catalogs: SavedCatalog[] }>(
      CATALOGS,
      { itemId: item.id },
      readerToken,
    );
    expect(list.data?.catalogs.map((c) => c.path.join('/'))).toEqual(['Top', 'Middle', 'Middle/Low']);
  });

  it('answers the menu as a query and as a field of Item', async () => {
    const em = server.db.orm.em.fork();
    const menuItem = await buildItem(em, owner);
    const a = await buildCatalog(em, menuItem, { name: 'A' });
    const a1 = await buildCatalog(em, menuItem, { name: 'A1', parent: a });
    await buildPage(em, menuItem, { title: 'root' });
    const deep = await buildPage(em, menuItem, { catalog: a1, title: 'deep' });
    await buildCatalog(em, menuItem, { name: 'Empty' });

    const answer = await server.graphql<{
      itemMenu: { pages: Array<{ title: string }>; catalogs: unknown[]; defaultCatalogPath: number[] };
    }>(
      `query($itemId: Int!, $page: Int) { itemMenu(itemId: $itemId, defaultPageId: $page) { ${MENU_FIELDS} defaultCatalogPath } }`,
      { itemId: menuItem.id, page: deep.id },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.itemMenu.pages.map((p) => p.title)).toEqual(['root']);
    expect(answer.data?.itemMenu.catalogs).toEqual([
      { name: 'A', pages: [], catalogs: [{ name: 'A1', pages: [{ title: 'deep' }], catalogs: [] }] },
      { name: 'Empty', pages: [], catalogs: [] },
    ]);
    expect(answer.data?.itemMenu.defaultCatalogPath).toEqual([a.id, a1.id]);

    const viaItem = await server.graphql<{ item: { menu: { pages: Array<{ title: string }> } } }>(
      `query($id: Int) { item(id: $id) { name menu { ${MENU_FIELDS} } } }`,
      { id: menuItem.id },
    );
    expect(viaItem.errors).toBeUndefined();
    expect(viaItem.data?.item.menu.pages.map((p) => p.title)).toEqual(['root']);
  });

  it('moves the tree, copies and deletes catalogs', async () => {
    const em = server.db.orm.em.fork();
    const treeItem = await buildItem(em, owner);
    const dest = await buildItem(em, owner);
    const a = await buildCatalog(em, treeItem, { name: 'A' });
    const b = await buildCatalog(em, treeItem, { name: 'B' });
    const page = await buildPage(em, treeItem, { title: 'p' });

    const moved = await server.graphql<{ moveTree: { catalogs: number; pages: number } }>(
      `mutation($itemId: Int!, $changes: [TreeChangeInput!]!) { moveTree(itemId: $itemId, changes: $changes, dragged: { type: "page", id: ${page.id} }) { catalogs pages } }`,
      {
        itemId: treeItem.id,
        changes: [
          { catalogId: b.id, parentId: a.id, sNumber: 1 },
          { pageId: page.id, parentId: b.id, sNumber: 1 },
        ],
      },
      ownerToken,
    );
    expect(moved.data?.moveTree).toEqual({ catalogs: 1, pages: 1 });

    const copied = await server.graphql<{ copyCatalog: SavedCatalog }>(
      'mutation($input: CopyCatalogInput!) { copyCatalog(input: $input) { id name level path } }',
      { input: { catalogId: a.id, toItemId: dest.id } },
      ownerToken,
    );
    expect(copied.data?.copyCatalog).toMatchObject({ name: 'A', level: 1, path: ['A'] });
    const destMenu = await server.graphql<{ itemMenu: unknown }>(
      `query($itemId: Int!) { itemMenu(itemId: $itemId) { ${MENU_FIELDS} } }`,
      { itemId: dest.id },
      ownerToken,
    );
    expect(destMenu.data?.itemMenu).toEqual({
      pages: [],
      catalogs: [{ name: 'A', pages: [], catalogs: [{ name: 'B', pages: [{ title: 'p' }], catalogs: [] }] }],
    });

    const deleted = await server.graphql<{ deleteCatalog: boolean }>(
      'mutation($id: Int!) { deleteCatalog(id: $id) }',
      { id: a.id },
      ownerToken,
    );
    expect(deleted.data?.deleteCatalog).toBe(true);
    const after = await server.graphql<{ catalogs: SavedCatalog[] }>(
      CATALOGS,
      { itemId: treeItem.id },
      ownerToken,
    );
    expect(after.data?.catalogs).toEqual([]);
  });
});
