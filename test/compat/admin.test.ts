// compat-api §19–§21 over real HTTP: the administrator's users, items and settings, the public square and
// single sign-on by secret key; success shapes, error codes, and the refusal of every non-administrator.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Item, User } from '../../db/src';
import { buildItem, buildPage, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';
import {
  api,
  clearSettings,
  expectError,
  expectOk,
  get,
  loginAdmin,
  postJson,
  setSettings,
} from './wire-helpers';

const ADMIN_ONLY = '需要管理员权限';
const DIGITS = /^\d+$/;
const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/** Every admin endpoint of §20 (and the secret-key ones of §21.1's console side). */
const ADMIN_ENDPOINTS = [
  'adminUser/getList',
  'adminUser/addUser',
  'adminUser/deleteUser',
  'adminUser/changePassword',
  'adminItem/getList',
  'adminItem/deleteItem',
  'adminItem/recoverItem',
  'adminItem/hardDeleteItem',
  'adminItem/attorn',
  'adminSetting/saveConfig',
  'adminSetting/loadConfig',
  'adminSetting/getLoginSecretKey',
  'adminSetting/resetLoginSecretKey',
  'adminSetting/saveLdapConfig',
  'adminSetting/loadLdapConfig',
  'adminSetting/syncLdapUsers',
  'adminSetting/saveOauth2Config',
  'adminSetting/loadOauth2Config',
  'adminMessage/addAnnouncement',
  'adminMessage/listAnnouncements',
];

const ADMIN_GRAPHQL = [
  '{ adminUsers { total } }',
  '{ adminItems { total } }',
  '{ adminSiteConfig { homePage } }',
  '{ adminLoginSecretKey }',
  '{ adminAbout { version } }',
  'mutation { adminSaveUser(input: { username: "zz_new", password: "x-123456" }) { id } }',
  'mutation { adminDeleteUser(id: 1) }',
  'mutation { adminChangePassword(id: 1, newPassword: "abc-12345") }',
  'mutation { adminDeleteItem(id: 1) }',
  'mutation { adminRecoverItem(id: 1) { id } }',
  'mutation { adminHardDeleteItem(id: 1) }',
  'mutation { adminTransferItem(id: 1, username: "admin") { id } }',
  'mutation { adminResetLoginSecretKey }',
  '{ adminLdapConfig { open } }',
  '{ adminOAuth2Config { open } }',
  '{ allAnnouncements { id } }',
  'mutation { postAnnouncement(input: { html: "x" }) { id } }',
  'mutation { adminSyncLdapUsers }',
  'mutation { adminTestLdap(form: { host: "x", base_dn: "dc=x" }) }',
  'mutation { adminSaveLdapConfig(open: false, form: { host: "x", base_dn: "dc=x" }) }',
  'mutation { adminSaveOAuth2Config(open: false, form: { redirectUri: "", client_id: "", host: "" }) }',
];

const BASE_CONFIG = {
  register_open: 1,
  home_page: 1,
  home_item: '',
  history_version_count: 20,
  session_expire_days: 180,
  enable_public_square: 0,
};

describe.each(testDatabases())('ShowDoc admin, public square and SSO endpoints on $name', (target) => {
  let server: TestServer;
  let adminToken: string;
  let member: User;
  let memberToken: string;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_admin_${target.name}`);
    adminToken = await loginAdmin(server);
    const em = server.db.orm.em.fork();
    member = await buildUser(em, { username: 'plainmember', email: 'plain@example.com' });
    memberToken = await buildSession(em, member);
  }, 60_000);
  afterAll(async () => server?.close());

  const call = (route: string, fields: Record<string, string | number> = {}, token = adminToken) =>
    server.form(api(route), { user_token: token, ...fields });

  describe('refusals', () => {
    it.each(ADMIN_ENDPOINTS)(
      '%s refuses an ordinary user with 10103 and a visitor with 10102',
      async (route) => {
        expectError(
          await call(route, { uid: member.id, item_id: 1, username: 'x' }, memberToken),
          10103,
          ADMIN_ONLY,
        );
        expectError(await server.form(api(route)), 10102);
      },
    );

    it('answers FORBIDDEN (10103) to an ordinary user on every admin GraphQL field', async () => {
      for (const query of ADMIN_GRAPHQL) {
        const answer = await server.graphql(query, {}, memberToken);
        expect(answer.errors?.[0]?.extensions).toEqual(
          expect.objectContaining({ code: 'FORBIDDEN', showdocCode: 10103 }),
        );
      }
    });
  });

  describe('adminUser (§20.2)', () => {
    it('adds a user, edits the name and password, and lists users newest first without hashes', async () => {
      expectOk(
        await call('adminUser/addUser', { username: 'newbie', password: 'first-pass', name: 'New Bie' }),
      );
      const list = expectOk(await call('adminUser/getList', { username: 'newbie', page: 1, count: 7 }));
      expect(list.total).toBe(1);
      const row = list.users[0];
      expect(row).toEqual(
        expect.objectContaining({
          uid: expect.stringMatching(DIGITS),
          username: 'newbie',
          name: 'New Bie',
          groupid: '2',
          password: '',
          salt: '',
          reg_time: expect.stringMatching(LOCAL_TIME),
          last_login_time: '',
        }),
      );
      // Editing: the username stays, a blank password keeps the old one.
      expectOk(
        await call('adminUser/addUser', { uid: row.uid, username: 'ignored', name: 'Renamed', password: '' }),
      );
      const signIn = (password: string) =>
        server.form(api('user/login'), { username: 'newbie', password, captcha: TEST_CAPTCHA });
      expectOk(await signIn('first-pass'));
      const again = expectOk(await call('adminUser/getList', { username: row.uid }));
      expect(again.users[0]).toEqual(expect.objectContaining({ username: 'newbie', name: 'Renamed' }));
      expectOk(await call('adminUser/changePassword', { uid: row.uid, new_password: 'second-pass' }));
      expectError(await signIn('first-pass'), 10210);
      expectOk(await signIn('second-pass'));
    });

    it('finds users by e-mail and pages the list', async () => {
      const byMail = expectOk(await call('adminUser/getList', { username: 'plain@example' }));
      expect(byMail.users.map((u: { username: string }) => u.username)).toEqual(['plainmember']);
      const first = expectOk(await call('adminUser/getList', { page: 1, count: 1 }));
      const second = expectOk(await call('adminUser/getList', { page: 2, count: 1 }));
      expect(first.users).toHaveLength(1);
      expect(Number(first.users[0].uid)).toBeGreaterThan(Number(second.users[0].uid));
      expect(first.total).toBeGreaterThanOrEqual(3);
    });

    it('refuses a blank username, a taken one, a missing password and a bad page', async () => {
      expectError(
        await call('adminUser/addUser', { username: '', password: 'x' }),
        10101,
        '用户名不允许为空',
      );
      expectError(
        await call('adminUser/addUser', { username: 'plainmember', password: 'x-1234' }),
        10101,
        '用户名已存在',
      );
      expectError(await call('adminUser/addUser', { username: 'nopassword' }), 10101, '注册失败');
      expectError(await call('adminUser/getList', { count: 1000 }), 10101);
    });

    it('applies the strong-password rule when the site turns it on', async () => {
      await setSettings(server, { strong_password_enabled: '1' });
      try {
        expectError(
          await call('adminUser/addUser', { username: 'weakling', password: 'weak' }),
          10101,
          /密码长度至少8位/,
        );
        expectOk(await call('adminUser/addUser', { username: 'stronger', password: 'Str0ng!pass' }));
      } finally {
        await setSettings(server, { strong_password_enabled: '0' });
      }
    });

    it('refuses to delete an owner of live items, or the administrator, and deletes others', async () => {
      const em = server.db.orm.em.fork();
      const owner = await buildUser(em);
      const item = await buildItem(em, owner);
      expectError(
        await call('adminUser/deleteUser', { uid: owner.id }),
        10101,
        '该用户名下还有项目，不允许删除。请先将其项目删除或者重新分配/转让',
      );
      const admin = expectOk(await server.form(api('user/info'), { user_token: adminToken }));
      expectError(await call('adminUser/deleteUser', { uid: admin.uid }), 10101);
      expectOk(await call('adminItem/deleteItem', { item_id: item.id }));
      expectOk(await call('adminUser/deleteUser', { uid: owner.id }));
      expect(expectOk(await call('adminUser/getList', { username: owner.username })).total).toBe(0);
      expectError(await call('adminUser/deleteUser', { uid: owner.id }), 10209);
    });
  });

  describe('adminItem (§20.1)', () => {
    let item: Item;
    let secret: Item;
    beforeAll(async () => {
      const em = server.db.orm.em.fork();
      item = await buildItem(em, member, { name: 'Admin Findable', description: 'desc' });
      secret = await buildItem(em, member, { name: 'Admin Secret', password: 'pw' });
      await buildPage(em, item, { title: 'One' });
    });

    it('lists items with ItemRow keys, formatted time and member count, filtered by name, owner and privacy', async () => {
      const list = expectOk(await call('adminItem/getList', { item_name: 'admin ', username: 'plainmem' }));
      expect(list.total).toBe(2);
      const row = list.items.find((i: { item_id: string }) => i.item_id === String(item.id));
      expect(Object.keys(row)).toEqual([
        'item_id',
        'item_name',
        'item_description',
        'uid',
        'username',
        'password',
        'addtime',
        'last_update_time',
        'item_domain',
        'item_type',
        'is_archived',
        'is_del',
        'allow_comment',
        'allow_feedback',
        'member_num',
      ]);
      expect(row).toEqual(
        expect.objectContaining({
          username: 'plainmember',
          addtime: expect.stringMatching(LOCAL_TIME),
          member_num: 0,
        }),
      );
      const publicOnly = expectOk(await call('adminItem/getList', { item_name: 'Admin', privacy_type: 2 }));
      expect(publicOnly.items.map((i: { item_id: string }) => i.item_id)).toEqual([String(item.id)]);
      const privateOnly = expectOk(await call('adminItem/getList', { item_name: 'Admin', privacy_type: 3 }));
      expect(privateOnly.items.map((i: { item_id: string }) => i.item_id)).toEqual([String(secret.id)]);
    });

    it('transfers without a password, and refuses an unknown user', async () => {
      const moved = expectOk(await call('adminItem/attorn', { item_id: secret.id, username: 'newbie' }));
      expect(moved).toEqual(expect.objectContaining({ item_id: String(secret.id), username: 'newbie' }));
      expectError(
        await call('adminItem/attorn', { item_id: secret.id, username: 'nobody-here' }),
        10209,
        '用户不存在',
      );
    });

    it('deletes, lists as deleted, recovers with its pages, and removes a deleted item for good', async () => {
      const em = server.db.orm.em.fork();
      const doomed = await buildItem(em, member, { name: 'Doomed thing' });
      const page = await buildPage(em, doomed, { deletedAt: new Date() });
      expectError(await call('adminItem/recoverItem', { item_id: doomed.id }), 10101);
      expectError(await call('adminItem/hardDeleteItem', { item_id: doomed.id }), 10101);
      expectOk(await call('adminItem/deleteItem', { item_id: doomed.id }));
      const deleted = expectOk(await call('adminItem/getList', { item_name: 'Doomed', is_del: 1 }));
      expect(deleted.items[0]).toEqual(
        expect.objectContaining({ is_del: '1', del_time: expect.stringMatching(LOCAL_TIME) }),
      );
      expect(expectOk(await call('adminItem/getList', { item_name: 'Doomed' })).total).toBe(0);
      expectOk(await call('adminItem/recoverItem', { item_id: doomed.id }));
      const info = expectOk(await call('page/info', { page_id: page.id }));
      expect(info.page_id).toBe(String(page.id));
      expectOk(await call('adminItem/deleteItem', { item_id: doomed.id }));
      expectOk(await call('adminItem/hardDeleteItem', { item_id: doomed.id }));
      expect(expectOk(await call('adminItem/getList', { item_name: 'Doomed', is_del: 1 })).total).toBe(0);
      expectError(await call('adminItem/deleteItem', { item_id: doomed.id }), 10101);
    });
  });

  describe('adminSetting (§20.3) and what the settings change', () => {
    it('answers [] before the first save, then the saved values', async () => {
      await clearSettings(server, ['register_open']);
      expect(expectOk(await call('adminSetting/loadConfig'))).toEqual([]);
      expectOk(
        await postJson(server, api('adminSetting/saveConfig'), {
          ...BASE_CONFIG,
          beian: '京ICP备1号',
          user_token: adminToken,
        }),
      );
      const config = expectOk(await call('adminSetting/loadConfig'));
      expect(config).toEqual(
        expect.objectContaining({
          register_open: '1',
          home_page: '1',
          beian: '京ICP备1号',
          session_expire_days: '180',
          history_version_count: '20',
          oss_setting: [],
          ai_max_message_length: 8000,
          ai_tool_rounds: 20,
        }),
      );
    });

    const save = (fields: Record<string, unknown>) =>
      postJson(server, api('adminSetting/saveConfig'), { ...BASE_CONFIG, ...fields, user_token: adminToken });

    it('refuses bad values and changes nothing', async () => {
      expectError(
        await save({ home_page: 4, beian: 'changed' }),
        10101,
        '请先启用公共广场功能，再设置首页为公开广场',
      );
      expectError(await save({ session_expire_days: 0 }), 10101);
      expectError(await save({ home_page: 9 }), 10101);
      expectError(await save({ home_page: 3, home_item: 999999 }), 10101);
      expectError(await save({ ai_service_url: 'http://169.254.169.254/latest' }), 10101);
      expectError(await save({ open_ai_host: 'http://127.0.0.1:6379' }), 10101);
      expectError(await save({ oss_open: 1, oss_setting: { endpoint: 'http://10.0.0.1' } }), 10101);
      expect(expectOk(await call('adminSetting/loadConfig')).beian).toBe('京ICP备1号');
    });

    it('closes registration: homePageSetting says so and user/register is refused', async () => {
      expectOk(await save({ register_open: 0 }));
      expect(expectOk(await get(server, api('common/homePageSetting'))).register_open).toBe(0);
      const answer = await server.form(api('user/register'), {
        username: 'lateuser',
        password: 'late-123',
        confirm_password: 'late-123',
        captcha: TEST_CAPTCHA,
      });
      expectError(answer, 10101, '管理员已关闭注册');
      expectOk(await save({}));
    });

    it('sets home page 3 to an item', async () => {
      const em = server.db.orm.em.fork();
      const home = await buildItem(em, member, { name: 'Home item' });
      expectOk(await save({ home_page: 3, home_item: home.id }));
      const setting = expectOk(await get(server, api('common/homePageSetting')));
      expect(setting).toEqual(expect.objectContaining({ home_page: '3', home_item: String(home.id) }));
      expectOk(await save({}));
    });
  });

  describe('publicSquare (§19)', () => {
    it('answers 10501 while disabled, then lists only public items by title or content', async () => {
      expect(expectOk(await get(server, api('publicSquare/checkEnabled')))).toEqual({ enable: 0 });
      expectError(await get(server, api('publicSquare/getPublicItems')), 10501, '公开广场功能未启用');
      const em = server.db.orm.em.fork();
      const open = await buildItem(em, member, { name: 'Square Open', description: 'nice' });
      await buildPage(em, open, { content: 'the zebrafish protocol' });
      const closed = await buildItem(em, member, { name: 'Square Closed', password: 'pw' });
      await buildPage(em, closed, { content: 'zebrafish too' });
      const gone = await buildItem(em, member, { name: 'Square Gone', deletedAt: new Date() });
      await buildPage(em, gone, { content: 'zebrafish gone' });
      expectOk(
        await postJson(server, api('adminSetting/saveConfig'), {
          ...BASE_CONFIG,
          enable_public_square: 1,
          user_token: adminToken,
        }),
      );
      expect(expectOk(await get(server, api('publicSquare/checkEnabled')))).toEqual({ enable: 1 });

      const byTitle = expectOk(await get(server, api('publicSquare/getPublicItems', 'keyword=square')));
      expect(byTitle.total).toBe(1);
      expect(Object.keys(byTitle.items[0])).toEqual([
        'item_id',
        'item_name',
        'item_description',
        'item_type',
        'addtime',
        'last_update_time',
        'item_domain',
      ]);
      expect(byTitle.items[0]).toEqual(
        expect.objectContaining({
          item_name: 'Square Open',
          item_domain: String(open.id),
          addtime: expect.stringMatching(LOCAL_TIME),
        }),
      );
      const byContent = expectOk(
        await get(server, api('publicSquare/getPublicItems', 'keyword=zebrafish&search_type=content')),
      );
      expect(byContent.items.map((i: { item_id: string }) => i.item_id)).toEqual([String(open.id)]);
      const gql = await server.graphql<{ publicItems: { total: number; items: Array<{ id: number }> } }>(
        '{ publicItems(search: "zebrafish", inContent: true) { total items { id } } }',
      );
      expect(gql.data?.publicItems.items).toEqual([{ id: open.id }]);
    });

    it('requires sign-in when the site forces it', async () => {
      await setSettings(server, { force_login: '1' });
      try {
        expectError(await get(server, api('publicSquare/getPublicItems')), 10312);
        expectOk(await server.form(api('publicSquare/getPublicItems'), { user_token: memberToken }));
      } finally {
        await setSettings(server, { force_login: '0' });
      }
    });
  });

  describe('single sign-on by secret key (§20.3 key, §21.1)', () => {
    const sign = (username: string, key: string, time: number) =>
      createHash('md5').update(`${username}${key}${time}`).digest('hex');
    const follow = (query: Record<string, string | number>) =>
      fetch(
        `${server.url}${api('extLogin/bySecretKey')}&${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
        {
          redirect: 'manual',
        },
      );

    it('refuses before a key exists, then signs a user in and redirects only within the site', async () => {
      const now = Math.floor(Date.now() / 1000);
      const before = await follow({ username: 'ssouser', time: now, token: 'x' });
      expect(await before.json()).toEqual({ error_code: 10101, error_message: '未配置 SecretKey' });

      const key = expectOk(await call('adminSetting/getLoginSecretKey')).login_secret_key;
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(expectOk(await call('adminSetting/getLoginSecretKey')).login_secret_key).toBe(key);

      const ok = await follow({
        username: 'ssouser',
        time: now,
        token: sign('ssouser', key, now),
        name: 'SSO U',
        redirect: '//evil.example/x',
      });
      expect(ok.status).toBe(302);
      const location = new URL(ok.headers.get('location') ?? '', server.url);
      expect(location.pathname).toBe('/user/loginByUserToken');
      expect(location.searchParams.get('redirect_uri')).toBe('/item/index');
      const info = expectOk(
        await server.form(api('user/info'), { user_token: location.searchParams.get('user_token') ?? '' }),
      );
      expect(info).toEqual(expect.objectContaining({ username: 'ssouser', name: 'SSO U', is_sso: '1' }));
    });

    it('refuses a wrong token, an old link, an administrator, and a key reset invalidates links', async () => {
      const key = expectOk(await call('adminSetting/getLoginSecretKey')).login_secret_key;
      const now = Math.floor(Date.now() / 1000);
      expect(
        await (await follow({ username: 'ssouser', time: now, token: sign('ssouser', 'nope', now) })).json(),
      ).toEqual({
        error_code: 10101,
        error_message: 'token不正确',
      });
      const old = now - 120;
      expect(
        await (await follow({ username: 'ssouser', time: old, token: sign('ssouser', key, old) })).json(),
      ).toEqual({
        error_code: 10101,
        error_message: '已过期',
      });
      expect(
        await (await follow({ username: 'admin', time: now, token: sign('admin', key, now) })).json(),
      ).toEqual({
        error_code: 10101,
        error_message: '为了安全，禁止管理员通过这种方式登录',
      });
      const fresh = expectOk(await call('adminSetting/resetLoginSecretKey')).login_secret_key;
      expect(fresh).not.toBe(key);
      const stale = await follow({ username: 'ssouser', time: now, token: sign('ssouser', key, now) });
      expect((await stale.json()).error_code).toBe(10101);
    });
  });

  it('adminUpdate/checkUpdate answers that there is no update', async () => {
    const data = expectOk(await get(server, api('adminUpdate/checkUpdate')));
    expect(data).toEqual({ version: expect.stringMatching(/^v\d/), new_version: '', url: '' });
  });

  it('adminMessage posts sanitised announcements and lists them newest first (§20.4)', async () => {
    expectError(await call('adminMessage/addAnnouncement', { message_content: '  ' }), 10101);
    const first = expectOk(
      await call('adminMessage/addAnnouncement', {
        message_content:
          '<p onclick="x()">Hi <b>all</b></p><script>alert(1)</script><img src=x onerror=y><a href="javascript:alert(1)">x</a>\nnext',
        message_type: 'announce_all',
      }),
    );
    expect(first).toEqual({ id: expect.any(Number) });
    const second = expectOk(
      await call('adminMessage/addAnnouncement', { message_content: 'Second', message_type: 'weird' }),
    );
    const list = expectOk(await call('adminMessage/listAnnouncements'));
    expect(list.map((row: { id: string }) => row.id).slice(0, 2)).toEqual([
      String(second.id),
      String(first.id),
    ]);
    expect(Object.keys(list[0])).toEqual([
      'id',
      'from_uid',
      'from_name',
      'message_type',
      'message_content',
      'action_type',
      'object_type',
      'object_id',
      'addtime',
    ]);
    expect(list[0].message_type).toBe('announce_web');
    const cleaned = list[1].message_content as string;
    expect(list[1].message_type).toBe('announce_all');
    expect(cleaned).toContain('<p>Hi <b>all</b></p>');
    expect(cleaned).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(cleaned).toContain('<br />\nnext');
  });
});
