// compat-api §1 (common) and §19.1 (publicSquare/checkEnabled) over real HTTP.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Captcha } from '../../db/src';
import { testDatabases } from '../support/mysql';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { api, clearSettings, expectError, expectOk, get, setSettings } from './wire-helpers';

describe.each(testDatabases())('ShowDoc common endpoints on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, `compat_common_${target.name}`);
  });
  afterAll(async () => server?.close());

  const createCaptcha = async (): Promise<number> =>
    expectOk(await get(server, api('common/createCaptcha'))).captcha_id;
  /** The code behind a captcha, read from the database as a person would read the image. */
  const codeOf = async (id: number) => (await server.db.orm.em.fork().findOneOrFail(Captcha, { id })).code;
  const loginWith = (captchaId: number, captcha: string) =>
    server.form(api('user/login'), {
      username: ADMIN.username,
      password: ADMIN.password,
      captcha_id: captchaId,
      captcha,
    });

  describe('createCaptcha and showCaptcha (§1.1, §1.2)', () => {
    it('creates a captcha whose id is a JSON number', async () => {
      const data = expectOk(await get(server, api('common/createCaptcha')));
      expect(Object.keys(data)).toEqual(['captcha_id']);
      expect(Number.isInteger(data.captcha_id)).toBe(true);
      expect(data.captcha_id).toBeGreaterThan(0);
      expect(await createCaptcha()).not.toBe(data.captcha_id);
    });

    it('stores a 4-character code from the alphabet without 0, O, 1 and I', async () => {
      expect(await codeOf(await createCaptcha())).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}$/);
    });

    it('shows the image of a live captcha', async () => {
      const answer = await get(server, api('common/showCaptcha', `captcha_id=${await createCaptcha()}`));
      expect(answer.status).toBe(200);
      // Quire draws SVG where ShowDoc draws PNG; clients only put the URL in an <img>.
      expect(answer.contentType).toMatch(/^image\//);
      expect(answer.text.length).toBeGreaterThan(100);
    });

    it('answers an unknown or missing captcha id with HTTP 404 and an empty body', async () => {
      for (const query of ['captcha_id=987654', 'captcha_id=abc', '']) {
        const answer = await get(server, api('common/showCaptcha', query));
        expect(answer.status).toBe(404);
        expect(answer.text).toBe('');
      }
    });

    it('does not consume the captcha by showing it: the code still logs in afterwards', async () => {
      const id = await createCaptcha();
      for (let i = 0; i < 3; i++) {
        expect((await get(server, api('common/showCaptcha', `captcha_id=${id}`))).status).toBe(200);
      }
      const code = await codeOf(id);
      expect(expectOk(await loginWith(id, code.toLowerCase())).username).toBe(ADMIN.username);
    });

    it('is consumed by a successful check: the same answer is refused the second time', async () => {
      const id = await createCaptcha();
      const code = await codeOf(id);
      expectOk(await loginWith(id, code));
      expectError(await loginWith(id, code), 10206, '验证码不正确');
      expect((await get(server, api('common/showCaptcha', `captcha_id=${id}`))).status).toBe(404);
    });

    it('refuses a wrong answer with 10206', async () => {
      const id = await createCaptcha();
      const wrong = (await codeOf(id)) === 'AAAA' ? 'BBBB' : 'AAAA';
      expectError(await loginWith(id, wrong), 10206, '验证码不正确');
    });
  });

  describe('homePageSetting (§1.4)', () => {
    const SETTINGS = ['home_page', 'home_item', 'open_ai_key', 'beian', 'register_open'] as const;
    afterEach(async () => clearSettings(server, [...SETTINGS]));
    const homePageSetting = async () => expectOk(await get(server, api('common/homePageSetting')));

    it('answers the raw values, with register_open 1, when nothing was ever saved', async () => {
      const data = await homePageSetting();
      expect(Object.keys(data)).toEqual(['home_page', 'home_item', 'is_show_ai', 'beian', 'register_open']);
      expect(data).toEqual({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1 });
    });

    it('answers saved values with their types: strings, and numbers for is_show_ai and register_open', async () => {
      await setSettings(server, {
        home_page: '3',
        home_item: '652027937',
        open_ai_key: 'sk-test',
        beian: '京ICP备00000000号',
        register_open: '0',
      });
      expect(await homePageSetting()).toEqual({
        home_page: '3',
        home_item: '652027937',
        is_show_ai: 1,
        beian: '京ICP备00000000号',
        register_open: 0,
      });
    });

    it('reads register_open as an integer', async () => {
      await setSettings(server, { register_open: '1' });
      expect((await homePageSetting()).register_open).toBe(1);
      await setSettings(server, { register_open: '' });
      expect((await homePageSetting()).register_open).toBe(0);
    });
  });

  describe('version (§1.3)', () => {
    it('answers {version: string}', async () => {
      const data = expectOk(await get(server, api('common/version')));
      expect(data).toEqual({ version: expect.stringMatching(/^v\d+\.\d+\.\d+/) });
    });
  });

  describe('publicSquare/checkEnabled (§19.1)', () => {
    afterEach(async () => clearSettings(server, ['enable_public_square']));

    it('answers {enable: 0} when the public square was never enabled', async () => {
      expect(expectOk(await get(server, api('publicSquare/checkEnabled')))).toEqual({ enable: 0 });
    });

    it('answers {enable: 1} once enabled, and 0 again when switched off', async () => {
      await setSettings(server, { enable_public_square: '1' });
      expect(expectOk(await get(server, api('publicSquare/checkEnabled')))).toEqual({ enable: 1 });
      await setSettings(server, { enable_public_square: '0' });
      expect(expectOk(await get(server, api('publicSquare/checkEnabled')))).toEqual({ enable: 0 });
    });
  });
});
