// compat-api §2 (user) over real HTTP: answers with their exact keys and types, error codes and
// messages in ShowDoc's check order, and the protections Quire enforces where ShowDoc does not.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { testDatabases } from '../support/mysql';
import { ADMIN, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';
import {
  api,
  clearSettings,
  expectError,
  expectOk,
  get,
  login,
  loginAdmin,
  register,
  setSettings,
} from './wire-helpers';

const SESSION_KEYS = [
  'uid',
  'username',
  'name',
  'groupid',
  'avatar',
  'avatar_small',
  'email',
  'email_verify',
  'user_token',
];
const INFO_KEYS = [
  'uid',
  'username',
  'email',
  'email_verify',
  'mobile',
  'name',
  'avatar',
  'avatar_small',
  'groupid',
  'reg_time',
  'is_wechat',
  'is_sso',
];
const DIGITS = /^\d+$/;
const TOKEN = /^[0-9a-f]{128}$/;

const EMPTY_CREDENTIALS = '用户名或密码不能为空';
const BAD_USERNAME = '用户名只允许字母、数字、下划线、横线、中文，2-30个字符';
const WRONG_CAPTCHA = '验证码不正确';
const WRONG_CREDENTIALS = '用户名或密码错误';
const LOCKED = '登录失败次数过多，账号已锁定5分钟';
const NO_TOKEN = '未提供用户 Token';
const BAD_TOKEN = 'Token 无效或已过期';

describe.each(testDatabases())('ShowDoc user endpoints on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, `compat_user_${target.name}`);
  });
  afterAll(async () => server?.close());

  const attemptLogin = (username: string, password: string, captcha = TEST_CAPTCHA, route = 'user/login') =>
    server.form(api(route), { username, password, captcha });
  const attemptRegister = (fields: Record<string, string>) =>
    server.form(api('user/register'), { captcha: TEST_CAPTCHA, ...fields });
  const info = async (token: string) => expectOk(await server.form(api('user/info'), { user_token: token }));

  describe('login and loginByVerify (§2.1)', () => {
    it('answers every key of §2.1 with its type', async () => {
      const data = expectOk(await attemptLogin(ADMIN.username, ADMIN.password));
      expect(Object.keys(data)).toEqual(SESSION_KEYS);
      expect(data).toEqual({
        uid: expect.stringMatching(DIGITS),
        username: ADMIN.username,
        name: '',
        groupid: '1',
        avatar: '',
        avatar_small: '',
        email: '',
        email_verify: 0,
        user_token: expect.stringMatching(TOKEN),
      });
    });

    it('answers loginByVerify exactly like login, with a new working token each time', async () => {
      const viaLogin = expectOk(await attemptLogin(ADMIN.username, ADMIN.password));
      const viaVerify = expectOk(
        await attemptLogin(ADMIN.username, ADMIN.password, TEST_CAPTCHA, 'user/loginByVerify'),
      );
      expect({ ...viaVerify, user_token: '' }).toEqual({ ...viaLogin, user_token: '' });
      expect(viaVerify.user_token).not.toBe(viaLogin.user_token);
      expect((await info(viaVerify.user_token)).uid).toBe(viaLogin.uid);
      expect((await info(viaLogin.user_token)).uid).toBe(viaLogin.uid);
    });

    it('refuses an empty username or password with 10101, before looking at the captcha', async () => {
      expectError(await attemptLogin('', ADMIN.password, 'WRONG'), 10101, EMPTY_CREDENTIALS);
      expectError(await attemptLogin(ADMIN.username, '', 'WRONG'), 10101, EMPTY_CREDENTIALS);
      expectError(await server.form(api('user/login'), {}), 10101, EMPTY_CREDENTIALS);
    });

    it('refuses a username outside the pattern with 10101, before looking at the captcha', async () => {
      for (const username of ['a', 'has space', 'semi;colon', 'x'.repeat(31)]) {
        expectError(await attemptLogin(username, 'whatever', 'WRONG'), 10101, BAD_USERNAME);
      }
    });

    it('refuses a wrong captcha with 10206, before checking the password', async () => {
      expectError(await attemptLogin(ADMIN.username, 'wrong-password', 'WRONG'), 10206, WRONG_CAPTCHA);
      expectError(await attemptLogin(ADMIN.username, ADMIN.password, ''), 10206, WRONG_CAPTCHA);
    });

    it('refuses a wrong password, and an unknown user, with 10210', async () => {
      expectError(await attemptLogin(ADMIN.username, 'wrong-password'), 10210, WRONG_CREDENTIALS);
      expectError(await attemptLogin('nobody-here', 'whatever'), 10210, WRONG_CREDENTIALS);
    });

    it('locks the login after five failures: 10204 even with the right password (ShowDoc never locks)', async () => {
      await register(server, 'lock-target', 'right-password');
      for (let i = 0; i < 5; i++) {
        expectError(await attemptLogin('lock-target', 'wrong-password'), 10210, WRONG_CREDENTIALS);
      }
      expectError(await attemptLogin('lock-target', 'right-password'), 10204, LOCKED);
      expectError(await attemptLogin('LOCK-TARGET', 'right-password'), 10204, LOCKED);
      // The captcha is still checked first.
      expectError(await attemptLogin('lock-target', 'right-password', 'WRONG'), 10206, WRONG_CAPTCHA);
      // Other accounts are not affected.
      expectOk(await attemptLogin(ADMIN.username, ADMIN.password));
    });

    it('clears the failure count on a successful login', async () => {
      await register(server, 'forgetful', 'right-password');
      for (let i = 0; i < 4; i++) expectError(await attemptLogin('forgetful', 'wrong'), 10210);
      expectOk(await attemptLogin('forgetful', 'right-password'));
      for (let i = 0; i < 4; i++) expectError(await attemptLogin('forgetful', 'wrong'), 10210);
      expectOk(await attemptLogin('forgetful', 'right-password'));
    });
  });

  describe('register and registerByVerify (§2.2)', () => {
    afterEach(async () => clearSettings(server, ['register_open']));

    it('answers the §2.1 object for a new member, with a working token', async () => {
      const answer = await attemptRegister({
        username: 'newbie',
        password: 'pw-1',
        confirm_password: 'pw-1',
      });
      const data = expectOk(answer);
      expect(Object.keys(data)).toEqual(SESSION_KEYS);
      expect(data).toEqual({
        uid: expect.stringMatching(DIGITS),
        username: 'newbie',
        name: '',
        groupid: '2',
        avatar: '',
        avatar_small: '',
        email: '',
        email_verify: 0,
        user_token: expect.stringMatching(TOKEN),
      });
      expect((await info(data.user_token)).username).toBe('newbie');
      expect(expectOk(await attemptLogin('newbie', 'pw-1')).uid).toBe(data.uid);
    });

    it('answers registerByVerify like register, and trims the username', async () => {
      const data = expectOk(
        await server.form(api('user/registerByVerify'), {
          username: '  verified  ',
          password: 'pw-2',
          confirm_password: 'pw-2',
          captcha: TEST_CAPTCHA,
        }),
      );
      expect(Object.keys(data)).toEqual(SESSION_KEYS);
      expect(data).toMatchObject({ username: 'verified', groupid: '2', email_verify: 0 });
    });

    it("refuses with 10101 管理员已关闭注册 when register_open is '0', before any other check", async () => {
      await setSettings(server, { register_open: '0' });
      expectError(await attemptRegister({}), 10101, '管理员已关闭注册');
      expectError(
        await attemptRegister({ username: 'closed-door', password: 'pw', confirm_password: 'pw' }),
        10101,
        '管理员已关闭注册',
      );
      await setSettings(server, { register_open: '1' });
      expectOk(await attemptRegister({ username: 'open-door', password: 'pw', confirm_password: 'pw' }));
    });

    it('refuses missing credentials and bad usernames with 10101', async () => {
      expectError(
        await attemptRegister({ username: '', password: 'pw', confirm_password: 'pw' }),
        10101,
        EMPTY_CREDENTIALS,
      );
      expectError(
        await attemptRegister({ username: '   ', password: 'pw', confirm_password: 'pw' }),
        10101,
        EMPTY_CREDENTIALS,
      );
      expectError(await attemptRegister({ username: 'someone', password: '' }), 10101, EMPTY_CREDENTIALS);
      expectError(
        await attemptRegister({ username: 'a@b.c', password: 'pw', confirm_password: 'pw' }),
        10101,
        BAD_USERNAME,
      );
    });

    it('refuses a password over 100 bytes with 10101 密码过长', async () => {
      const long = '密'.repeat(34); // 102 bytes in UTF-8, 34 characters
      expectError(
        await attemptRegister({ username: 'long-pw', password: long, confirm_password: long }),
        10101,
        '密码过长',
      );
    });

    it('refuses differing passwords with 10101, before looking at the captcha', async () => {
      const fields = { username: 'mismatch', password: 'pw-a', confirm_password: 'pw-b' };
      expectError(await attemptRegister(fields), 10101, '两次输入的密码不一致');
      expectError(await attemptRegister({ ...fields, captcha: 'WRONG' }), 10101, '两次输入的密码不一致');
    });

    it('refuses a wrong captcha with 10206, before looking for the username', async () => {
      expectError(
        await attemptRegister({
          username: 'captcha-miss',
          password: 'pw',
          confirm_password: 'pw',
          captcha: 'WRONG',
        }),
        10206,
        WRONG_CAPTCHA,
      );
      expectError(
        await attemptRegister({
          username: ADMIN.username,
          password: 'pw',
          confirm_password: 'pw',
          captcha: 'WRONG',
        }),
        10206,
        WRONG_CAPTCHA,
      );
    });

    it('refuses a taken username, in any letter case, with 10101 用户名已存在', async () => {
      for (const username of [ADMIN.username, ADMIN.username.toUpperCase()]) {
        expectError(
          await attemptRegister({ username, password: 'pw', confirm_password: 'pw' }),
          10101,
          '用户名已存在',
        );
      }
    });

    it('creates no account when it refuses', async () => {
      await setSettings(server, { register_open: '0' });
      expectError(
        await attemptRegister({ username: 'refused-closed', password: 'pw', confirm_password: 'pw' }),
        10101,
      );
      await clearSettings(server, ['register_open']);
      expectError(
        await attemptRegister({ username: 'refused-mismatch', password: 'a', confirm_password: 'b' }),
        10101,
      );
      expectError(
        await attemptRegister({
          username: 'refused-captcha',
          password: 'pw',
          confirm_password: 'pw',
          captcha: 'WRONG',
        }),
        10206,
      );
      const adminToken = await loginAdmin(server);
      const refused = expectOk(
        await server.form(api('user/allUser'), { user_token: adminToken, username: 'refused-' }),
      );
      expect(refused).toEqual([]);
      for (const username of ['refused-closed', 'refused-mismatch', 'refused-captcha']) {
        expectError(await attemptLogin(username, 'pw'), 10210, WRONG_CREDENTIALS);
      }
    });
  });

  describe('info (§2.3)', () => {
    it('answers every key of §2.3 with its type', async () => {
      const before = Math.floor(Date.now() / 1000);
      const token = await register(server, 'info-user');
      const data = await info(token);
      expect(Object.keys(data)).toEqual(INFO_KEYS);
      expect(data).toEqual({
        uid: expect.stringMatching(DIGITS),
        username: 'info-user',
        email: '',
        email_verify: 0,
        mobile: '',
        name: '',
        avatar: '',
        avatar_small: '',
        groupid: '2',
        reg_time: expect.stringMatching(DIGITS),
        is_wechat: 0,
        is_sso: '0',
      });
      expect(Number(data.reg_time)).toBeGreaterThanOrEqual(before - 1);
      expect(Number(data.reg_time)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 1);
    });

    it('answers the administrator with groupid "1"', async () => {
      expect((await info(await loginAdmin(server))).groupid).toBe('1');
    });

    it('refuses without a token (10102 未提供用户 Token) and with a bad one (10102)', async () => {
      expectError(await server.form(api('user/info')), 10102, NO_TOKEN);
      expectError(await server.form(api('user/info'), { user_token: '' }), 10102, NO_TOKEN);
      expectError(await server.form(api('user/info'), { user_token: 'f'.repeat(128) }), 10102, BAD_TOKEN);
      expectError(await server.form(api('user/info'), { user_token: 'not-a-token' }), 10102, BAD_TOKEN);
    });
  });

  describe('updateInfo (§2.4)', () => {
    it('sets the name, seen by info, login and allUser', async () => {
      const token = await register(server, 'renamed');
      expect(
        expectOk(await server.form(api('user/updateInfo'), { user_token: token, name: '张三' })),
      ).toEqual([]);
      expect((await info(token)).name).toBe('张三');
      expect(expectOk(await attemptLogin('renamed', 'secret-123')).name).toBe('张三');
      const users = expectOk(
        await server.form(api('user/allUser'), { user_token: token, username: 'renamed' }),
      );
      expect(users).toEqual([{ username: 'renamed', uid: expect.any(String), name: '张三' }]);
    });

    it('leaves the name alone when name is omitted (ShowDoc blanks it; Quire does not)', async () => {
      const token = await register(server, 'keeps-name');
      expectOk(await server.form(api('user/updateInfo'), { user_token: token, name: 'Kept' }));
      expect(expectOk(await server.form(api('user/updateInfo'), { user_token: token }))).toEqual([]);
      expect((await info(token)).name).toBe('Kept');
    });

    it('clears the name when it is sent empty', async () => {
      const token = await register(server, 'clears-name');
      expectOk(await server.form(api('user/updateInfo'), { user_token: token, name: 'Temp' }));
      expectOk(await server.form(api('user/updateInfo'), { user_token: token, name: '' }));
      expect((await info(token)).name).toBe('');
    });

    it('requires a login', async () => {
      expectError(await server.form(api('user/updateInfo'), { name: 'x' }), 10102, NO_TOKEN);
    });
  });

  describe('resetPassword (§2.5)', () => {
    it('refuses a wrong old password with 10101 旧密码错误 and an empty new one with 10101', async () => {
      const token = await register(server, 'pw-changer-1', 'old-password');
      expectError(
        await server.form(api('user/resetPassword'), {
          user_token: token,
          password: 'nope',
          new_password: 'x-1',
        }),
        10101,
        '旧密码错误',
      );
      expectError(
        await server.form(api('user/resetPassword'), {
          user_token: token,
          password: 'old-password',
          new_password: '',
        }),
        10101,
        '新密码不能为空',
      );
      expectOk(await attemptLogin('pw-changer-1', 'old-password'));
    });

    it('changes the password: the new one logs in, the old one no longer does, other sessions end', async () => {
      const token = await register(server, 'pw-changer-2', 'old-password');
      const otherSession = await login(server, 'pw-changer-2', 'old-password');
      const answer = await server.form(api('user/resetPassword'), {
        user_token: token,
        password: 'old-password',
        new_password: 'new-password',
      });
      expect(expectOk(answer)).toEqual([]);
      expectError(await attemptLogin('pw-changer-2', 'old-password'), 10210, WRONG_CREDENTIALS);
      expect(expectOk(await attemptLogin('pw-changer-2', 'new-password')).username).toBe('pw-changer-2');
      expectError(await server.form(api('user/info'), { user_token: otherSession }), 10102);
      // Quire keeps the session that proved the old password (ShowDoc revokes it too).
      expect((await info(token)).username).toBe('pw-changer-2');
    });

    it('requires a login', async () => {
      expectError(await server.form(api('user/resetPassword'), { password: 'a', new_password: 'b' }), 10102);
    });
  });

  describe('logout (§2.6)', () => {
    it('revokes every token of the user and answers []', async () => {
      await register(server, 'leaver');
      const first = await login(server, 'leaver', 'secret-123');
      const second = await login(server, 'leaver', 'secret-123');
      const bystander = await loginAdmin(server);
      expect(expectOk(await server.form(api('user/logout'), { user_token: first }))).toEqual([]);
      expectError(await server.form(api('user/info'), { user_token: first }), 10102, BAD_TOKEN);
      expectError(await server.form(api('user/info'), { user_token: second }), 10102, BAD_TOKEN);
      expect((await info(bystander)).username).toBe(ADMIN.username);
    });

    it('answers [] without a token and with a bad one', async () => {
      expect(expectOk(await server.form(api('user/logout')))).toEqual([]);
      expect(expectOk(await server.form(api('user/logout'), { user_token: 'f'.repeat(128) }))).toEqual([]);
    });
  });

  describe('allUser (§2.7)', () => {
    // Quire answers only a search of two characters or more (#15): ShowDoc listed every user for ''.
    it('lists {username, uid, name} with name null when never set, by uid, filtered by substring', async () => {
      const token = await register(server, 'zeta-one');
      await register(server, 'zeta-two');
      await register(server, 'omega');
      expect(expectOk(await server.form(api('user/allUser'), { user_token: token }))).toEqual([]);
      const all = expectOk(await server.form(api('user/allUser'), { user_token: token, username: 'eg' }));
      expect(Array.isArray(all)).toBe(true);
      for (const user of all) {
        expect(Object.keys(user)).toEqual(['username', 'uid', 'name']);
        expect(user.uid).toMatch(DIGITS);
        expect(typeof user.username).toBe('string');
        expect(user.name === null || typeof user.name === 'string').toBe(true);
      }
      const uids = all.map((u: { uid: string }) => Number(u.uid));
      expect(uids).toEqual([...uids].sort((a, b) => a - b));
      expect(all.find((u: { username: string }) => u.username === 'omega')).toEqual({
        username: 'omega',
        uid: expect.stringMatching(DIGITS),
        name: null,
      });

      const zetas = expectOk(await server.form(api('user/allUser'), { user_token: token, username: 'eta-' }));
      expect(zetas.map((u: { username: string }) => u.username)).toEqual(['zeta-one', 'zeta-two']);
      expect(
        expectOk(await server.form(api('user/allUser'), { user_token: token, username: 'no-such' })),
      ).toEqual([]);
    });

    it('treats LIKE wildcards in the filter as plain text', async () => {
      const token = await loginAdmin(server);
      expect(expectOk(await server.form(api('user/allUser'), { user_token: token, username: '%%' }))).toEqual(
        [],
      );
      expect(expectOk(await server.form(api('user/allUser'), { user_token: token, username: '__' }))).toEqual(
        [],
      );
    });

    it('requires a login', async () => {
      expectError(await server.form(api('user/allUser')), 10102, NO_TOKEN);
    });
  });

  describe('getPushUrl and savePushUrl (§2.8)', () => {
    it("answers '' until a push URL is saved, then the saved URL", async () => {
      const token = await register(server, 'pusher');
      expect(expectOk(await server.form(api('user/getPushUrl'), { user_token: token }))).toEqual({
        push_url: '',
      });
      const saved = await server.form(api('user/savePushUrl'), {
        user_token: token,
        push_url: 'https://hooks.example/abc?x=1',
      });
      expect(expectOk(saved)).toEqual([]);
      expect(expectOk(await server.form(api('user/getPushUrl'), { user_token: token }))).toEqual({
        push_url: 'https://hooks.example/abc?x=1',
      });
      expectOk(await server.form(api('user/savePushUrl'), { user_token: token, push_url: '' }));
      expect(expectOk(await server.form(api('user/getPushUrl'), { user_token: token }))).toEqual({
        push_url: '',
      });
    });

    it('requires a login', async () => {
      expectError(await server.form(api('user/getPushUrl')), 10102, NO_TOKEN);
      expectError(
        await server.form(api('user/savePushUrl'), { push_url: 'https://x.example' }),
        10102,
        NO_TOKEN,
      );
    });
  });

  describe('oauthInfo (§2.9)', () => {
    afterEach(async () => clearSettings(server, ['oauth2_open', 'oauth2_form']));

    it("answers oauth2_open null and oauth2_entrance_tips '' when OAuth2 was never configured", async () => {
      const data = expectOk(await get(server, api('user/oauthInfo')));
      expect(Object.keys(data)).toEqual(['oauth2_open', 'oauth2_entrance_tips']);
      expect(data).toEqual({ oauth2_open: null, oauth2_entrance_tips: '' });
    });

    it('answers the raw stored switch and the entrance tips of the stored form', async () => {
      await setSettings(server, {
        oauth2_open: '1',
        oauth2_form: JSON.stringify({ entrance_tips: '使用公司账号登录' }),
      });
      expect(expectOk(await get(server, api('user/oauthInfo')))).toEqual({
        oauth2_open: '1',
        oauth2_entrance_tips: '使用公司账号登录',
      });
    });
  });
});
