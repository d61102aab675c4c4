// compat-api §5 (page: info, save, delete, sort, sqlToMarkdownTable) over real form-encoded HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Catalog,
  MemberGroup,
  Message,
  MessageContent,
  Page,
  PageHistory,
  RecycleEntry,
  Subscription,
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
import { api, expectError, expectOk, PAGE_ROW_KEYS } from './wire-helpers';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const RAW = `<b>"x" & 'y'</b>`;
const ESCAPED = '&lt;b&gt;&quot;x&quot; &amp; &#039;y&#039;&lt;/b&gt;';

describe.each(testDatabases())('ShowDoc page endpoints on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User, reader: User, scoped: User;
  let ownerToken: string, editorToken: string, readerToken: string, scopedToken: string;
  let item: Item;
  let guide: Catalog, other: Catalog;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_page_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
    item = await buildItem(em, owner);
    guide = await buildCatalog(em, item, { name: 'Guide' });
    other = await buildCatalog(em, item, { name: 'Other' });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    buildMember(em, item, scoped, MemberGroup.ReadOnly, [guide]);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    editorToken = await buildSession(em, editor);
    readerToken = await buildSession(em, reader);
    scopedToken = await buildSession(em, scoped);
  });
  afterAll(async () => server?.close());

  const em = () => server.db.orm.em.fork();
  const post = (route: string, fields: Record<string, string | number>, token?: string) =>
    server.form(api(route), token ? { ...fields, user_token: token } : fields);

  describe('save (§5.2) and info (§5.1)', () => {
    it('stores the markdown as written and answers it escaped, byte for byte', async () => {
      const created = expectOk(
        await post(
          'page/save',
          {
            item_id: item.id,
            cat_id: guide.id,
            page_title: 'Escapes',
            page_content: encodeURIComponent(RAW) + '+%2B',
            is_urlencode: 1,
          },
          editorToken,
        ),
      );
      expect(Object.keys(created)).toEqual(['page_id']);
      expect(typeof created.page_id).toBe('number');
      const stored = await em().findOneOrFail(Page, created.page_id);
      expect(stored.content).toBe(`${RAW} +`);

      const info = expectOk(await post('page/info', { page_id: created.page_id }));
      expect(info.page_content).toBe(`${ESCAPED} +`);
      const gql = await server.graphql<{ page: { content: string } }>(
        'query($id: Int!) { page(id: $id) { content } }',
        {
          id: created.page_id,
        },
      );
      expect(gql.data?.page.content).toBe(`${RAW} +`);

      // Without is_urlencode the content is taken as sent.
      const plain = expectOk(
        await post(
          'page/save',
          { item_id: item.id, page_title: 'Plain', page_content: '100%+1' },
          editorToken,
        ),
      );
      expect((await em().findOneOrFail(Page, plain.page_id)).content).toBe('100%+1');
    });

    it('answers info as a PageRow of strings with local times and the path', async () => {
      const page = await buildPage(em(), item, { catalog: guide, title: 'Shaped', author: editor });
      const info = expectOk(await post('page/info', { page_id: page.id, with_path: 1 }));
      expect(Object.keys(info)).toEqual([...PAGE_ROW_KEYS, 'attachment_count', 'unique_key', 'full_path']);
      expect(info).toMatchObject({
        page_id: String(page.id),
        author_uid: String(editor.id),
        author_username: editor.username,
        item_id: String(item.id),
        cat_id: String(guide.id),
        page_title: 'Shaped',
        s_number: '99',
        page_comments: '',
        is_del: '0',
        ext_info: '',
        is_draft: '0',
        attachment_count: 0,
        unique_key: '',
      });
      expect(info.addtime).toMatch(LOCAL_TIME);
      expect(info.page_addtime).toMatch(LOCAL_TIME);
      expect(info.full_path).toEqual([
        { cat_id: String(guide.id), cat_name: 'Guide' },
        { page_id: String(page.id), page_title: 'Shaped' },
      ]);
      const root = await buildPage(em(), item);
      const rootInfo = expectOk(await post('page/info', { page_id: root.id, with_path: 1 }));
      expect(rootInfo.cat_id).toBe('0');
      expect(rootInfo).not.toHaveProperty('full_path');
    });

    it('updates with last write wins, answering the raw page row', async () => {
      const page = await buildPage(em(), item, { catalog: guide, title: 'Old', content: 'old' });
      // Read before the saves (MariaDB keeps the row against its commit clock): info shows each save at once.
      expect(expectOk(await post('page/info', { page_id: page.id })).page_content).toBe('old');
      const updated = expectOk(
        await post(
          'page/save',
          {
            page_id: page.id,
            item_id: item.id,
            page_title: 'New',
            page_content: 'a<b',
            page_comments: 'why',
          },
          editorToken,
        ),
      );
      expect(Object.keys(updated)).toEqual(PAGE_ROW_KEYS);
      expect(updated).toMatchObject({ page_title: 'New', page_content: 'a&lt;b', page_comments: 'why' });
      expect(updated.addtime).toMatch(/^\d+$/);
      // cat_id was omitted: the page stays in its catalog (ShowDoc moved it to the root).
      expect(updated.cat_id).toBe(String(guide.id));
      const history = await em().find(PageHistory, { page: page.id });
      expect(history.map((h) => [h.version, h.title, h.content])).toEqual([[1, 'Old', 'old']]);
      // Without page_title the title stays (ShowDoc renamed the page 默认标题).
      const again = expectOk(
        await post('page/save', { page_id: page.id, item_id: item.id, page_content: 'b' }, editorToken),
      );
      expect([again.page_title, again.page_content]).toEqual(['New', 'b']);
      const info = expectOk(await post('page/info', { page_id: page.id }));
      expect([info.page_title, info.page_content]).toEqual(['New', 'b']);
    });

    it('reminds the subscribers of an update with is_notify and notify_content', async () => {
      const created = expectOk(
        await post('page/save', { item_id: item.id, page_title: 'Watched', page_content: 'one' }, ownerToken),
      );
      const pageId = created.page_id as number;
      const fork = em();
      fork.persist(fork.create(Subscription, { user: editor.id, page: pageId, actionType: 'update' }));
      await fork.flush();
      // Without is_notify nothing is sent, whatever notify_content says.
      expectOk(
        await post(
          'page/save',
          { page_id: pageId, item_id: item.id, page_content: 'two', notify_content: 'ignored' },
          editorToken,
        ),
      );
      expect(await em().count(MessageContent, { objectType: 'page', objectId: pageId })).toBe(0);
      const updated = expectOk(
        await post(
          'page/save',
          {
            page_id: pageId,
            item_id: item.id,
            page_content: 'three',
            is_notify: 1,
            notify_content: 'Step <2> changed',
          },
          editorToken,
        ),
      );
      expect(updated.page_content).toBe('three');
      const sent = await em().find(MessageContent, { objectType: 'page', objectId: pageId });
      expect(sent.map((c) => [c.messageType, c.actionType, c.content, c.fromName])).toEqual([
        ['remind', 'update', 'Step <2> changed', editor.username],
      ]);
      // Every subscriber, the editor included.
      const delivered = await em().find(Message, { content: sent[0]!.id }, { orderBy: { id: 'asc' } });
      expect(delivered.map((m) => [m.toUser.id, m.status])).toEqual([
        [owner.id, 0],
        [editor.id, 0],
      ]);
      // A new page has nobody else to tell: ShowDoc ignores is_notify when creating.
      const fresh = expectOk(
        await post(
          'page/save',
          { item_id: item.id, page_title: 'New', page_content: 'x', is_notify: 1, notify_content: 'hi' },
          editorToken,
        ),
      );
      expect(await em().count(MessageContent, { objectType: 'page', objectId: fresh.page_id })).toBe(0);
    });

    it('names an untitled page 默认标题 and puts an unknown catalog at the root', async () => {
      const created = expectOk(
        await post('page/save', { item_id: item.id, page_content: 'x', cat_id: 987654 }, ownerToken),
      );
      const stored = await em().findOneOrFail(Page, created.page_id);
      expect([stored.title, stored.catalog]).toEqual(['默认标题', null]);
    });

    it("refuses with ShowDoc's codes and messages", async () => {
      expectError(await post('page/save', { item_id: item.id, page_content: 'x' }), 10102);
      expectError(
        await post('page/save', { item_id: item.id, page_content: '' }, ownerToken),
        10101,
        '不允许保存空内容，请随便写点什么',
      );
      expectError(
        await post('page/save', { item_id: item.id, page_content: 'x' }, readerToken),
        10101,
        '没有编辑权限',
      );
      const theirs = await buildItem(em(), reader);
      const foreign = await buildPage(em(), theirs, { title: 'foreign' });
      expectError(
        await post('page/save', { page_id: foreign.id, item_id: item.id, page_content: 'x' }, ownerToken),
        10101,
        '页面不属于该项目',
      );
      expectError(
        await post('page/save', { page_id: 987654, item_id: item.id, page_content: 'x' }, ownerToken),
        10101,
        '页面不存在',
      );
      expect((await em().findOneOrFail(Page, foreign.id)).title).toBe('foreign');
      const archived = await buildItem(em(), owner, { isArchived: true });
      expectError(await post('page/save', { item_id: archived.id, page_content: 'x' }, ownerToken), 10101);
    });

    it('refuses to show missing pages, locked items, drafts and pages outside a scope', async () => {
      expectError(await post('page/info', { page_id: 0 }), 10101, '页面不存在');
      expectError(await post('page/info', { page_id: 987654 }), 10101, '页面不存在');
      const locked = await buildItem(em(), owner, { password: 'pw' });
      const lockedPage = await buildPage(em(), locked);
      expectError(await post('page/info', { page_id: lockedPage.id }), 10101, '您没有访问权限');
      expectOk(await post('page/info', { page_id: lockedPage.id, _item_pwd: 'pw' }));
      const draft = await buildPage(em(), item, { isDraft: true, author: editor });
      expectError(
        await post('page/info', { page_id: draft.id }, ownerToken),
        10101,
        '该页面是草稿状态，暂不可访问',
      );
      expectOk(await post('page/info', { page_id: draft.id }, editorToken));
      const outside = await buildPage(em(), item, { catalog: other });
      const inside = await buildPage(em(), item, { catalog: guide });
      expectError(await post('page/info', { page_id: outside.id }, scopedToken), 10101, '您没有访问权限');
      expectOk(await post('page/info', { page_id: inside.id }, scopedToken));
    });
  });

  it('delete (§5.3): the recycle bin, for managers and the last editor', async () => {
    const byEditor = await buildPage(em(), item, { author: editor, title: 'mine' });
    const byOwner = await buildPage(em(), item, { author: owner });
    expectError(await post('page/delete', { page_id: 987654 }), 10101, '页面不存在');
    expectError(await post('page/delete', { page_id: byOwner.id }), 10102);
    expectError(await post('page/delete', { page_id: byOwner.id }, editorToken), 10303, '您没有管理权限');
    expect(expectOk(await post('page/delete', { page_id: byEditor.id }, editorToken))).toEqual([]);
    expect(expectOk(await post('page/delete', { page_id: byOwner.id }, ownerToken))).toEqual([]);
    const entry = await em().findOneOrFail(RecycleEntry, { page: byEditor.id });
    expect([entry.title, entry.deletedByName]).toEqual(['mine', editor.username]);
  });

  it('sort (§5.11): a JSON map of page ids to positions, escaped or not', async () => {
    const a = await buildPage(em(), item);
    const b = await buildPage(em(), item);
    const pages = JSON.stringify({ [a.id]: 3, [b.id]: '2' }).replace(/"/g, '&quot;');
    expect(expectOk(await post('page/sort', { item_id: item.id, pages }, editorToken))).toEqual([]);
    expect((await em().findOneOrFail(Page, a.id)).sNumber).toBe(3);
    expect((await em().findOneOrFail(Page, b.id)).sNumber).toBe(2);
    expect(expectOk(await post('page/sort', { item_id: item.id, pages: 'nope' }, editorToken))).toEqual([]);
    expectError(await post('page/sort', { item_id: item.id }, editorToken), 10101, '参数错误');
    expectError(
      await post('page/sort', { item_id: item.id, pages: '{}' }, readerToken),
      10101,
      '没有编辑权限',
    );
  });

  it('sqlToMarkdownTable (§5.12)', async () => {
    const sql = "CREATE TABLE `t` (`id` int(11) NOT NULL COMMENT 'key') COMMENT='表'";
    expect(expectOk(await post('page/sqlToMarkdownTable', { sql }, readerToken))).toEqual({
      markdown:
        '\n- t 表\n\n| 字段 | 类型 | 允许空 | 默认 | 说明 |\n| --- | --- | --- | --- | --- |\n| id | int (11) | 否 |  | key |\n\n',
    });
    // Signed-in users only since issue #15 (an anonymous parse could freeze the server).
    expect((await post('page/sqlToMarkdownTable', { sql })).body.error_code).toBe(10102);
    expectError(await post('page/sqlToMarkdownTable', { sql: '' }, readerToken), 10101, 'SQL 不能为空');
    expectError(
      await post('page/sqlToMarkdownTable', { sql: 'select 1' }, readerToken),
      10101,
      '无法解析该 SQL，请检查是否为合法的建表语句',
    );
  });
});
