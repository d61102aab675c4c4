// compat-api §0.2-§0.6 over real HTTP: URL forms, methods, body kinds, parameter precedence, token
// carriers, and bad input that must be answered with the envelope, never a 500.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testDatabases } from '../support/mysql';
import { ADMIN, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';
import {
  api,
  call,
  expectError,
  expectInvalidRequest,
  expectOk,
  get,
  loginAdmin,
  postJson,
  postMultipart,
  type Answer,
} from './wire-helpers';

const MiB = 1024 * 1024;

/** Bad input is a business error: HTTP 200, the envelope, a non-zero code and a message; no stack trace. */
function expectRefused(answer: Answer): void {
  expect(answer.status).toBe(200);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(Object.keys(answer.body).sort()).toEqual(['error_code', 'error_message']);
  expect(answer.body.error_code).not.toBe(0);
  expect(answer.body.error_message).toEqual(expect.any(String));
  expect(answer.body.error_message).not.toBe('');
  expect(answer.text).not.toMatch(/exception|stack|\bat .+\.(ts|js):\d+/i);
}

describe.each(testDatabases())('ShowDoc routing and request handling on $name', (target) => {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer(target, `compat_routing_${target.name}`);
    adminToken = await loginAdmin(server);
  });
  afterAll(async () => server?.close());

  describe('URL forms (§0.2)', () => {
    it.each([
      ['query route', '/server/index.php?s=/api/common/version'],
      ['query route without the leading slash, any case', '/server/index.php?s=Api/Common/version'],
      ['query route without the file name', '/server/?s=/api/common/version'],
      ['path route under /server', '/server/api/common/version'],
      ['path route with a capitalised module', '/server/Api/Common/version'],
      ['path route at the root', '/api/common/version'],
    ])('reaches common/version by the %s', async (_form, url) => {
      expect(expectOk(await get(server, url))).toEqual({ version: expect.any(String) });
    });

    it('passes /k/v path pairs to the action, on the path route and inside ?s=', async () => {
      const { captcha_id: id } = expectOk(await get(server, api('common/createCaptcha')));
      for (const url of [
        `/server/api/common/showCaptcha/captcha_id/${id}`,
        `/api/common/showCaptcha/captcha_id/${id}`,
        `/server/index.php?s=/api/common/showCaptcha/captcha_id/${id}`,
      ]) {
        const answer = await get(server, url);
        expect(answer.status).toBe(200);
        expect(answer.contentType).toMatch(/^image\//);
      }
      expect((await get(server, '/server/api/common/showCaptcha/captcha_id/0')).status).toBe(404);
    });

    it('resolves controller spellings as ShowDoc does: camel, Pascal and snake case, not all-lowercase', async () => {
      for (const controller of ['publicSquare', 'PublicSquare', 'public_square']) {
        expect(expectOk(await get(server, api(`${controller}/checkEnabled`)))).toEqual({ enable: 0 });
      }
      expectInvalidRequest(await get(server, api('publicsquare/checkEnabled')));
      expect(expectOk(await get(server, api('COMMON/version')))).toEqual({ version: expect.any(String) });
    });

    it('matches actions case-insensitively', async () => {
      for (const action of ['checkEnabled', 'checkenabled', 'CHECKENABLED']) {
        expect(expectOk(await get(server, api(`publicSquare/${action}`)))).toEqual({ enable: 0 });
      }
    });

    it('answers 404 with {"error_code":10404,"error_message":"Invalid request"} for unknown routes', async () => {
      expectInvalidRequest(await get(server, api('nope/version')));
      expectInvalidRequest(await get(server, api('common/nope')));
      expectInvalidRequest(await get(server, api('common/constructor')));
      expectInvalidRequest(await get(server, '/server/index.php?s=/home/common/version'));
      expectInvalidRequest(await get(server, '/server/home/common/version'));
      expectInvalidRequest(await get(server, '/server/api/user/checkLogin'));
    });

    it('answers 404 for routes of fewer than three segments and for a missing route', async () => {
      for (const url of [
        '/server/index.php?s=/api/item',
        '/server/api/item',
        '/api/item',
        '/server/index.php',
      ]) {
        const answer = await get(server, url);
        expect(answer.status).toBe(404);
        expect(answer.body.error_code).toBe(10404);
      }
    });

    it('answers 400 {"error_code":10400,"error_message":"Invalid route"} for an empty controller or action', async () => {
      for (const url of ['/server/index.php?s=/api//version', '/server/index.php?s=/api/common/']) {
        const answer = await get(server, url);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error_code: 10400, error_message: 'Invalid route' });
      }
    });

    it('answers /server/ping with pong and an ISO-8601 time with its offset', async () => {
      const data = expectOk(await get(server, '/server/ping'));
      expect(data).toEqual({
        pong: true,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/),
      });
      expect(Math.abs(Date.parse(data.time) - Date.now())).toBeLessThan(60_000);
      if (!process.env.APP_TIMEZONE) expect(data.time).toMatch(/\+08:00$/);
    });
  });

  describe('methods and bodies (§0.3, §0.4)', () => {
    const credentials = { username: ADMIN.username, password: ADMIN.password, captcha: TEST_CAPTCHA };

    it('accepts GET with query parameters as well as POST', async () => {
      const query = new URLSearchParams(credentials).toString();
      expect(expectOk(await get(server, api('user/login', query))).username).toBe(ADMIN.username);
      expect(expectOk(await server.form(api('user/login'), credentials)).username).toBe(ADMIN.username);
    });

    it('answers other methods too (ShowDoc registers every route for any method)', async () => {
      for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        expect(expectOk(await call(server, api('common/version'), { method }))).toEqual({
          version: expect.any(String),
        });
      }
    });

    it('reads a JSON body', async () => {
      expect(expectOk(await postJson(server, api('user/login'), credentials)).username).toBe(ADMIN.username);
    });

    it('reads a multipart body', async () => {
      expect(expectOk(await postMultipart(server, api('user/login'), credentials)).username).toBe(
        ADMIN.username,
      );
    });

    it('reads a form body with a charset in its content type', async () => {
      const answer = await call(server, api('user/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: new URLSearchParams(credentials).toString(),
      });
      expect(expectOk(answer).username).toBe(ADMIN.username);
    });
  });

  describe('parameter precedence: path > body > query (§0.4)', () => {
    const savedPushUrl = async () =>
      expectOk(await server.form(api('user/getPushUrl'), { user_token: adminToken })).push_url;

    it('prefers a path pair over the body and the query string', async () => {
      const answer = await server.form(
        `/server/api/user/savePushUrl/push_url/${encodeURIComponent('https://path.example')}?push_url=https://query.example`,
        { push_url: 'https://body.example', user_token: adminToken },
      );
      expect(expectOk(answer)).toEqual([]);
      expect(await savedPushUrl()).toBe('https://path.example');
    });

    it('prefers a form body over the query string', async () => {
      expectOk(
        await server.form(api('user/savePushUrl', 'push_url=https://query.example'), {
          push_url: 'https://body.example',
          user_token: adminToken,
        }),
      );
      expect(await savedPushUrl()).toBe('https://body.example');
    });

    it('prefers a JSON body over the query string', async () => {
      expectOk(
        await postJson(server, api('user/savePushUrl', 'push_url=https://query.example'), {
          push_url: 'https://json.example',
          user_token: adminToken,
        }),
      );
      expect(await savedPushUrl()).toBe('https://json.example');
    });

    it('falls back to the query string', async () => {
      expectOk(
        await server.form(api('user/savePushUrl', 'push_url=https://query.example'), {
          user_token: adminToken,
        }),
      );
      expect(await savedPushUrl()).toBe('https://query.example');
    });

    it('writes JSON with unescaped slashes and Unicode', async () => {
      const success = await get(server, api('user/getPushUrl', `user_token=${adminToken}`));
      expect(success.contentType).toBe('application/json; charset=utf-8');
      expect(success.text).toContain('"https://query.example"');
      expect((await get(server, api('user/info'))).text).toContain('"未提供用户 Token"');
    });
  });

  describe('token carriers: X-API-Token > Authorization: Bearer > user_token (§0.6)', () => {
    const BAD = 'f'.repeat(128);
    const info = (query = '', headers: Record<string, string> = {}, fields: Record<string, string> = {}) =>
      server.form(api('user/info', query), fields, headers);

    it('accepts a token in any one carrier', async () => {
      expect(expectOk(await info('', { 'x-api-token': adminToken })).username).toBe(ADMIN.username);
      expect(expectOk(await info('', { authorization: `Bearer ${adminToken}` })).username).toBe(
        ADMIN.username,
      );
      expect(expectOk(await info('', { authorization: `bearer ${adminToken}` })).username).toBe(
        ADMIN.username,
      );
      expect(expectOk(await info('', {}, { user_token: adminToken })).username).toBe(ADMIN.username);
      expect(expectOk(await info(`user_token=${adminToken}`)).username).toBe(ADMIN.username);
      expect(expectOk(await get(server, `/server/api/user/info/user_token/${adminToken}`)).username).toBe(
        ADMIN.username,
      );
    });

    it('uses X-API-Token first: a bad one there fails even with a good Bearer or user_token', async () => {
      expectError(await info('', { 'x-api-token': BAD, authorization: `Bearer ${adminToken}` }), 10102);
      expectError(await info('', { 'x-api-token': BAD }, { user_token: adminToken }), 10102);
    });

    it('uses Authorization: Bearer before user_token: a bad Bearer fails even with a good user_token', async () => {
      expectError(await info('', { authorization: `Bearer ${BAD}` }, { user_token: adminToken }), 10102);
      expectError(await info(`user_token=${adminToken}`, { authorization: `Bearer ${BAD}` }), 10102);
    });

    it('skips empty carriers and falls through to the next one', async () => {
      const answer = await info(
        '',
        { 'x-api-token': ' ', authorization: 'Bearer ' },
        { user_token: adminToken },
      );
      expect(expectOk(answer).username).toBe(ADMIN.username);
    });

    it('does not read cookies', async () => {
      expectError(
        await info('', { cookie: `cookie_token=${adminToken}; user_token=${adminToken}` }),
        10102,
        '未提供用户 Token',
      );
    });
  });

  describe('bad input answers the envelope, never HTTP 500 (§0.5)', () => {
    const post = (contentType: string, body: BodyInit) =>
      call(server, api('user/login'), { method: 'POST', headers: { 'content-type': contentType }, body });

    it('refuses malformed JSON', async () => {
      expectRefused(await post('application/json', '{"username": "admin",'));
      expectRefused(await post('application/json', ''));
    });

    it('ignores a body of an unknown content type (the login then lacks its fields)', async () => {
      const answer = await post('application/xml', '<username>admin</username>');
      expectRefused(answer);
      expect(answer.body.error_code).toBe(10101);
    });

    it.each([
      ['form', 'application/x-www-form-urlencoded', `username=${'x'.repeat(9 * MiB)}`],
      ['JSON', 'application/json', JSON.stringify({ username: 'x'.repeat(9 * MiB) })],
      ['text', 'text/plain', 'x'.repeat(9 * MiB)],
    ])('refuses a %s body over the 8 MiB limit', async (_kind, contentType, body) => {
      const answer = await post(contentType, body);
      expectRefused(answer);
      expect(answer.body.error_code).toBe(10101);
    });

    it('refuses a multipart body over the limit instead of truncating a field', async () => {
      const answer = await postMultipart(server, api('user/login'), { username: 'x'.repeat(9 * MiB) });
      expectRefused(answer);
      expect(answer.body.error_message).toMatch(/过大|too large/);
    });

    it('takes multipart fields up to the body limit whole, and refuses longer ones as too large', async () => {
      const login = (username: string) =>
        postMultipart(server, api('user/login'), { username, password: 'p', captcha: TEST_CAPTCHA });
      // Under the body limit (512 KiB since issue #15) the field is taken: the username rule answers.
      expectError(
        await login('x'.repeat(400 * 1024)),
        10101,
        '用户名只允许字母、数字、下划线、横线、中文，2-30个字符',
      );
      // Beyond it, never cut short in silence (busboy would truncate a field at 1 MiB).
      expectError(await login('x'.repeat(2 * MiB)), 10101, '请求内容过大 (request body too large)');
    });

    it('refuses malformed multipart bodies', async () => {
      expectRefused(await post('multipart/form-data', 'no boundary'));
      expectRefused(await post('multipart/form-data; boundary=xyz', 'garbage'));
      expectRefused(
        await post(
          'multipart/form-data; boundary=xyz',
          '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nv',
        ),
      );
    });

    it('answers missing fields with the endpoint’s own error', async () => {
      expectError(await server.form(api('user/login'), {}), 10101, '用户名或密码不能为空');
      expectError(await get(server, api('user/register')), 10101, '用户名或密码不能为空');
    });

    it('reads arrays where strings are expected without failing', async () => {
      const form = await post('application/x-www-form-urlencoded', 'username[]=a&password[]=b&captcha[]=c');
      expectRefused(form);
      const json = await post(
        'application/json',
        JSON.stringify({ username: ['a'], password: { b: 1 }, captcha: [] }),
      );
      expectRefused(json);
      expectRefused(await get(server, api('user/info', 'user_token[]=x')));
      expectRefused(await get(server, api('user/info', 'user_token=a&user_token=b')));
      expect((await get(server, api('common/showCaptcha', 'captcha_id[]=1'))).status).toBe(404);
    });

    it('answers a non-object JSON body like an empty one', async () => {
      for (const body of ['[1,2]', 'null', '"text"', '42']) {
        expectError(await post('application/json', body), 10101, '用户名或密码不能为空');
      }
    });

    it('answers a path with broken percent-encoding with the envelope', async () => {
      expectError(await get(server, '/server/api/common/%E0%A4%A'), 10101, /请求格式错误/);
    });

    it('refuses prototype-polluting bodies without touching anything', async () => {
      expectRefused(await post('application/json', '{"__proto__":{"username":"admin"}}'));
      expectRefused(
        await post(
          'multipart/form-data; boundary=xyz',
          '--xyz\r\nContent-Disposition: form-data; name="constructor"\r\n\r\nv\r\n--xyz--\r\n',
        ),
      );
      expect(({} as Record<string, unknown>).username).toBeUndefined();
    });
  });
});
