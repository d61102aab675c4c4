// Issue #14: a search result the search cache keeps is answered as a kept JSON text per selection. The
// answer must be the executor's own, to the byte, for every viewer, and follow page writes and item edits.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Catalog, type Item, type User } from '../../../../db/src';
import {
  buildCatalog,
  buildItem,
  buildMember,
  buildSession,
  buildUser,
} from '../../../../test/support/factories';
import { testDatabases } from '../../../../test/support/mysql';
import { startTestServer, type TestServer } from '../../../../test/support/server';
import { keyedTextCounts } from '../catalogs/menu-json';

const SEARCH = `query($q: String!, $id: Int) { search(query: $q, itemId: $id, first: 3) { totalCount
  edges { cursor node { snippet highlights { start end } titleHighlights { start end } catalogPath
    item { id name description domain type isPrivate isArchived lastUpdateAt } page { id title updatedAt } } }
  pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
/** SEARCH as the executor completes it: a directive below the field keeps it off the kept texts. */
const SEARCH_COMPLETED = SEARCH.replace('totalCount', 'totalCount @include(if: true)');
/** A field resolver in the selection (the password, which managers see): never a kept text. */
const WITH_PASSWORD = SEARCH.replace('isArchived', 'isArchived password');
const WITH_PASSWORD_COMPLETED = WITH_PASSWORD.replace('totalCount', 'totalCount @include(if: true)');
/** A field resolver that declares its kept value (the owner, read with the item). */
const WITH_OWNER = SEARCH.replace('isArchived', 'isArchived owner { id username name }');
const WITH_OWNER_COMPLETED = WITH_OWNER.replace('totalCount', 'totalCount @include(if: true)');

describe.each(testDatabases())('kept search texts on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User, scoped: User;
  let tokens: Record<'owner' | 'editor' | 'scoped', string>;
  let item: Item;
  let b: Catalog;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_search_json');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    scoped = await buildUser(em);
    item = await buildItem(em, owner, { name: 'Kept "search" \u2028', password: 'walrus-pass' });
    const a = await buildCatalog(em, item, { name: 'A', sNumber: 1 });
    b = await buildCatalog(em, item, { name: 'B', sNumber: 2 });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, scoped, MemberGroup.ReadOnly, [b]);
    await em.flush();
    tokens = {
      owner: await buildSession(em, owner),
      editor: await buildSession(em, editor),
      scoped: await buildSession(em, scoped),
    };
    // Through the door, as users write them: the plain text of each page follows its save.
    for (const [catalog, title] of [
      [a, 'walrus one'],
      [a, 'two'],
      [b, 'three 中文'],
      [b, 'walrus four'],
      [null, 'five'],
    ] as const) {
      await savePage({
        catalogId: catalog?.id ?? null,
        title,
        content: `about the walrus "${title}"\n\n中文 walrus`,
      });
    }
    await savePage(
      { catalogId: b.id, title: 'editor draft', content: 'walrus', isDraft: true },
      tokens.editor,
    );
  });
  afterAll(async () => server?.close());

  async function savePage(input: Record<string, unknown>, token = tokens.owner): Promise<number> {
    const saved = await server.graphql<{ savePage: { id: number } }>(
      `mutation($input: SavePageInput!) { savePage(input: $input) { id } }`,
      { input: { itemId: item.id, ...input } },
      token,
    );
    expect(saved.errors).toBeUndefined();
    return saved.data!.savePage.id;
  }

  async function answerText(query: string, token: string, variables: object = {}): Promise<string> {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables: { q: 'walrus', id: item.id, ...variables } }),
    });
    expect(response.status).toBe(200);
    return response.text();
  }

  /**
   * The answer once it comes from a kept text (the search cache keeps a result once its pages' plain
   * texts are written, which follows each save).
   */
  async function keptAnswer(token: string, variables: object = {}, query = SEARCH): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const served = keyedTextCounts.served;
      const text = await answerText(query, token, variables);
      if (keyedTextCounts.served > served) return text;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the search answer never came from a kept text');
  }

  const titles = (text: string) =>
    (
      JSON.parse(text) as { data: { search: { edges: { node: { page: { title: string } } }[] } } }
    ).data.search.edges.map((e) => e.node.page.title);

  it("keeps texts and answers the executor's own, to the byte, for every viewer and selection", async () => {
    const written = keyedTextCounts.written;
    for (let round = 0; round < 2; round++) {
      for (const token of Object.values(tokens)) {
        expect(await keptAnswer(token)).toBe(await answerText(SEARCH_COMPLETED, token));
        const first = JSON.parse(await answerText(SEARCH, token)) as {
          data: { search: { pageInfo: { endCursor: string | null; hasNextPage: boolean } } };
        };
        const { endCursor: cursor, hasNextPage } = first.data.search.pageInfo;
        if (hasNextPage && cursor) {
          expect(await keptAnswer(token, { after: cursor })).toBe(
            await answerText(SEARCH_COMPLETED, token, { after: cursor }),
          );
        }
        const served = keyedTextCounts.served;
        const withRights = await answerText(WITH_PASSWORD, token);
        expect(withRights).toBe(await answerText(WITH_PASSWORD_COMPLETED, token));
        expect(withRights).toContain(token === tokens.owner ? '"password":"walrus-pass"' : '"password":null');
        expect(keyedTextCounts.served).toBe(served);
      }
    }
    // One text per viewer and page of results at least; none for the selection with the viewer's rights.
    expect(keyedTextCounts.written).toBeGreaterThanOrEqual(written + 3);
  });

  it('gives each viewer their own results, whoever asked first', async () => {
    const asOwner = titles(await keptAnswer(tokens.owner));
    const asEditor = titles(await keptAnswer(tokens.editor));
    const asScoped = titles(await keptAnswer(tokens.scoped));
    expect(asOwner).not.toContain('editor draft');
    expect(asEditor).toContain('editor draft');
    expect(asScoped.every((t) => ['three 中文', 'walrus four', 'editor draft'].includes(t))).toBe(true);
    expect(asScoped).not.toContain('editor draft');
  });

  it('follows a page write and an edit of the item', async () => {
    expect(titles(await keptAnswer(tokens.editor))).not.toContain('walrus new');
    await savePage({ catalogId: b.id, title: 'walrus new', content: 'walrus' });
    expect(titles(await keptAnswer(tokens.editor))).toContain('walrus new');
    expect(await keptAnswer(tokens.editor)).toBe(await answerText(SEARCH_COMPLETED, tokens.editor));

    const edited = await server.graphql(
      `mutation($id: Int!) { updateItem(id: $id, input: { description: "described anew" }) { id } }`,
      { id: item.id },
      tokens.owner,
    );
    expect(edited.errors).toBeUndefined();
    const answer = await keptAnswer(tokens.editor);
    expect(answer).toContain('described anew');
    expect(answer).toBe(await answerText(SEARCH_COMPLETED, tokens.editor));

    // The item's owner is written from the row read with the item: a change of the owner's own row shows.
    const withOwner = await keptAnswer(tokens.editor, {}, WITH_OWNER);
    expect(withOwner).not.toContain('Owner renamed');
    const renamed = await server.graphql(
      `mutation { updateProfile(name: "Owner renamed") { id } }`,
      {},
      tokens.owner,
    );
    expect(renamed.errors).toBeUndefined();
    const ownerAfter = await keptAnswer(tokens.editor, {}, WITH_OWNER);
    expect(ownerAfter).toContain('"name":"Owner renamed"');
    expect(ownerAfter).toBe(await answerText(WITH_OWNER_COMPLETED, tokens.editor));
  });
});
