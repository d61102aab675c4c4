import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, MemberGroup, Message, MessageContent, type Item, type User } from '../../../../db/src';
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

const SAVE = `mutation Save($input: SavePageInput!) {
  savePage(input: $input) { id itemId catalogId title content version authorName path { id name } }
}`;
const PAGE = `query Page($id: Int!) {
  page(id: $id) { id title content version isDraft authorName attachmentCount path { id name } }
}`;

interface SavedPage {
  id: number;
  itemId: number;
  catalogId: number | null;
  title: string;
  content: string;
  version: number;
  authorName: string;
  path: Array<{ id: number; name: string }>;
}

describe.each(testDatabases())('GraphQL pages on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User, scoped: User;
  let ownerToken: string, editorToken: string, scopedToken: string;
  let item: Item;
  let guide: Catalog, other: Catalog;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_pages');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    scoped = await buildUser(em);
    item = await buildItem(em, owner);
    guide = await buildCatalog(em, item, { name: 'Guide' });
    other = await buildCatalog(em, item, { name: 'Other' });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, scoped, MemberGroup.ReadOnly, [guide]);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    editorToken = await buildSession(em, editor);
    scopedToken = await buildSession(em, scoped);
  });
  afterAll(async () => server?.close());

  const save = (input: Record<string, unknown>, token = ownerToken) =>
    server.graphql<{ savePage: SavedPage }>(SAVE, { input }, token);

  it('creates and updates a page, returning clean markdown and its path', async () => {
    const content = `<b>"x" & 'y'</b>`;
    const created = await save({ itemId: item.id, catalogId: guide.id, title: 'Intro', content });
    expect(created.errors).toBeUndefined();
    expect(created.data?.savePage).toMatchObject({
      itemId: item.id,
      catalogId: guide.id,
      title: 'Intro',
      content,
      version: 1,
      authorName: owner.username,
      path: [{ id: guide.id, name: 'Guide' }],
    });
    const id = created.data!.savePage.id;
    const updated = await save(
      { id, itemId: item.id, title: 'Intro', content: 'v2', baseVersion: 1 },
      editorToken,
    );
    expect(updated.data?.savePage).toMatchObject({ version: 2, content: 'v2', catalogId: guide.id });
    const read = await server.graphql<{ page: SavedPage }>(PAGE, { id });
    expect(read.data?.page).toMatchObject({
      title: 'Intro',
      content: 'v2',
      version: 2,
      path: [{ name: 'Guide' }],
    });
  });

  it('reports a version conflict with the current version and keeps the newer text', async () => {
    const created = await save({ itemId: item.id, title: 'Shared', content: 'base' });
    const id = created.data!.savePage.id;
    await save({ id, itemId: item.id, title: 'Shared', content: 'first', baseVersion: 1 }, editorToken);
    const late = await save({ id, itemId: item.id, title: 'Shared', content: 'second', baseVersion: 1 });
    expect(late.data).toBeNull();
    expect(late.errors?.[0]?.extensions).toEqual({
      code: 'VERSION_CONFLICT',
      showdocCode: 10101,
      currentVersion: 2,
    });
    const read = await server.graphql<{ page: SavedPage }>(PAGE, { id });
    expect(read.data?.page.content).toBe('first');
  });

  it('refuses bad input with domain errors, not server errors', async () => {
    const empty = await save({ itemId: item.id, title: 'T', content: '' });
    expect(empty.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const foreign = await buildCatalog(
      server.db.orm.em.fork(),
      await buildItem(server.db.orm.em.fork(), owner),
    );
    const wrongCatalog = await save({ itemId: item.id, catalogId: foreign.id, title: 'T', content: 'x' });
    expect(wrongCatalog.errors?.[0]?.extensions?.code).toBe('CATALOG_NOT_FOUND');
    const anonymous = await server.graphql(SAVE, { input: { itemId: item.id, title: 'T', content: 'x' } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const missing = await server.graphql(PAGE, { id: 999999 });
    expect(missing.errors?.[0]?.extensions?.code).toBe('PAGE_NOT_FOUND');
  });

  it("keeps a scoped member out of other catalogs' pages", async () => {
    const em = server.db.orm.em.fork();
    const inside = await buildPage(em, item, { catalog: guide, title: 'inside' });
    const outside = await buildPage(em, item, { catalog: other, title: 'outside' });
    const ok = await server.graphql<{ page: SavedPage }>(PAGE, { id: inside.id }, scopedToken);
    expect(ok.data?.page.title).toBe('inside');
    const denied = await server.graphql(PAGE, { id: outside.id }, scopedToken);
    expect(denied.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN', showdocCode: 10101 });
  });

  it('deletes and sorts pages', async () => {
    const em = server.db.orm.em.fork();
    const a = await buildPage(em, item, { title: 'a' });
    const b = await buildPage(em, item, { title: 'b' });
    const sorted = await server.graphql<{ sortPages: number }>(
      'mutation($itemId: Int!, $order: [PageOrderInput!]!) { sortPages(itemId: $itemId, order: $order) }',
      {
        itemId: item.id,
        order: [
          { pageId: a.id, sNumber: 5 },
          { pageId: b.id, sNumber: 4 },
        ],
      },
      editorToken,
    );
    expect(sorted.data?.sortPages).toBe(2);
    const notAuthor = await server.graphql(
      'mutation($id: Int!) { deletePage(id: $id) }',
      { id: a.id },
      editorToken,
    );
    expect(notAuthor.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const deleted = await server.graphql<{ deletePage: boolean }>(
      'mutation($id: Int!) { deletePage(id: $id) }',
      { id: a.id },
      ownerToken,
    );
    expect(deleted.data?.deletePage).toBe(true);
    const gone = await server.graphql(PAGE, { id: a.id }, ownerToken);
    expect(gone.errors?.[0]?.extensions?.code).toBe('PAGE_NOT_FOUND');
  });

  it('saves and notifies the subscribers with the given text', async () => {
    const created = await save({ itemId: item.id, title: 'Watched', content: 'one' });
    const id = created.data!.savePage.id;
    const notified = await save(
      { id, itemId: item.id, title: 'Watched', content: 'two', baseVersion: 1, notifyText: 'See step 3' },
      editorToken,
    );
    expect(notified.data?.savePage.version).toBe(2);
    const em = server.db.orm.em.fork();
    const sent = await em.find(MessageContent, { objectType: 'page', objectId: id });
    expect(sent.map((c) => [c.content, c.fromName, c.actionType])).toEqual([
      ['See step 3', editor.username, 'update'],
    ]);
    // The creator (the owner) follows the page.
    const delivered = await em.find(Message, { content: sent[0]! });
    expect(delivered.map((m) => m.toUser.id)).toEqual([owner.id]);
    const tooLong = await save(
      { id, itemId: item.id, title: 'Watched', content: 'three', notifyText: 'x'.repeat(2001) },
      editorToken,
    );
    expect(tooLong.errors?.[0]?.extensions).toEqual({ code: 'BAD_INPUT', showdocCode: 10101 });
  });

  describe('copyPage', () => {
    const COPY = `mutation Copy($input: CopyPageInput!) {
      copyPage(input: $input) { id itemId catalogId title content version authorName path { id name } }
    }`;
    const copy = (input: Record<string, unknown>, token?: string) =>
      server.graphql<{ copyPage: SavedPage }>(COPY, { input }, token);

    it('copies a page into a catalog of another item, as a new page at version 1', async () => {
      const em = server.db.orm.em.fork();
      const target = await buildItem(em, editor);
      const dest = await buildCatalog(em, target, { name: 'Dest' });
      const created = await save({ itemId: item.id, catalogId: guide.id, title: 'Source', content: 's1' });
      const id = created.data!.savePage.id;
      await save({ id, itemId: item.id, title: 'Source', content: 's2' });
      const copied = await copy({ pageId: id, toItemId: target.id, catalogId: dest.id }, editorToken);
      expect(copied.errors).toBeUndefined();
      expect(copied.data?.copyPage).toMatchObject({
        itemId: target.id,
        catalogId: dest.id,
        title: 'Source',
        content: 's2',
        version: 1,
        authorName: editor.username,
        path: [{ id: dest.id, name: 'Dest' }],
      });
      expect(copied.data!.copyPage.id).not.toBe(id);
      const titled = await copy({ pageId: id, toItemId: item.id, title: 'Source (copy)' }, ownerToken);
      expect(titled.data?.copyPage).toMatchObject({
        itemId: item.id,
        catalogId: null,
        title: 'Source (copy)',
      });
    });

    it('refuses sources one may not read and targets one may not edit', async () => {
      const em = server.db.orm.em.fork();
      const outside = await buildPage(em, item, { catalog: other, title: 'outside' });
      const inside = await buildPage(em, item, { catalog: guide, title: 'inside' });
      const scopedOwn = await buildItem(em, scoped);
      const denied = await copy({ pageId: outside.id, toItemId: scopedOwn.id }, scopedToken);
      expect(denied.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN', showdocCode: 10101 });
      // A read-only member reads the page but may not write into the item.
      const readOnly = await copy({ pageId: inside.id, toItemId: item.id }, scopedToken);
      expect(readOnly.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const intoForeign = await copy({ pageId: inside.id, toItemId: scopedOwn.id }, editorToken);
      expect(intoForeign.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const anonymous = await copy({ pageId: inside.id, toItemId: item.id });
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const missing = await copy({ pageId: 999999, toItemId: item.id }, ownerToken);
      expect(missing.errors?.[0]?.extensions?.code).toBe('PAGE_NOT_FOUND');
      // What the scoped member may read goes into their own item.
      const ok = await copy({ pageId: inside.id, toItemId: scopedOwn.id }, scopedToken);
      expect(ok.data?.copyPage).toMatchObject({ itemId: scopedOwn.id, title: 'inside', version: 1 });
    });
  });

  it("turns SQL into a markdown table in the reader's language", async () => {
    const answer = await server.graphql<{ sqlToMarkdownTable: string }>(
      'mutation($sql: String!) { sqlToMarkdownTable(sql: $sql) }',
      { sql: "CREATE TABLE t (id int NOT NULL COMMENT 'key')" },
      editorToken,
    );
    // No Chinese in English mode (#22); ShowDoc's words for a Chinese reader.
    expect(answer.data?.sqlToMarkdownTable).toContain('| Field | Type | Nullable | Default | Description |');
    expect(answer.data?.sqlToMarkdownTable).toContain('| id | int | No |  | key |');
    const chinese = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'zh-CN,zh;q=0.9',
        authorization: `Bearer ${editorToken}`,
      },
      body: JSON.stringify({
        query: 'mutation($sql: String!) { sqlToMarkdownTable(sql: $sql) }',
        variables: { sql: "CREATE TABLE t (id int NOT NULL COMMENT 'key')" },
      }),
    }).then((r) => r.json() as Promise<{ data: { sqlToMarkdownTable: string } }>);
    expect(chinese.data.sqlToMarkdownTable).toContain('| id | int | 否 |  | key |');
    const bad = await server.graphql(
      'mutation($sql: String!) { sqlToMarkdownTable(sql: $sql) }',
      { sql: 'nope' },
      editorToken,
    );
    expect(bad.errors?.[0]?.extensions).toEqual({ code: 'BAD_INPUT', showdocCode: 10101 });
  });
});
