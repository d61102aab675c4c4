// compat-api §12 (subscription/*), §15 (message/*) and §20.4 (adminMessage/*) over real form-encoded HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MemberGroup, User, type Item } from '../../db/src';
import {
  DEFAULT_PASSWORD,
  buildItem,
  buildMember,
  buildPage,
  buildSession,
  buildUser,
} from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { PAGE_ROW_KEYS, api, expectError, expectOk, loginAdmin } from './wire-helpers';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const HOUR = 60 * 60 * 1000;
const REMIND_KEYS = [
  'id',
  'from_uid',
  'to_uid',
  'message_type',
  'message_content_id',
  'status',
  'addtime',
  'readtime',
  'object_type',
  'object_id',
  'action_type',
  'message_content',
  'from_name',
];
const ANNOUNCE_KEYS = [
  'id',
  'from_uid',
  'from_name',
  'message_type',
  'message_content',
  'action_type',
  'object_type',
  'object_id',
  'addtime',
  'message_content_id',
];

describe.each(testDatabases())('ShowDoc messages and page subscriptions on $name', (target) => {
  let server: TestServer;
  let owner: User, editor: User, reader: User, stranger: User;
  let ownerToken: string, editorToken: string, readerToken: string, strangerToken: string;
  let adminToken: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_msg_${target.name}`);
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    editor = await buildUser(em);
    reader = await buildUser(em);
    stranger = await buildUser(em);
    // Registered an hour ago, so announcements posted now are theirs to see (ShowDoc's rule).
    await em.nativeUpdate(
      User,
      { id: { $in: [owner.id, editor.id, reader.id, stranger.id] } },
      { createdAt: new Date(Date.now() - HOUR) },
    );
    item = await buildItem(em, owner, { password: 'secret' });
    buildMember(em, item, editor, MemberGroup.Edit);
    buildMember(em, item, reader, MemberGroup.ReadOnly);
    await em.flush();
    ownerToken = await buildSession(em, owner);
    editorToken = await buildSession(em, editor);
    readerToken = await buildSession(em, reader);
    strangerToken = await buildSession(em, stranger);
    adminToken = await loginAdmin(server);
  });
  afterAll(async () => server?.close());

  const em = () => server.db.orm.em.fork();
  const post = (route: string, fields: Record<string, string | number>, token?: string) =>
    server.form(api(route), token ? { ...fields, user_token: token } : fields);

  it('lets editors list, add and remove the subscribers of a page (§12)', async () => {
    const page = await buildPage(em(), item, { title: 'Subscribed' });
    expect(expectOk(await post('subscription/getPageList', { page_id: page.id }, editorToken))).toEqual([]);
    expect(
      expectOk(
        await post(
          'subscription/savePage',
          { page_id: page.id, uids: `${reader.id},${editor.id}` },
          editorToken,
        ),
      ),
    ).toEqual([]);
    // Saving again adds nothing twice.
    expectOk(await post('subscription/savePage', { page_id: page.id, uids: String(reader.id) }, ownerToken));
    const list = expectOk(await post('subscription/getPageList', { page_id: page.id }, ownerToken));
    expect(list.map((r: { uid: string }) => r.uid).sort()).toEqual(
      [String(reader.id), String(editor.id)].sort(),
    );
    expect(Object.keys(list[0])).toEqual([
      'id',
      'uid',
      'object_id',
      'object_type',
      'action_type',
      'sub_time',
      'username',
      'name',
    ]);
    expect(list[0]).toMatchObject({ object_id: String(page.id), object_type: 'page', action_type: 'update' });
    expect(list[0].sub_time).toMatch(LOCAL_TIME);

    expectOk(
      await post('subscription/deletePage', { page_id: page.id, uids: String(reader.id) }, editorToken),
    );
    const after = expectOk(await post('subscription/getPageList', { page_id: page.id }, editorToken));
    expect(after.map((r: { uid: string }) => r.uid)).toEqual([String(editor.id)]);
    expect(expectOk(await post('subscription/getPageList', { page_id: 0 }, editorToken))).toEqual([]);
  });

  it('refuses subscription calls with ShowDoc codes, changing nothing (§12)', async () => {
    const page = await buildPage(em(), item);
    expectError(await post('subscription/getPageList', { page_id: page.id }), 10102);
    expectError(await post('subscription/getPageList', { page_id: page.id }, readerToken), 10103);
    expectError(
      await post('subscription/savePage', { page_id: page.id, uids: String(reader.id) }, strangerToken),
      10103,
    );
    expectError(
      await post('subscription/savePage', { page_id: 0, uids: String(reader.id) }, editorToken),
      10100,
      '缺少 page_id 参数',
    );
    expectError(
      await post('subscription/deletePage', { page_id: 999999, uids: String(reader.id) }, editorToken),
      10101,
      '页面不存在',
    );
    // Someone who cannot read the page is not subscribed to it (ShowDoc would: its reminders would leak).
    expectError(
      await post('subscription/savePage', { page_id: page.id, uids: String(stranger.id) }, editorToken),
      10101,
    );
    expect(expectOk(await post('subscription/getPageList', { page_id: page.id }, editorToken))).toEqual([]);
  });

  it('turns save-and-notify into reminders with page_data, read and deleted per user (§15)', async () => {
    const page = await buildPage(em(), item, { title: 'Notified', author: editor });
    expectOk(
      await post(
        'subscription/savePage',
        { page_id: page.id, uids: `${reader.id},${editor.id}` },
        editorToken,
      ),
    );
    const before = expectOk(await post('message/getRemindList', {}, readerToken)).total as number;
    expectOk(
      await post(
        'page/save',
        {
          page_id: page.id,
          item_id: item.id,
          page_title: 'Notified',
          page_content: 'new text',
          cat_id: 0,
          is_notify: 1,
          notify_content: 'Please read the new text',
        },
        editorToken,
      ),
    );

    const unread = expectOk(await post('message/getUnread', {}, readerToken));
    expect(Object.keys(unread)).toEqual(['remind', 'announce']);
    expect(Object.keys(unread.remind)).toEqual([...REMIND_KEYS, 'page_data']);
    expect(unread.remind).toMatchObject({
      from_uid: String(editor.id),
      to_uid: String(reader.id),
      message_type: 'remind',
      status: '0',
      object_type: 'page',
      object_id: page.id,
      action_type: 'update',
      message_content: 'Please read the new text',
      from_name: editor.username,
      readtime: '',
    });
    expect(unread.remind.addtime).toMatch(LOCAL_TIME);
    expect(Object.keys(unread.remind.page_data)).toEqual(PAGE_ROW_KEYS.filter((k) => k !== 'page_content'));
    expect(unread.remind.page_data.page_id).toBe(String(page.id));

    expect(expectOk(await post('message/getUnreadRemind', {}, readerToken)).message_content_id).toBe(
      unread.remind.message_content_id,
    );
    const list = expectOk(await post('message/getRemindList', { page: 1, count: 15 }, readerToken));
    expect(list.total).toBe(before + 1);
    expect(list.list[0].id).toBe(unread.remind.id);

    const ids = { message_content_id: unread.remind.message_content_id, from_uid: unread.remind.from_uid };
    expect(expectOk(await post('message/setRead', ids, readerToken))).toEqual([]);
    const read = expectOk(await post('message/getRemindList', {}, readerToken)).list[0];
    expect(read.status).toBe('1');
    expect(read.readtime).toMatch(LOCAL_TIME);
    expect(expectOk(await post('message/getUnreadRemind', {}, readerToken))).toEqual([]);

    expect(expectOk(await post('message/delete', ids, readerToken))).toEqual([]);
    expect(expectOk(await post('message/getRemindList', {}, readerToken)).list[0].status).toBe('-1');
    // The other recipient (the editor) still has theirs unread.
    expect(expectOk(await post('message/getUnreadRemind', {}, editorToken)).message_content_id).toBe(
      ids.message_content_id,
    );
  });

  it('refuses message calls without a login or with an unknown message (§15)', async () => {
    for (const route of [
      'getUnread',
      'getRemindList',
      'getAnnouncementList',
      'setRead',
      'delete',
      'getUnreadRemind',
    ])
      expectError(await post(`message/${route}`, {}), 10102);
    expectError(await post('message/setRead', { message_content_id: 0, from_uid: 0 }, readerToken), 10101);
    expectError(
      await post('message/delete', { message_content_id: 99999999, from_uid: 0 }, readerToken),
      10101,
    );
  });

  it('posts sanitised announcements that users registered before see once (§15, §20.4)', async () => {
    const posted = expectOk(
      await post(
        'adminMessage/addAnnouncement',
        { message_content: '<p>Upgrade <a href="javascript:alert(1)">now</a></p><script>x()</script>\nBye' },
        adminToken,
      ),
    );
    expect(posted).toEqual({ id: expect.any(Number) });
    const listed = expectOk(await post('adminMessage/listAnnouncements', { page: 1, count: 20 }, adminToken));
    expect(Object.keys(listed[0])).toEqual(ANNOUNCE_KEYS.filter((k) => k !== 'message_content_id'));
    expect(listed[0]).toMatchObject({ id: String(posted.id), message_type: 'announce_web' });
    expect(listed[0].message_content).toBe('<p>Upgrade <a>now</a></p><br />\nBye');

    const unread = expectOk(await post('message/getUnread', {}, strangerToken));
    expect(Object.keys(unread.announce)).toEqual(ANNOUNCE_KEYS);
    expect(unread.announce.message_content_id).toBe(String(posted.id));
    const list = expectOk(await post('message/getAnnouncementList', {}, strangerToken));
    expect(list[0]).toMatchObject({
      id: String(posted.id),
      status: 0,
      message_content_id: String(posted.id),
    });

    expectOk(await post('message/setRead', { message_content_id: posted.id, from_uid: 0 }, strangerToken));
    expect(expectOk(await post('message/getAnnouncementList', {}, strangerToken))[0].status).toBe(1);
    const after = expectOk(await post('message/getUnread', {}, strangerToken));
    expect(
      after.announce === undefined ||
        Array.isArray(after.announce) ||
        after.announce.id !== String(posted.id),
    ).toBe(true);

    // A user who registers after the announcement never sees it.
    const late = await buildUser(em());
    await em().nativeUpdate(User, { id: late.id }, { createdAt: new Date(Date.now() + HOUR) });
    const lateToken = await buildSession(em(), late);
    expect(expectOk(await post('message/getAnnouncementList', {}, lateToken))).toEqual([]);
  });

  it('refuses announcement calls to non-administrators and empty texts (§20.4)', async () => {
    expectError(await post('adminMessage/addAnnouncement', { message_content: 'x' }, readerToken), 10103);
    expectError(await post('adminMessage/listAnnouncements', {}, readerToken), 10103);
    expectError(await post('adminMessage/addAnnouncement', { message_content: 'x' }), 10102);
    expectError(await post('adminMessage/addAnnouncement', { message_content: '  ' }, adminToken), 10101);
    expectError(
      await post('adminMessage/addAnnouncement', { message_content: 'x', send_at: 'tomorrow' }, adminToken),
      10101,
    );
    const scheduled = expectOk(
      await post(
        'adminMessage/addAnnouncement',
        { message_content: 'Later', message_type: 'announce_all', send_at: '2099-01-01 09:00:00' },
        adminToken,
      ),
    );
    const listed = expectOk(await post('adminMessage/listAnnouncements', {}, adminToken));
    expect(listed.find((r: { id: string }) => r.id === String(scheduled.id))).toMatchObject({
      addtime: '2099-01-01 09:00:00',
      message_type: 'announce_all',
    });
    // Not before its time.
    const list = expectOk(await post('message/getAnnouncementList', {}, readerToken));
    expect(list.some((r: { id: string }) => r.id === String(scheduled.id))).toBe(false);
  });
});

describe.each(testDatabases())('reminders about items on $name', (target) => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('reminds a user added to an item, and the new owner of a transferred one', async () => {
    server = await startTestServer(target, `compat_msg_item_${target.name}`);
    const em = server.db.orm.em.fork();
    const owner = await buildUser(em);
    const joiner = await buildUser(em);
    const item = await buildItem(em, owner);
    const ownerToken = await buildSession(em, owner);
    const joinerToken = await buildSession(em, joiner);
    const post = (route: string, fields: Record<string, string | number>, token: string) =>
      server.form(api(route), { ...fields, user_token: token });

    expectOk(
      await post(
        'member/save',
        { item_id: item.id, username: joiner.username, member_group_id: 1 },
        ownerToken,
      ),
    );
    const added = expectOk(await post('message/getUnreadRemind', {}, joinerToken));
    expect(added).toMatchObject({
      from_uid: String(owner.id),
      object_type: 'item',
      object_id: item.id,
      action_type: 'member',
      message_content: item.name,
    });
    expect(added.page_data).toBeUndefined();

    const answer = await server.graphql<{
      reminders: { items: Array<{ itemId: number | null; action: string }> };
    }>('{ reminders { items { itemId action } } }', {}, joinerToken);
    expect(answer.data?.reminders.items[0]).toEqual({ itemId: item.id, action: 'member' });
    // The owner did it: they get nothing.
    expect(expectOk(await post('message/getUnreadRemind', {}, ownerToken))).toEqual([]);

    const heir = await buildUser(em);
    const heirToken = await buildSession(em, heir);
    expectOk(
      await post(
        'item/attorn',
        { item_id: item.id, username: heir.username, password: DEFAULT_PASSWORD },
        ownerToken,
      ),
    );
    expect(expectOk(await post('message/getUnreadRemind', {}, heirToken))).toMatchObject({
      object_id: item.id,
      action_type: 'attorn',
      from_name: owner.username,
    });
  });
});

describe.each(testDatabases())('push URLs on $name', (target) => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('keeps a public push URL and refuses internal ones (compat-api §2.8)', async () => {
    server = await startTestServer(target, `compat_push_${target.name}`);
    const em = server.db.orm.em.fork();
    const user = await buildUser(em);
    const token = await buildSession(em, user);
    const post = (route: string, fields: Record<string, string | number>) =>
      server.form(api(route), { ...fields, user_token: token });
    for (const url of ['http://127.0.0.1:8080/hook', 'http://169.254.169.254/latest/meta-data/']) {
      expectError(await post('user/savePushUrl', { push_url: url }), 10101);
    }
    expect(expectOk(await post('user/getPushUrl', {}))).toEqual({ push_url: '' });
    expect(expectOk(await post('user/savePushUrl', { push_url: 'http://93.184.216.34/hook' }))).toEqual([]);
    expect(expectOk(await post('user/getPushUrl', {}))).toEqual({ push_url: 'http://93.184.216.34/hook' });
  });
});
