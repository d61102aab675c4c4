import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { testDatabases } from '../../../../test/support/mysql';
import { ADMIN, TEST_CAPTCHA, startTestServer, type TestServer } from '../../../../test/support/server';

const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { token expiresAt user { id username isAdmin } } }`;
const REGISTER = `mutation Register($input: RegisterInput!) { register(input: $input) { token user { username groupId } } }`;
const ME = `{ me { id username name isAdmin } }`;

interface SessionData {
  login?: { token: string; expiresAt: string; user: { id: number; username: string; isAdmin: boolean } };
  register?: { token: string; user: { username: string; groupId: number } };
}

describe.each(testDatabases())('GraphQL accounts on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, 'gql_accounts');
  });
  afterAll(async () => server?.close());

  const login = (login: string, password: string, captcha = TEST_CAPTCHA) =>
    server.graphql<SessionData>(LOGIN, { input: { login, password, captchaId: 0, captcha } });

  it('issues a captcha with an SVG image', async () => {
    const answer = await server.graphql<{ createCaptcha: { id: number; image: string } }>(
      'mutation { createCaptcha { id image expiresAt } }',
    );
    expect(answer.data?.createCaptcha.id).toBeGreaterThan(0);
    const svg = Buffer.from(answer.data!.createCaptcha.image.split(',')[1]!, 'base64').toString();
    expect(answer.data!.createCaptcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(svg).toContain('<svg');
  });

  it('logs the administrator in and answers `me` for the bearer token', async () => {
    const answer = await login(ADMIN.username, ADMIN.password);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.login?.user).toMatchObject({ username: ADMIN.username, isAdmin: true });
    const me = await server.graphql<{ me: { username: string } | null }>(ME, {}, answer.data!.login!.token);
    expect(me.data?.me?.username).toBe(ADMIN.username);
    expect((await server.graphql<{ me: null }>(ME)).data?.me).toBeNull();
    expect((await server.graphql<{ me: null }>(ME, {}, 'f'.repeat(128))).data?.me).toBeNull();
  });

  it('sets an httpOnly session cookie that identifies the caller', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: LOGIN,
        variables: {
          input: { login: ADMIN.username, password: ADMIN.password, captchaId: 0, captcha: TEST_CAPTCHA },
        },
      }),
    });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/quire_token=[0-9a-f]{128}/);
    expect(cookie).toMatch(/HttpOnly/i);
    const me = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie.split(';')[0]! },
      body: JSON.stringify({ query: ME }),
    });
    expect(((await me.json()) as { data: { me: { username: string } } }).data.me.username).toBe(
      ADMIN.username,
    );
  });

  it('reports domain errors with a stable code, the ShowDoc code and a message in the asked language', async () => {
    const wrongCaptcha = await login(ADMIN.username, ADMIN.password, 'nope');
    expect(wrongCaptcha.errors?.[0]?.extensions).toEqual({ code: 'CAPTCHA_WRONG', showdocCode: 10206 });
    expect(wrongCaptcha.data).toBeNull();
    const wrongPassword = await login(ADMIN.username, 'not-the-password');
    expect(wrongPassword.errors?.[0]?.extensions?.code).toBe('WRONG_CREDENTIALS');
    expect(wrongPassword.errors?.[0]?.message).toBe('Wrong username or password');

    const zh = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN,zh;q=0.9' },
      body: JSON.stringify({
        query: LOGIN,
        variables: { input: { login: ADMIN.username, password: 'x', captchaId: 0, captcha: TEST_CAPTCHA } },
      }),
    });
    const body = (await zh.json()) as { errors: Array<{ message: string }> };
    expect(body.errors[0]!.message).toBe('用户名或密码错误');
  });

  it('registers, updates the profile, changes the password and logs out', async () => {
    const registered = await server.graphql<SessionData>(REGISTER, {
      input: {
        username: 'gql-user',
        password: 'first-pass',
        confirmPassword: 'first-pass',
        captchaId: 0,
        captcha: TEST_CAPTCHA,
      },
    });
    expect(registered.data?.register?.user).toEqual({ username: 'gql-user', groupId: 2 });
    const token = registered.data!.register!.token;

    const renamed = await server.graphql<{ updateProfile: { name: string } }>(
      'mutation { updateProfile(name: "Grace") { name } }',
      {},
      token,
    );
    expect(renamed.data?.updateProfile.name).toBe('Grace');

    const changed = await server.graphql(
      'mutation { changePassword(oldPassword: "first-pass", newPassword: "second-pass") }',
      {},
      token,
    );
    expect(changed.data).toEqual({ changePassword: true });
    expect((await login('gql-user', 'second-pass')).data?.login?.user.username).toBe('gql-user');

    expect((await server.graphql('mutation { logout }', {}, token)).data).toEqual({ logout: true });
    expect((await server.graphql<{ me: null }>(ME, {}, token)).data?.me).toBeNull();
  });

  it('refuses signed-in-only operations to visitors with UNAUTHENTICATED', async () => {
    const answer = await server.graphql('mutation { updateProfile(name: "x") { name } }');
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', showdocCode: 10102 });
    const users = await server.graphql('{ users { username } }');
    expect(users.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('finds users for member pickers', async () => {
    const token = (await login(ADMIN.username, ADMIN.password)).data!.login!.token;
    const answer = await server.graphql<{ users: Array<{ username: string }> }>(
      '{ users(search: "ADM") { username } }',
      {},
      token,
    );
    expect(answer.data?.users.map((u) => u.username)).toEqual([ADMIN.username]);
  });

  it('answers invalid documents with a client error, not a server error', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { nonsense } }' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('serves operations over graphql-ws on the same port and path, with the token in connectionParams', async () => {
    const token = (await login(ADMIN.username, ADMIN.password)).data!.login!.token;
    const client = createClient({
      url: `${server.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { token },
      retryAttempts: 0,
    });
    try {
      const result = await new Promise<unknown>((resolve, reject) => {
        let value: unknown;
        client.subscribe(
          { query: ME },
          { next: (v) => (value = v), error: reject, complete: () => resolve(value) },
        );
      });
      expect(result).toEqual({
        data: { me: expect.objectContaining({ username: ADMIN.username, isAdmin: true }) },
      });
    } finally {
      await client.dispose();
    }
  });
});
