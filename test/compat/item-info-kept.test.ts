// Issue #14: item/info keeps its answer's bytes (and their compressed forms) per menu version and the
// text around the menu; these check that the keys hold: every viewer gets their own answer, in any
// encoding, and a write makes the kept one unreachable.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, type Catalog, type Item, type User } from '../../db/src';
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
import { api, expectOk } from './wire-helpers';

interface RawAnswer {
  encoding: string | undefined;
  body: Buffer;
}

/** A POST through node:http, which neither asks for nor decodes compression by itself. */
function rawPost(url: string, body: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: (bytes) => zlib.gunzipSync(bytes),
  br: (bytes) => zlib.brotliDecompressSync(bytes),
};

interface MenuAnswer {
  error_code: number;
  data: {
    item_edit: boolean;
    unread_count: number;
    current_page_id: number;
    menu: {
      pages: { page_title: string }[];
      catalogs: { cat_name: string; pages: { page_title: string }[] }[];
    };
  };
}

const ENCODINGS = ['', 'gzip', 'br', 'gzip, deflate, br'];
/** What the member scoped to catalog B sees: its published pages, nothing of A or the root. */
const IN_B = [...Array.from({ length: 15 }, (_, i) => `b page ${i}`), 'in B'];

describe.each(testDatabases())('item/info kept answers on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User, scoped: User;
  let ownerToken: string, editorToken: string, scopedToken: string;
  let item: Item;
  let b: Catalog;
  let rootPageId: number;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_item_info_kept_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    scoped = await buildUser(em);
    item = await buildItem(em, owner);
    const a = await buildCatalog(em, item, { name: 'A', sNumber: 1 });
    b = await buildCatalog(em, item, { name: 'B', sNumber: 2 });
    // Enough pages that every answer is past the compression threshold.
    for (let i = 0; i < 30; i++) await buildPage(em, item, { title: `a page ${i}`, catalog: a });
    for (let i = 0; i < 15; i++) await buildPage(em, item, { title: `b page ${i}`, catalog: b });
    rootPageId = (await buildPage(em, item, { title: 'root', author: owner })).id;
    await buildPage(em, item, { title: 'editor draft', author: editor, isDraft: true, catalog: b });
    await buildPage(em, item, { title: 'in B', catalog: b });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, scoped, MemberGroup.ReadOnly, [b]);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    editorToken = await buildSession(em, editor);
    scopedToken = await buildSession(em, scoped);
  });
  afterAll(async () => server?.close());

  async function info(
    token: string | null,
    encoding: string,
    fields: Record<string, string> = {},
  ): Promise<MenuAnswer> {
    const form = { item_id: String(item.id), ...fields, ...(token ? { user_token: token } : {}) };
    const answer = await rawPost(server.url + api('item/info'), new URLSearchParams(form).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    });
    if (!encoding) expect(answer.encoding).toBeUndefined();
    else expect(answer.encoding).toMatch(/^(gzip|br)$/);
    const bytes = answer.encoding ? decoders[answer.encoding]!(answer.body) : answer.body;
    return JSON.parse(bytes.toString('utf8')) as MenuAnswer;
  }

  const titles = (answer: MenuAnswer) => [
    ...answer.data.menu.pages.map((p) => p.page_title),
    ...answer.data.menu.catalogs.flatMap((c) => c.pages.map((p) => p.page_title)),
  ];

  it('gives each viewer their own menu and rights, in every encoding, whoever asked first', async () => {
    // Rounds in turn, so every viewer's request follows another viewer's of the same menu version.
    for (let round = 0; round < 2; round++) {
      for (const encoding of ENCODINGS) {
        const asOwner = await info(ownerToken, encoding);
        const asEditor = await info(editorToken, encoding);
        const asScoped = await info(scopedToken, encoding);
        const asVisitor = await info(null, encoding);
        expect(titles(asOwner)).not.toContain('editor draft');
        expect(titles(asOwner)).toContain('root');
        expect(titles(asEditor)).toContain('editor draft');
        expect(asScoped.data.menu.pages).toEqual([]);
        expect(asScoped.data.menu.catalogs.map((c) => c.cat_name)).toEqual(['B']);
        expect(titles(asScoped)).toEqual(IN_B);
        expect(titles(asVisitor)).toEqual(titles(asOwner));
        expect([asOwner.data.item_edit, asEditor.data.item_edit]).toEqual([true, true]);
        expect([asScoped.data.item_edit, asVisitor.data.item_edit]).toEqual([false, false]);
      }
    }
  });

  it('answers the fields around the menu as each request asks, on one menu version', async () => {
    for (const encoding of ENCODINGS) {
      expect((await info(ownerToken, encoding, { page_id: '5' })).data.current_page_id).toBe(5);
      expect((await info(ownerToken, encoding, { page_id: '6' })).data.current_page_id).toBe(6);
      expect((await info(ownerToken, encoding)).data.current_page_id).toBe(0);
    }
  });

  it('a write makes the kept answers of the old version unreachable, compressed or not', async () => {
    for (const encoding of ENCODINGS) {
      expect(titles(await info(ownerToken, encoding))).toContain('root');
      expect(titles(await info(scopedToken, encoding))).toEqual(IN_B);
    }
    const renamed = await server.form(api('page/save'), {
      user_token: ownerToken,
      item_id: String(item.id),
      page_id: String(rootPageId),
      page_title: 'root renamed',
      page_content: 'new content',
    });
    expectOk(renamed);
    const added = await server.form(api('page/save'), {
      user_token: ownerToken,
      item_id: String(item.id),
      cat_id: String(b.id),
      page_title: 'new in B',
      page_content: 'more',
    });
    expectOk(added);
    for (const encoding of ENCODINGS) {
      const asOwner = titles(await info(ownerToken, encoding));
      expect(asOwner).toContain('root renamed');
      expect(asOwner).not.toContain('root');
      expect(titles(await info(scopedToken, encoding))).toEqual([...IN_B, 'new in B']);
    }
  });
});
