// Issue #15 (accounts): guessed secrets are counted atomically per client address and per target, the
// real owner is never locked out from an address that has not been failing, the owner-password check of
// item management is no oracle, and the user listing is no directory. Both doors, every database.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_RATE_LIMITS } from '../../api/src/domain';
import { clientAt } from '../support/client-address';
import { buildItem, buildPage, buildUser, DEFAULT_PASSWORD } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { ADMIN, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';
import { api, expectError, expectOk } from '../compat/wire-helpers';

const WRONG_CREDENTIALS = 10210;
const LOGIN_LOCKED = 10204;
const LOCKED_MESSAGE = '登录失败次数过多，账号已锁定5分钟';
const WRONG_PASSWORD = 10208;

const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { token user { username } } }`;

/** A loopback address no other test of this file uses (each test plays its own clients). */
let lastHost = 1;
const freshAddress = () => `127.0.1.${++lastHost}`;

describe.each(testDatabases())('guessing limits on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, `sec_guess_${target.name}`);
  });
  afterAll(async () => server?.close());

  const newUser = async (password = DEFAULT_PASSWORD) => buildUser(server.db.orm.em.fork(), { password });
  const restLogin = (address: string, username: string, password: string) =>
    clientAt(server, address).form(api('user/login'), { username, password, captcha: TEST_CAPTCHA });
  const tokenOf = async (username: string, password = DEFAULT_PASSWORD) =>
    expectOk(await restLogin(freshAddress(), username, password)).user_token as string;

  describe('login', () => {
    it('REST: 26 parallel wrong passwords throttle the attacking address, not the owner elsewhere', async () => {
      const victim = await newUser();
      const attacker = freshAddress();
      await restLogin(attacker, victim.username, 'wrong-first');
      const burst = await Promise.all(
        Array.from({ length: 26 }, () => restLogin(attacker, victim.username, 'wrong')),
      );
      expect(burst.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
      const codes = burst.map((a) => a.body.error_code as number);
      expect(codes.every((c) => c === WRONG_CREDENTIALS || c === LOGIN_LOCKED)).toBe(true);
      // Counted before the slow hash: only the free attempts reached the password check.
      expect(codes.filter((c) => c === WRONG_CREDENTIALS).length).toBeLessThanOrEqual(5);

      expectError(await restLogin(attacker, victim.username, DEFAULT_PASSWORD), LOGIN_LOCKED, LOCKED_MESSAGE);
      expect(expectOk(await restLogin(freshAddress(), victim.username, DEFAULT_PASSWORD)).username).toBe(
        victim.username,
      );
    });

    it('GraphQL: the same burst, refused with a coded error that says when to retry', async () => {
      const victim = await newUser();
      const attacker = clientAt(server, freshAddress());
      const attempt = (client: ReturnType<typeof clientAt>, password: string) =>
        client.graphql<{ login: { token: string; user: { username: string } } }>(LOGIN, {
          input: { login: victim.username, password, captchaId: 0, captcha: TEST_CAPTCHA },
        });
      await attempt(attacker, 'wrong-first');
      const burst = await Promise.all(Array.from({ length: 26 }, () => attempt(attacker, 'wrong')));
      expect(burst.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
      const codes = burst.map((a) => a.errors?.[0]?.extensions?.code);
      expect(codes.every((c) => c === 'WRONG_CREDENTIALS' || c === 'RATE_LIMITED')).toBe(true);

      const refused = await attempt(attacker, DEFAULT_PASSWORD);
      expect(refused.data).toBeNull();
      const extensions = refused.errors?.[0]?.extensions as Record<string, unknown> | undefined;
      expect(extensions).toMatchObject({ code: 'RATE_LIMITED', showdocCode: LOGIN_LOCKED });
      expect(extensions?.retryAfter).toEqual(expect.any(Number));
      expect(Number(extensions?.retryAfter)).toBeGreaterThan(0);

      const owner = await attempt(clientAt(server, freshAddress()), DEFAULT_PASSWORD);
      expect(owner.data?.login.user.username).toBe(victim.username);
    });

    it('answers parallel first failures of one name with 10210, never a 500', async () => {
      const name = `nobody-${crypto.randomBytes(4).toString('hex')}`;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => restLogin(freshAddress(), name, 'whatever')),
      );
      for (const answer of answers) expectError(answer, WRONG_CREDENTIALS);
    });
  });

  describe("the owner's password behind archive, transfer and delete", () => {
    it('REST attorn: the same answer whatever the target, and refused before the password becomes an oracle', async () => {
      const owner = await newUser();
      const item = await buildItem(server.db.orm.em.fork(), owner);
      const manager = clientAt(server, freshAddress());
      const token = await tokenOf(owner.username);
      const attorn = (username: string, password: string) =>
        manager.form(api('item/attorn'), { user_token: token, item_id: item.id, username, password });

      const toNobody = await attorn('no-such-user-here', 'wrong');
      const toSomebody = await attorn(ADMIN.username, 'wrong');
      expectError(toNobody, WRONG_PASSWORD);
      expect(toSomebody.body).toEqual(toNobody.body);
      for (let i = 0; i < 3; i++)
        expectError(await attorn('no-such-user-here', `wrong-${i}`), WRONG_PASSWORD);
      // Five failures: the right password no longer tells "no such user" from this address.
      const probe = await attorn('no-such-user-here', DEFAULT_PASSWORD);
      expect(probe.body.error_code).not.toBe(10209);
      expectError(probe, 10101, /尝试次数过多/);
    });

    it('GraphQL transferItem, archiveItem and deleteItem share the limit and name it', async () => {
      const owner = await newUser();
      const item = await buildItem(server.db.orm.em.fork(), owner);
      const manager = clientAt(server, freshAddress());
      const token = await tokenOf(owner.username);
      const mutations = [
        `mutation { transferItem(id: ${item.id}, username: "no-such-user-here", password: "wrong") { id } }`,
        `mutation { archiveItem(id: ${item.id}, password: "wrong") { id } }`,
        `mutation { deleteItem(id: ${item.id}, password: "wrong") }`,
      ];
      const codes: unknown[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await manager.graphql(mutations[i % 3]!, {}, token);
        codes.push(answer.errors?.[0]?.extensions?.code);
      }
      expect(codes).toEqual([...Array(5).fill('WRONG_PASSWORD'), 'RATE_LIMITED']);
      const probe = await manager.graphql(
        `mutation { transferItem(id: ${item.id}, username: "no-such-user-here", password: "${DEFAULT_PASSWORD}") { id } }`,
        {},
        token,
      );
      expect(probe.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    });
  });

  describe('visit passwords', () => {
    it('REST item/pwd: the guessing address is refused, a visitor elsewhere gets in', async () => {
      const owner = await newUser();
      const item = await buildItem(server.db.orm.em.fork(), owner, { password: 'sesame' });
      const guesser = clientAt(server, freshAddress());
      const guess = (client: ReturnType<typeof clientAt>, password: string) =>
        client.form(api('item/pwd'), { item_id: item.id, password, captcha_id: 0, captcha: TEST_CAPTCHA });
      const answers = [];
      for (let i = 0; i < 21; i++) answers.push(await guess(guesser, `guess-${i}`));
      expect(answers.slice(0, 20).map((a) => a.body.error_code)).toEqual(Array(20).fill(10010));
      expectError(answers[20]!, 10101, /尝试次数过多/);
      expectError(await guess(guesser, 'sesame'), 10101, /尝试次数过多/);
      expectOk(await guess(clientAt(server, freshAddress()), 'sesame'));
    });

    it('REST _item_pwd sent with a read: the same limit, and a right password costs nothing', async () => {
      const owner = await newUser();
      const e = server.db.orm.em.fork();
      const item = await buildItem(e, owner, { password: 'sesame' });
      const page = await buildPage(e, item, { title: 'Behind the password' });
      await e.flush();
      const read = (client: ReturnType<typeof clientAt>, password: string) =>
        client.form(api('page/info'), { page_id: page.id, _item_pwd: password });
      const reader = clientAt(server, freshAddress());
      // A visitor whose script sends the right password with every request is never slowed down.
      for (let i = 0; i < 25; i++) expect(expectOk(await read(reader, 'sesame')).page_title).toBe(page.title);

      const guesser = clientAt(server, freshAddress());
      const refusals: string[] = [];
      for (let i = 0; i < 20; i++) {
        const answer = await read(guesser, `guess-${i}`);
        expect(answer.body.error_code).not.toBe(0);
        refusals.push(`${answer.body.error_code} ${answer.body.error_message}`);
      }
      // Wrong guesses are refused as any read without the right password is, until the address must wait.
      expect(new Set(refusals).size).toBe(1);
      expect(refusals[0]).not.toMatch(/尝试次数过多/);
      expectError(await read(guesser, `guess-20`), 10101, /尝试次数过多/);
      expectError(await read(guesser, 'sesame'), 10101, /尝试次数过多/);
      expect(expectOk(await read(reader, 'sesame')).page_title).toBe(page.title);
    });

    it('GraphQL unlockItem: the same limit', async () => {
      const owner = await newUser();
      const item = await buildItem(server.db.orm.em.fork(), owner, { password: 'sesame' });
      const guesser = clientAt(server, freshAddress());
      const unlock = (password: string) =>
        guesser.graphql(
          `mutation U($p: String!) { unlockItem(itemId: ${item.id}, password: $p, captchaId: 0, captcha: "${TEST_CAPTCHA}") { id } }`,
          { p: password },
        );
      const codes: unknown[] = [];
      for (let i = 0; i < 21; i++) codes.push((await unlock(`guess-${i}`)).errors?.[0]?.extensions?.code);
      expect(codes).toEqual([...Array(20).fill('VISIT_PASSWORD_WRONG'), 'RATE_LIMITED']);
    });
  });

  describe('old passwords', () => {
    it('REST resetPassword and GraphQL changePassword: the stolen session cannot guess on', async () => {
      const user = await newUser();
      const token = await tokenOf(user.username);
      const thief = clientAt(server, freshAddress());
      const rest = (password: string) =>
        thief.form(api('user/resetPassword'), { user_token: token, password, new_password: 'taken-over' });
      const gql = (password: string) =>
        thief.graphql(
          'mutation C($p: String!) { changePassword(oldPassword: $p, newPassword: "taken-over") }',
          { p: password },
          token,
        );
      for (let i = 0; i < 3; i++) expectError(await rest(`guess-${i}`), 10101);
      for (let i = 0; i < 2; i++)
        expect((await gql(`guess-g${i}`)).errors?.[0]?.extensions?.code).toBe('WRONG_PASSWORD');
      expect((await gql(DEFAULT_PASSWORD)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expectError(await rest(DEFAULT_PASSWORD), 10101, /尝试次数过多/);
      // Nothing changed: the old password still signs in.
      expectOk(await restLogin(freshAddress(), user.username, DEFAULT_PASSWORD));
    });
  });

  describe('user listing', () => {
    beforeAll(async () => {
      const em = server.db.orm.em.fork();
      for (let i = 0; i < 25; i++) await buildUser(em, { username: `crowd-${target.name}-${i}` });
    });

    it('REST allUser: at most 20 matches, and nothing for a text shorter than two characters', async () => {
      const token = await tokenOf((await newUser()).username);
      const list = (username: string) =>
        clientAt(server, '127.0.0.1').form(api('user/allUser'), { user_token: token, username });
      const crowd = expectOk(await list('crowd-'));
      expect(crowd).toHaveLength(20);
      expect(crowd.every((u: { username: string }) => u.username.startsWith('crowd-'))).toBe(true);
      expect(expectOk(await list(''))).toEqual([]);
      expect(expectOk(await list('c'))).toEqual([]);
    });

    it('GraphQL users: at most 20, and who administers the site only for administrators', async () => {
      const ordinary = await tokenOf((await newUser()).username);
      const admin = await tokenOf(ADMIN.username, ADMIN.password);
      const client = clientAt(server, '127.0.0.1');
      const users = (search: string, token: string) =>
        client.graphql<{
          users: Array<{ username: string; isAdmin: boolean | null; groupId: number | null }>;
        }>('query U($s: String!) { users(search: $s) { username isAdmin groupId } }', { s: search }, token);
      expect((await users('crowd-', ordinary)).data?.users).toHaveLength(20);
      expect((await users('', ordinary)).data?.users).toEqual([]);

      const seenByOrdinary = (await users(ADMIN.username, ordinary)).data?.users ?? [];
      expect(seenByOrdinary.find((u) => u.username === ADMIN.username)).toEqual({
        username: ADMIN.username,
        isAdmin: null,
        groupId: null,
      });
      const seenByAdmin = (await users(ADMIN.username, admin)).data?.users ?? [];
      expect(seenByAdmin.find((u) => u.username === ADMIN.username)).toEqual({
        username: ADMIN.username,
        isAdmin: true,
        groupId: 1,
      });
    });
  });

  describe('an address failing at many accounts', () => {
    // Its own server with a small address limit (the rules come from the config), to keep hashing short.
    let strict: TestServer;
    beforeAll(async () => {
      const address = { freeAttempts: 3, windowSeconds: 3600, maxBlockSeconds: 3600 };
      strict = await startTestServer(target, `sec_guess_strict_${target.name}`, {
        rateLimits: { ...DEFAULT_RATE_LIMITS, login: { ...DEFAULT_RATE_LIMITS.login, address } },
      });
    });
    afterAll(async () => strict?.close());

    it('is slowed for every account, the administrator elsewhere is not', async () => {
      const attacker = freshAddress();
      const attempt = (address: string, username: string, password: string) =>
        clientAt(strict, address).form(api('user/login'), { username, password, captcha: TEST_CAPTCHA });
      // One guess per account, so that no account's own count refuses them.
      for (let i = 0; i < 3; i++)
        expectError(await attempt(attacker, `ghost-${i}-x`, 'guess'), WRONG_CREDENTIALS);
      expectError(await attempt(attacker, 'ghost-3-x', 'guess'), LOGIN_LOCKED, LOCKED_MESSAGE);
      expectError(await attempt(attacker, ADMIN.username, ADMIN.password), LOGIN_LOCKED);
      expectOk(await attempt(freshAddress(), ADMIN.username, ADMIN.password));
    });
  });
});
