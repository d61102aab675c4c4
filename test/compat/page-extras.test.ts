// compat-api §5.4-§5.10 (page history, diff, history notes, edit locks, share links) over real
// form-encoded HTTP, and the unload beacon that releases a lock.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Catalog, MemberGroup, PageLock, SinglePageLink, type Item, type User } from '../../db/src';
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
import { api, call, expectError, expectOk, PAGE_ROW_KEYS } from './wire-helpers';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const HISTORY_KEYS = [
  'page_history_id',
  'page_id',
  'author_uid',
  'author_username',
  'item_id',
  'cat_id',
  'page_title',
  'page_content',
  's_number',
  'addtime',
  'page_comments',
  'ext_info',
];

describe.each(testDatabases())('ShowDoc page history, locks and share links on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User, reader: User, scoped: User;
  let ownerToken: string, editorToken: string, readerToken: string, scopedToken: string;
  let item: Item;
  let inside: Catalog, outside: Catalog;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_page_extras_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    scoped = await buildUser(em);
    item = await buildItem(em, owner);
    inside = await buildCatalog(em, item, { name: 'Inside' });
    outside = await buildCatalog(em, item, { name: 'Outside' });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    buildMember(em, item, scoped, MemberGroup.Edit, [inside]);
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

  /** A page saved twice through page/save: one history row. */
  async function editedPage(catalog: Catalog | null = null) {
    const page = await buildPage(em(), item, { catalog, title: 'Doc', content: `<b>"q" & 'a'</b>` });
    expectOk(
      await post(
        'page/save',
        {
          page_id: page.id,
          item_id: item.id,
          page_title: 'Doc 2',
          page_content: 'new',
          cat_id: catalog?.id ?? 0,
          page_comments: 'note',
        },
        editorToken,
      ),
    );
    return page;
  }

  describe('history (§5.4), diff (§5.5), updateHistoryComments (§5.6)', () => {
    it('lists versions with local times and content escaped except quotes', async () => {
      const page = await editedPage(inside);
      const rows = expectOk(await post('page/history', { page_id: page.id }, readerToken));
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0])).toEqual(HISTORY_KEYS);
      expect(rows[0]).toMatchObject({
        page_id: String(page.id),
        author_uid: String(owner.id),
        author_username: owner.username,
        item_id: String(item.id),
        cat_id: String(inside.id),
        page_title: 'Doc',
        page_content: `&lt;b&gt;"q" &amp; 'a'&lt;/b&gt;`,
        s_number: '99',
        page_comments: '',
        ext_info: '',
      });
      expect(rows[0].page_history_id).toMatch(/^\d+$/);
      expect(rows[0].addtime).toMatch(LOCAL_TIME);
      expectError(await post('page/history', { page_id: 999_999 }), 10101, '页面不存在');
      expect(expectOk(await post('page/history', { page_id: page.id }, scopedToken))).toHaveLength(1);
      const hidden = await editedPage(outside);
      expectError(await post('page/history', { page_id: hidden.id }, scopedToken), 10101, '您没有访问权限');
    });

    it('answers diff with both versions as stored and unix times', async () => {
      const page = await editedPage();
      const [row] = expectOk(await post('page/history', { page_id: page.id }, readerToken));
      const diff = expectOk(
        await post('page/diff', { page_id: page.id, page_history_id: row.page_history_id }),
      );
      expect(Object.keys(diff)).toEqual(['page', 'history_page']);
      expect(Object.keys(diff.page)).toEqual(PAGE_ROW_KEYS);
      expect(diff.page).toMatchObject({ page_title: 'Doc 2', page_content: 'new', page_comments: 'note' });
      expect(diff.page.addtime).toMatch(/^\d+$/);
      expect(Object.keys(diff.history_page)).toEqual(HISTORY_KEYS);
      expect(diff.history_page.page_content).toBe('&lt;b&gt;&quot;q&quot; &amp; &#039;a&#039;&lt;/b&gt;');
      expect(diff.history_page.addtime).toMatch(/^\d+$/);
      expectError(await post('page/diff', { page_id: page.id, page_history_id: 0 }), 10101, '历史版本不存在');
      expectError(await post('page/diff', { page_id: 0, page_history_id: 1 }), 10101, '页面不存在');
      expectError(
        await post('page/diff', { page_id: page.id, page_history_id: 999_999 }),
        10101,
        '历史版本不存在',
      );
    });

    it('sets a version note for editors only', async () => {
      const page = await editedPage();
      const [row] = expectOk(await post('page/history', { page_id: page.id }, readerToken));
      const fields = { page_id: page.id, page_history_id: row.page_history_id, page_comments: 'v1 note' };
      expect(expectOk(await post('page/updateHistoryComments', fields, editorToken))).toEqual({
        success: true,
      });
      const [after] = expectOk(await post('page/history', { page_id: page.id }, readerToken));
      expect(after.page_comments).toBe('v1 note');
      expectError(await post('page/updateHistoryComments', fields), 10101, '您没有编辑权限');
      expectError(await post('page/updateHistoryComments', fields, readerToken), 10101, '没有编辑权限');
      expectError(
        await post('page/updateHistoryComments', { ...fields, page_history_id: 0 }, editorToken),
        10101,
        '参数错误',
      );
    });
  });

  describe('setLock (§5.7) and isLock (§5.8)', () => {
    it('locks for 30 minutes by default, shows the holder to others and refuses a second editor', async () => {
      const page = await buildPage(em(), item);
      const before = expectOk(await post('page/isLock', { page_id: page.id, item_id: item.id }, editorToken));
      expect(before).toEqual({ lock: 0, exceed: 0, lock_uid: '', lock_username: '', is_cur_user: 0 });

      const locked = expectOk(
        await post('page/setLock', { page_id: page.id, item_id: item.id }, editorToken),
      );
      expect(Object.keys(locked)).toEqual(['id']);
      expect(typeof locked.id).toBe('number');
      const row = await em().findOneOrFail(PageLock, { page: page.id });
      expect(Math.round((row.lockedUntil.getTime() - Date.now()) / 60000)).toBe(30);

      expect(expectOk(await post('page/isLock', { page_id: page.id }, ownerToken))).toEqual({
        lock: 1,
        exceed: 0,
        lock_uid: String(editor.id),
        lock_username: editor.username,
        is_cur_user: 0,
      });
      expect(expectOk(await post('page/isLock', { page_id: page.id }, editorToken)).is_cur_user).toBe(1);
      expectError(
        await post('page/setLock', { page_id: page.id, item_id: item.id }, ownerToken),
        10101,
        '该页面已被其他用户锁定',
      );
      // Renewing one's own lock is fine; a past lock_to releases it.
      expectOk(await post('page/setLock', { page_id: page.id, item_id: item.id }, editorToken));
      expect(
        expectOk(
          await post('page/setLock', { page_id: page.id, item_id: item.id, lock_to: 1000 }, editorToken),
        ),
      ).toEqual({ id: 0 });
      expect(expectOk(await post('page/isLock', { page_id: page.id }, ownerToken)).lock).toBe(0);
    });

    it('releases on page unload by a beacon, form-encoded or multipart, on /api/page/setLock', async () => {
      const page = await buildPage(em(), item);
      const lock = () => post('page/setLock', { page_id: page.id, item_id: item.id }, editorToken);
      const isLocked = async () => expectOk(await post('page/isLock', { page_id: page.id }, ownerToken)).lock;
      const fields = {
        page_id: String(page.id),
        item_id: String(item.id),
        lock_to: '1000',
        user_token: editorToken,
      };

      expectOk(await lock());
      // navigator.sendBeacon(url, new URLSearchParams(...)): application/x-www-form-urlencoded.
      const urlEncoded = await call(server, '/api/page/setLock', {
        method: 'POST',
        body: new URLSearchParams(fields),
      });
      expect(urlEncoded.contentType).toMatch(/json/);
      expectOk(urlEncoded);
      expect(await isLocked()).toBe(0);

      expectOk(await lock());
      // navigator.sendBeacon(url, formData): multipart/form-data.
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      expectOk(await call(server, '/api/page/setLock', { method: 'POST', body: form }));
      expect(await isLocked()).toBe(0);
    });

    it("refuses bad input, readers, and pages outside a scoped editor's catalogs", async () => {
      const page = await buildPage(em(), item, { catalog: outside });
      expectError(await post('page/setLock', { page_id: page.id }, editorToken), 10101, '参数错误');
      expectError(await post('page/setLock', { page_id: page.id, item_id: item.id }), 10102);
      expectError(
        await post('page/setLock', { page_id: page.id, item_id: item.id }, readerToken),
        10101,
        '没有编辑权限',
      );
      expectError(await post('page/setLock', { page_id: page.id, item_id: item.id }, scopedToken), 10101);
      expectError(await post('page/isLock', { page_id: page.id }, scopedToken), 10101, '您没有访问权限');
      expect(await em().count(PageLock, { page: page.id })).toBe(0);
    });
  });

  describe('createSinglePage (§5.9) and infoByKey (§5.10)', () => {
    it('creates a link with its expiry, shows the page alone by key, and turns it off', async () => {
      const page = await buildPage(em(), item, { catalog: inside, title: 'Shared', content: 'a<b' });
      const created = expectOk(
        await post(
          'page/createSinglePage',
          { page_id: page.id, isCreateSiglePage: 'true', expire_days: 7 },
          editorToken,
        ),
      );
      expect(Object.keys(created)).toEqual(['unique_key', 'page_id', 'expire_time']);
      expect(created.unique_key).toMatch(/^[0-9a-f]{32}$/);
      expect(created.page_id).toBe(page.id);
      expect(created.expire_time - Math.floor(Date.now() / 1000)).toBeGreaterThan(7 * 86400 - 60);
      expect(expectOk(await post('page/info', { page_id: page.id }, editorToken)).unique_key).toBe(
        created.unique_key,
      );
      // A share key is a tool of those who may share (#15): readers get the key present but empty.
      expect(expectOk(await post('page/info', { page_id: page.id }, readerToken)).unique_key).toBe('');

      const shared = expectOk(
        await post('page/infoByKey', { unique_key: created.unique_key, page_id: page.id }),
      );
      expect(Object.keys(shared)).toEqual([
        ...PAGE_ROW_KEYS.filter((k) => k !== 'item_id' && k !== 'cat_id'),
        'attachment_count',
        'expire_time',
      ]);
      expect(shared).toMatchObject({
        page_id: String(page.id),
        page_title: 'Shared',
        page_content: 'a&lt;b',
        attachment_count: 0,
      });
      expect(shared.expire_time).toBe(created.expire_time);
      expect(shared.addtime).toMatch(LOCAL_TIME);
      expect(shared.page_addtime).toMatch(/^\d+$/);

      // A permanent link replaces it: the old key stops working.
      const permanent = expectOk(
        await post(
          'page/createSinglePage',
          { page_id: page.id, isCreateSiglePage: 'true', expire_days: 0 },
          editorToken,
        ),
      );
      expect(permanent.expire_time).toBe(0);
      expectError(
        await post('page/infoByKey', { unique_key: created.unique_key }),
        10101,
        '该分享链接已过期或不存在',
      );
      expect(expectOk(await post('page/infoByKey', { unique_key: permanent.unique_key })).expire_time).toBe(
        0,
      );

      expect(
        expectOk(
          await post('page/createSinglePage', { page_id: page.id, isCreateSiglePage: 'false' }, editorToken),
        ),
      ).toEqual([]);
      expectError(
        await post('page/infoByKey', { unique_key: permanent.unique_key }),
        10101,
        '该分享链接已过期或不存在',
      );
    });

    it('answers an expired link as expired once, then as unknown', async () => {
      const page = await buildPage(em(), item);
      const created = expectOk(
        await post(
          'page/createSinglePage',
          { page_id: page.id, isCreateSiglePage: 'true', expire_days: 1 },
          ownerToken,
        ),
      );
      await em().nativeUpdate(
        SinglePageLink,
        { uniqueKey: created.unique_key },
        { expiresAt: new Date(Date.now() - 1000) },
      );
      expectError(
        await post('page/infoByKey', { unique_key: created.unique_key }),
        10101,
        '该分享链接已过期',
      );
      expectError(
        await post('page/infoByKey', { unique_key: created.unique_key }),
        10101,
        '该分享链接已过期或不存在',
      );
      expectError(await post('page/infoByKey', {}), 10101, '参数错误');
    });

    it('lets only editors share, inside their catalog scope', async () => {
      const hidden = await buildPage(em(), item, { catalog: outside });
      const fields = { page_id: hidden.id, isCreateSiglePage: 'true', expire_days: 1 };
      expectError(await post('page/createSinglePage', fields), 10101, '您没有编辑权限');
      expectError(await post('page/createSinglePage', fields, readerToken), 10101, '没有编辑权限');
      expectError(await post('page/createSinglePage', fields, scopedToken), 10101);
      expectError(await post('page/createSinglePage', { ...fields, expire_days: 3 }, ownerToken), 10101);
      expectError(
        await post('page/createSinglePage', { ...fields, page_id: 999_999 }, ownerToken),
        10101,
        '页面不存在',
      );
      expect(await em().count(SinglePageLink, { page: hidden.id })).toBe(0);
    });
  });
});
