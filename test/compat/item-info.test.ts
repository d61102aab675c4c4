// compat-api §3.2 (item/info) and compat-notes §4 (the menu) over real form-encoded HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Catalog,
  ItemType,
  MemberGroup,
  Message,
  MessageContent,
  MessageStatus,
  type Item,
  type User,
} from '../../db/src';
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
import {
  api,
  CATALOG_ROW_KEYS,
  expectError,
  expectOk,
  get,
  PAGE_ROW_KEYS,
  setSettings,
} from './wire-helpers';

const INFO_KEYS = [
  'item_id',
  'item_domain',
  'is_archived',
  'item_name',
  'default_page_id',
  'default_cat_id2',
  'default_cat_id3',
  'default_cat_id4',
  'unread_count',
  'item_type',
  'menu',
  'is_login',
  'item_edit',
  'item_manage',
  'ItemPermn',
  'ItemCreator',
  'current_page_id',
  'global_param',
  'show_watermark',
  'allow_comment',
  'allow_feedback',
  'ai_knowledge_base_enabled',
  'ai_config',
];
const MENU_PAGE_KEYS = ['page_id', 'author_uid', 'cat_id', 'page_title', 'addtime', 'ext_info', 'is_draft'];

describe.each(testDatabases())('ShowDoc item/info on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User, scoped: User;
  let ownerToken: string, editorToken: string, scopedToken: string;
  let item: Item;
  let a: Catalog, a1: Catalog, a1x: Catalog, b: Catalog;
  let deepPageId: number;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_item_info_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    scoped = await buildUser(em);
    item = await buildItem(em, owner, { name: 'Docs', domain: 'docsdomain' });
    a = await buildCatalog(em, item, { name: 'A', sNumber: 1 });
    b = await buildCatalog(em, item, { name: 'B', sNumber: 2 });
    a1 = await buildCatalog(em, item, { name: 'A1', parent: a });
    a1x = await buildCatalog(em, item, { name: 'A1x', parent: a1 });
    await buildCatalog(em, item, { name: 'Empty', sNumber: 3 });
    await buildPage(em, item, { title: 'root', author: owner });
    await buildPage(em, item, { title: 'draft', author: editor, isDraft: true });
    await buildPage(em, item, { title: 'in B', catalog: b });
    deepPageId = (await buildPage(em, item, { title: 'deep', catalog: a1x })).id;
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, scoped, MemberGroup.ReadOnly, [b]);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    editorToken = await buildSession(em, editor);
    scopedToken = await buildSession(em, scoped);
  });
  afterAll(async () => server?.close());

  const info = (fields: Record<string, string | number>, token?: string) =>
    server.form(api('item/info'), token ? { ...fields, user_token: token } : fields);

  it('answers the keys in order with their types', async () => {
    const data = expectOk(await info({ item_id: item.id, page_id: 7 }, ownerToken));
    expect(Object.keys(data)).toEqual(INFO_KEYS);
    expect(data).toMatchObject({
      item_id: String(item.id),
      item_domain: 'docsdomain',
      is_archived: '0',
      item_name: 'Docs',
      default_page_id: '0',
      default_cat_id2: 0,
      default_cat_id3: 0,
      default_cat_id4: 0,
      unread_count: 0,
      item_type: '1',
      is_login: true,
      item_edit: true,
      item_manage: true,
      ItemPermn: true,
      ItemCreator: true,
      current_page_id: 7,
      global_param: [],
      show_watermark: 0,
      allow_comment: '0',
      allow_feedback: '0',
      ai_knowledge_base_enabled: 0,
      ai_config: {
        enabled: 0,
        dialog_collapsed: 1,
        guest_enabled: 0,
        welcome_message: '',
        system_prompt: '',
      },
    });
  });

  it('nests the menu: root pages, catalogs with pages and children, empty catalogs kept', async () => {
    const { menu } = expectOk(await info({ item_id: item.id }));
    expect(Object.keys(menu)).toEqual(['pages', 'catalogs']);
    expect(menu.pages.map((p: { page_title: string }) => p.page_title)).toEqual(['root']);
    expect(Object.keys(menu.pages[0])).toEqual(MENU_PAGE_KEYS);
    expect(menu.pages[0]).toMatchObject({
      author_uid: String(owner.id),
      cat_id: '0',
      ext_info: '',
      is_draft: '0',
    });
    expect(menu.pages[0].addtime).toMatch(/^\d+$/);
    const [catA, catB, empty] = menu.catalogs;
    expect(Object.keys(catA)).toEqual([...CATALOG_ROW_KEYS, 'pages', 'catalogs']);
    expect(catA).toMatchObject({
      cat_id: String(a.id),
      cat_name: 'A',
      level: '2',
      parent_cat_id: '0',
      s_number: '1',
    });
    expect(catA.addtime).toMatch(/^\d+$/);
    expect(catA.catalogs[0]).toMatchObject({
      cat_name: 'A1',
      level: '3',
      parent_cat_id: String(a.id),
      pages: [],
    });
    expect(catA.catalogs[0].catalogs[0]).toMatchObject({ cat_name: 'A1x', level: '4', catalogs: [] });
    expect(catA.catalogs[0].catalogs[0].pages[0]).toMatchObject({
      page_title: 'deep',
      cat_id: String(a1x.id),
    });
    expect(catB.pages.map((p: { page_title: string }) => p.page_title)).toEqual(['in B']);
    expect(empty).toMatchObject({ cat_name: 'Empty', pages: [], catalogs: [] });
  });

  it('shows drafts to their author only and a scoped member their catalogs without the root pages', async () => {
    const asEditor = expectOk(await info({ item_id: item.id }, editorToken));
    expect(asEditor.menu.pages.map((p: { page_title: string }) => p.page_title)).toEqual(['root', 'draft']);
    const asScoped = expectOk(await info({ item_id: item.id }, scopedToken));
    // Unlike ShowDoc, no root page: they lie outside every catalog scope (issue #15).
    expect(asScoped.menu.pages).toEqual([]);
    expect(asScoped.menu.catalogs.map((c: { cat_name: string }) => c.cat_name)).toEqual(['B']);
    expect([asScoped.item_edit, asScoped.item_manage]).toEqual([false, false]);
    expect([asEditor.item_edit, asEditor.item_manage]).toEqual([true, false]);
  });

  it('computes default_cat_id2/3/4 for the default page', async () => {
    const data = expectOk(await info({ item_id: item.id, default_page_id: deepPageId }));
    expect(data).toMatchObject({
      default_page_id: String(deepPageId),
      default_cat_id2: a.id,
      default_cat_id3: a1.id,
      default_cat_id4: a1x.id,
    });
  });

  it('keeps default_cat_id2/3/4 in keyword mode, with the menu rules for drafts and scope', async () => {
    const em = server.db.orm.em.fork();
    const draftInA1 = await buildPage(em, item, {
      title: 'a1 draft',
      catalog: a1,
      author: editor,
      isDraft: true,
    });
    const defaults = async (pageId: number, token?: string) => {
      const data = expectOk(await info({ item_id: item.id, default_page_id: pageId, keyword: 'x' }, token));
      return [data.default_cat_id2, data.default_cat_id3, data.default_cat_id4];
    };
    expect(await defaults(deepPageId)).toEqual([a.id, a1.id, a1x.id]);
    expect(await defaults(draftInA1.id, editorToken)).toEqual([a.id, 0, a1.id]);
    expect(await defaults(draftInA1.id, ownerToken)).toEqual([0, 0, 0]);
    expect(await defaults(deepPageId, scopedToken)).toEqual([0, 0, 0]);
    expect(await defaults(987654)).toEqual([0, 0, 0]);
  });

  it('finds an item by personal domain, by GET, and refuses unknown ones', async () => {
    expect(expectOk(await info({ item_id: 'docsdomain' })).item_id).toBe(String(item.id));
    expect(expectOk(await info({ item_domain: 'docsdomain' })).item_id).toBe(String(item.id));
    expect(expectOk(await get(server, api('item/info', `item_id=${item.id}`))).item_name).toBe('Docs');
    expectError(await info({ item_id: 987654 }), 10101, '项目不存在或者已删除');
    expectError(await info({ item_id: 'nosuchdomain' }), 10101, '项目不存在或者已删除');
  });

  it('asks for the password of a private item, and for a login when force_login is on', async () => {
    const locked = await buildItem(server.db.orm.em.fork(), owner, { password: 'pw' });
    expectError(await info({ item_id: locked.id }), 10303, '您没有访问权限');
    expect(expectOk(await info({ item_id: locked.id, _item_pwd: 'pw' })).is_login).toBe(false);
    await setSettings(server, { force_login: '1' });
    try {
      expectError(await info({ item_id: item.id }), 10312);
      expectError(await info({ item_id: locked.id }), 10303);
      expect(expectOk(await info({ item_id: item.id }, ownerToken)).is_login).toBe(true);
    } finally {
      await setSettings(server, { force_login: '0' });
    }
  });

  it('reports archived items read-only, the watermark setting and unread reminders', async () => {
    const em = server.db.orm.em.fork();
    const archived = await buildItem(em, owner, { isArchived: true });
    const data = expectOk(await info({ item_id: archived.id }, ownerToken));
    expect([data.is_archived, data.item_edit, data.item_manage, data.ItemPermn, data.ItemCreator]).toEqual([
      '1',
      false,
      false,
      false,
      false,
    ]);

    const content = em.create(MessageContent, { fromName: 'x', messageType: 'remind', content: 'hi' });
    em.create(Message, { toUser: editor.id, messageType: 'remind', content });
    em.create(Message, { toUser: editor.id, messageType: 'remind', content, status: MessageStatus.Read });
    em.create(Message, { toUser: editor.id, messageType: 'announce', content });
    await em.flush();
    expect(expectOk(await info({ item_id: item.id }, editorToken)).unread_count).toBe(1);

    await setSettings(server, { show_watermark: '1' });
    try {
      expect(expectOk(await info({ item_id: item.id })).show_watermark).toBe(1);
    } finally {
      await setSettings(server, { show_watermark: '0' });
    }
  });

  it('answers full page rows and no catalogs in keyword mode', async () => {
    const saved = expectOk(
      await server.form(api('page/save'), {
        user_token: ownerToken,
        item_id: item.id,
        cat_id: b.id,
        page_title: 'Needle page',
        page_content: '<i>needle</i> here',
      }),
    );
    const { menu } = expectOk(await info({ item_id: item.id, keyword: 'NEEDLE' }));
    expect(menu.catalogs).toEqual([]);
    expect(menu.pages).toHaveLength(1);
    expect(Object.keys(menu.pages[0])).toEqual(PAGE_ROW_KEYS);
    expect(menu.pages[0]).toMatchObject({
      page_id: String(saved.page_id),
      page_title: 'Needle page',
      page_content: '&lt;i&gt;needle&lt;/i&gt; here',
    });
    // The same answer again, then the page's next save in it (search results are cached per item version).
    expect(expectOk(await info({ item_id: item.id, keyword: 'NEEDLE' })).menu).toEqual(menu);
    expectOk(
      await server.form(api('page/save'), {
        user_token: ownerToken,
        item_id: item.id,
        page_id: saved.page_id,
        cat_id: b.id,
        page_title: 'Needle page',
        page_content: 'needle, saved again',
      }),
    );
    const again = expectOk(await info({ item_id: item.id, keyword: 'NEEDLE' })).menu;
    expect(again.pages.map((p: { page_content: string }) => p.page_content)).toEqual(['needle, saved again']);
    expect(expectOk(await info({ item_id: item.id, keyword: 'no such words' })).menu).toEqual({
      pages: [],
      catalogs: [],
    });
  });

  it('gives RunApi items their global parameters', async () => {
    const runApi = await buildItem(server.db.orm.em.fork(), owner, { type: ItemType.ApiClient });
    expect(expectOk(await info({ item_id: runApi.id })).global_param).toEqual({
      query: [],
      body: [],
      header: [],
      cookies: [],
      preScript: '',
      postScript: '',
    });
  });
});
