// Issue #15, what catalog scopes and roles must not leak: other people's draft titles in the change log
// (to anyone but the item's managers), root pages to catalog-scoped members, and a page's share key to
// read-only members. Replayed through both doors, on SQLite and on MariaDB when TEST_MYSQL_URL is set.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Item, type Page } from '../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';

const DRAFT_TITLE = 'Unreleased pricing draft';
const ROOT_MARKER = 'rootonlymarker';

describe.each(testDatabases())('scope and role leaks, on $name', (target) => {
  let server: TestServer;
  let item: Item;
  let rootPage: Page;
  let pageA: Page;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(target, 'secscopeleak');
    const e = server.db.orm.em.fork();
    const owner = await buildUser(e);
    const users = {
      owner,
      itemAdmin: await buildUser(e),
      author: await buildUser(e),
      editor: await buildUser(e),
      scopedEditor: await buildUser(e),
      scopedReader: await buildUser(e),
      reader: await buildUser(e),
    };
    item = await buildItem(e, owner, { password: 'pw' });
    const catA = await buildCatalog(e, item, { name: 'A' });
    await buildCatalog(e, item, { name: 'B' });
    rootPage = await buildPage(e, item, { title: 'Root page', content: `text ${ROOT_MARKER}` });
    pageA = await buildPage(e, item, { catalog: catA, title: 'Page in A', content: `text ${ROOT_MARKER}` });
    buildMember(e, item, users.itemAdmin, MemberGroup.Admin);
    buildMember(e, item, users.author, MemberGroup.Edit);
    buildMember(e, item, users.editor, MemberGroup.Edit);
    buildMember(e, item, users.scopedEditor, MemberGroup.Edit, [catA]);
    buildMember(e, item, users.scopedReader, MemberGroup.ReadOnly, [catA]);
    buildMember(e, item, users.reader, MemberGroup.ReadOnly);
    await e.flush();
    for (const [name, user] of Object.entries(users)) tokens[name] = await buildSession(e, user);

    // The author writes a draft in catalog A (inside every scope here) through the real door.
    const saved = await server.graphql(
      'mutation($input: SavePageInput!) { savePage(input: $input) { id } }',
      { input: { itemId: item.id, catalogId: catA.id, title: DRAFT_TITLE, content: 'wip', isDraft: true } },
      tokens.author,
    );
    expect(saved.errors).toBeUndefined();
    const shared = await server.graphql(
      'mutation($id: Int!) { sharePage(pageId: $id, expireDays: 0) { key } }',
      { id: pageA.id },
      tokens.owner,
    );
    expect(shared.errors).toBeUndefined();
  });
  afterAll(async () => server?.close());

  describe('draft titles in the change log', () => {
    const graphqlNames = async (who: string) => {
      const answer = await server.graphql<{ changeLog: { entries: Array<{ objectName: string }> } }>(
        'query($id: Int!) { changeLog(itemId: $id, pageSize: 100) { entries { objectName } } }',
        { id: item.id },
        tokens[who],
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.changeLog.entries.map((e) => e.objectName);
    };
    const restNames = async (who: string) => {
      const answer = await server.form('/api/item/getChangeLog', {
        item_id: item.id,
        count: 100,
        user_token: tokens[who]!,
      });
      expect(answer.body.error_code).toBe(0);
      return (answer.body.data.list as Array<{ op_object_name: string }>).map((e) => e.op_object_name);
    };

    it.each(['editor', 'scopedEditor'])('are hidden from %s on both doors', async (who) => {
      expect(await graphqlNames(who)).not.toContain(DRAFT_TITLE);
      expect(await restNames(who)).not.toContain(DRAFT_TITLE);
    });

    it.each(['owner', 'itemAdmin', 'author'])(
      'are shown to %s (managers, and the draft author)',
      async (who) => {
        expect(await graphqlNames(who)).toContain(DRAFT_TITLE);
        expect(await restNames(who)).toContain(DRAFT_TITLE);
      },
    );
  });

  describe('root pages and catalog-scoped members', () => {
    const graphqlMenu = async (who: string) => {
      const answer = await server.graphql<{ item: { menu: { pages: Array<{ title: string }> } } }>(
        'query($id: Int) { item(id: $id) { menu { pages { title } } } }',
        { id: item.id },
        tokens[who],
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.item.menu.pages.map((p) => p.title);
    };
    const restMenu = async (who: string, keyword = '') => {
      const answer = await server.form('/api/item/info', {
        item_id: item.id,
        keyword,
        user_token: tokens[who]!,
      });
      expect(answer.body.error_code).toBe(0);
      return (answer.body.data.menu.pages as Array<{ page_title: string }>).map((p) => p.page_title);
    };
    const readGraphQL = async (who: string, pageId: number) => {
      const answer = await server.graphql<{ page: { title: string } }>(
        'query($id: Int!) { page(id: $id) { title } }',
        { id: pageId },
        tokens[who],
      );
      return answer.data?.page.title ?? `error ${answer.errors?.[0]?.extensions?.code}`;
    };
    const readRest = async (who: string, pageId: number) => {
      const answer = await server.form('/api/page/info', { page_id: pageId, user_token: tokens[who]! });
      return answer.body.error_code === 0
        ? (answer.body.data.page_title as string)
        : `error ${answer.body.error_code}`;
    };
    const searchGraphQL = async (who: string) => {
      const answer = await server.graphql<{
        search: { edges: Array<{ node: { page: { title: string } } }> };
      }>(
        'query($id: Int, $q: String!) { search(itemId: $id, query: $q, first: 100) { edges { node { page { title } } } } }',
        { id: item.id, q: ROOT_MARKER },
        tokens[who],
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.search.edges.map((e) => e.node.page.title);
    };

    it.each(['scopedEditor', 'scopedReader'])(
      'hides them from %s: menu, page by id and search, on both doors',
      async (who) => {
        expect(await graphqlMenu(who)).toEqual([]);
        expect(await restMenu(who)).toEqual([]);
        expect(await readGraphQL(who, rootPage.id)).toMatch(/^error /);
        expect(await readRest(who, rootPage.id)).toMatch(/^error /);
        expect(await searchGraphQL(who)).toEqual([pageA.title]);
        expect(await restMenu(who, ROOT_MARKER)).toEqual([pageA.title]);
        // The scope itself still reads.
        expect(await readGraphQL(who, pageA.id)).toBe(pageA.title);
        expect(await readRest(who, pageA.id)).toBe(pageA.title);
      },
    );

    it('refuses a scoped editor writing a root page they cannot see', async () => {
      const answer = await server.form('/api/page/save', {
        item_id: item.id,
        page_id: rootPage.id,
        page_title: 'Overwritten',
        page_content: 'x',
        user_token: tokens.scopedEditor!,
      });
      expect(answer.body.error_code).not.toBe(0);
      expect(await readRest('owner', rootPage.id)).toBe('Root page');
    });

    it.each(['reader', 'editor'])('still shows them to the unscoped %s', async (who) => {
      expect(await graphqlMenu(who)).toContain(rootPage.title);
      expect(await restMenu(who)).toContain(rootPage.title);
      expect(await readRest(who, rootPage.id)).toBe(rootPage.title);
      expect(await searchGraphQL(who)).toEqual(expect.arrayContaining([rootPage.title, pageA.title]));
    });
  });

  describe("page/info's unique_key", () => {
    const keyFor = async (who: string) => {
      const answer = await server.form('/api/page/info', { page_id: pageA.id, user_token: tokens[who]! });
      expect(answer.body.error_code).toBe(0);
      return answer.body.data.unique_key as string;
    };

    it.each(['reader', 'scopedReader'])('is present but empty for the read-only %s', async (who) => {
      expect(await keyFor(who)).toBe('');
    });

    it.each(['owner', 'itemAdmin', 'editor', 'scopedEditor'])(
      'is the live key for %s, who may manage the link',
      async (who) => {
        expect(await keyFor(who)).toMatch(/^[0-9a-f]{32}$/);
      },
    );
  });
});
