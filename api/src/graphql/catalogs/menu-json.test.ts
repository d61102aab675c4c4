// Issue #14: menus' JSON texts are kept per menu object and selection and spliced into the answer. The
// answer must be the executor's own, to the byte, for every viewer and selection, and follow every write.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Catalog, type Item, type User } from '../../../../db/src';
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

const PAGE = 'id title catalogId isDraft sNumber authorId authorName updatedAt';
const MENU = `fragment P on MenuPage { ${PAGE} }
  fragment C on MenuCatalog { id name level parentId sNumber pages { ...P } }
  query($id: Int!) { item(id: $id) { id name
    menu { defaultCatalogPath pages { ...P } catalogs { ...C catalogs { ...C catalogs { ...C } } } } } }`;
/** MENU as the executor completes it: a directive below the menu keeps it off the kept texts. */
const MENU_COMPLETED = MENU.replace(
  'fragment P on MenuPage { id',
  'fragment P on MenuPage { id @include(if: true)',
);
const ODD = `query($id: Int!) { item(id: $id) { m: menu(defaultPageId: $id) { __typename
    catalogs { __typename key: id pages { updatedAt id id: id } ... on MenuCatalog { name } } pages { title } } }
  itemMenu(itemId: $id) { defaultCatalogPath catalogs { catalogs { name } } } }`;
const ODD_COMPLETED = ODD.replace('pages { title }', 'pages { title @skip(if: false) }');

describe.each(testDatabases())('kept menu texts on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User, scoped: User;
  let tokens: Record<'owner' | 'editor' | 'scoped', string>;
  let item: Item;
  let b: Catalog;

  beforeAll(async () => {
    server = await startTestServer(target, 'gql_menu_json');
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    scoped = await buildUser(em);
    item = await buildItem(em, owner);
    const a = await buildCatalog(em, item, { name: 'A "quoted" \u2028', sNumber: 1 });
    b = await buildCatalog(em, item, { name: 'B', sNumber: 2 });
    await buildCatalog(em, item, { name: 'A1', parent: a });
    for (let i = 0; i < 5; i++) await buildPage(em, item, { title: `a page ${i} 中文`, catalog: a });
    await buildPage(em, item, { title: 'root', author: owner });
    await buildPage(em, item, { title: 'editor draft', author: editor, isDraft: true, catalog: b });
    await buildPage(em, item, { title: 'in B', catalog: b });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, scoped, MemberGroup.ReadOnly, [b]);
    await em.flush();
    tokens = {
      owner: await buildSession(em, owner),
      editor: await buildSession(em, editor),
      scoped: await buildSession(em, scoped),
    };
  });
  afterAll(async () => server?.close());

  /** The answer's text as sent. */
  async function answerText(query: string, token: string): Promise<string> {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables: { id: item.id } }),
    });
    expect(response.status).toBe(200);
    return response.text();
  }

  /** The answer's bytes as sent, through node:http (which neither asks for nor decodes compression). */
  function rawPost(query: string, token: string, encoding: string) {
    return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      const request = http.request(
        `${server.url}/graphql`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            ...(encoding ? { 'accept-encoding': encoding } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ query, variables: { id: item.id } }));
    });
  }

  interface MenuJson {
    pages: { title: string }[];
    catalogs: { name: string; pages: { title: string }[] }[];
  }
  const titles = (text: string) => {
    const menu = (JSON.parse(text) as { data: { item: { menu: MenuJson } } }).data.item.menu;
    return [...menu.pages, ...menu.catalogs.flatMap((c) => c.pages)].map((p) => p.title);
  };

  it("answers the executor's own text, to the byte, for every viewer and selection", async () => {
    // Viewers in turn, twice: every answer but the first follows another viewer's of the same version.
    for (let round = 0; round < 2; round++) {
      for (const token of Object.values(tokens)) {
        expect(await answerText(MENU, token)).toBe(await answerText(MENU_COMPLETED, token));
        expect(await answerText(ODD, token)).toBe(await answerText(ODD_COMPLETED, token));
      }
    }
  });

  it('gives each viewer their own menu, whoever asked first', async () => {
    for (let round = 0; round < 2; round++) {
      const asOwner = titles(await answerText(MENU, tokens.owner));
      const asEditor = titles(await answerText(MENU, tokens.editor));
      const asScoped = titles(await answerText(MENU, tokens.scoped));
      expect(asOwner).toContain('root');
      expect(asOwner).not.toContain('editor draft');
      expect(asEditor).toContain('editor draft');
      expect(asScoped).toEqual(['in B']);
    }
  });

  it('sends the same answer compressed as each client accepts, or plain', async () => {
    const expected = await answerText(MENU_COMPLETED, tokens.editor);
    for (const encoding of ['', 'gzip', 'br', 'gzip, deflate, br', 'identity']) {
      for (let i = 0; i < 2; i++) {
        const answer = await rawPost(MENU, tokens.editor, encoding);
        expect(answer.encoding).toBe(
          encoding === 'gzip' ? 'gzip' : encoding === 'br' || encoding.includes('br') ? 'br' : undefined,
        );
        const bytes =
          answer.encoding === 'gzip'
            ? zlib.gunzipSync(answer.body)
            : answer.encoding === 'br'
              ? zlib.brotliDecompressSync(answer.body)
              : answer.body;
        expect(bytes.toString('utf8')).toBe(expected);
      }
    }
  });

  it('a write makes the kept texts of the old version unreachable', async () => {
    expect(titles(await answerText(MENU, tokens.scoped))).toEqual(['in B']);
    expect(titles(await answerText(MENU, tokens.owner))).not.toContain('new in B');
    const saved = await server.graphql(
      `mutation($input: SavePageInput!) { savePage(input: $input) { id } }`,
      { input: { itemId: item.id, catalogId: b.id, title: 'new in B', content: 'text' } },
      tokens.owner,
    );
    expect(saved.errors).toBeUndefined();
    expect(titles(await answerText(MENU, tokens.scoped))).toEqual(['in B', 'new in B']);
    expect(titles(await answerText(MENU, tokens.owner))).toContain('new in B');
    expect(await answerText(MENU, tokens.editor)).toBe(await answerText(MENU_COMPLETED, tokens.editor));
  });
});
