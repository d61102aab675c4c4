// OAuth2 / OpenID Connect sign-in (compat-api §20.3 OAuth2, §21.2) against real providers the test starts
// (the oidc-provider package): one at the base address (OpenID Connect discovery, PKCE, nonce) and one
// under a prefix (no discovery: ShowDoc's generic code flow with the configured paths).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { User } from '../../db/src';
import { buildServices } from '../../api/src/domain/services';
import { DomainError } from '../../api/src/domain/errors';
import { viewerOf } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { browse, CookieJar, startProvider, type TestProvider } from '../support/oidc';
import { startTestServer, type TestServer } from '../support/server';
import { api, expectError, expectOk, get, loginAdmin, postJson } from './wire-helpers';

describe.each(testDatabases())('OAuth2 and OpenID Connect sign-in on $name', (target) => {
  let server: TestServer;
  let oidc: TestProvider;
  let generic: TestProvider;
  let adminToken: string;
  let callback: string;

  beforeAll(async () => {
    // The providers listen on loopback: this site allows private outbound hosts.
    server = await startTestServer(target, `compat_oauth2_${target.name}`, { allowPrivateOutbound: true });
    callback = `${server.url}/server/?s=/api/extLogin/oauth2`;
    oidc = await startProvider(callback);
    generic = await startProvider(callback, '/op');
    adminToken = await loginAdmin(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await oidc?.close();
    await generic?.close();
  });

  const formFor = (provider: TestProvider, paths: Record<string, string> = {}) => ({
    redirectUri: callback,
    entrance_tips: 'Sign in with the test provider',
    client_id: 'quire',
    client_secret: 'quire-secret',
    protocol: 'http',
    host: `127.0.0.1:${provider.port}`,
    authorize_path: '/auth',
    token_path: '/token',
    resource_path: '',
    userinfo_path: '/me',
    logout_redirect_uri: '',
    scope: '',
    ...paths,
  });
  const save = (open: number, form: unknown, token = adminToken) =>
    postJson(server, api('adminSetting/saveOauth2Config'), {
      oauth2_open: open,
      oauth2_form: form,
      user_token: token,
    });
  const signIn = async (login: string, start = '/api/extLogin/oauth2') => {
    const jar = new CookieJar();
    const landed = await browse(`${server.url}${start}`, jar, login, `${server.url}/user/loginByUserToken`);
    return { landed, jar };
  };

  it('saves and loads the settings; the login page learns the entrance text', async () => {
    expectError(await save(1, { ...formFor(oidc), client_id: '' }), 10101);
    expectError(await save(1, { ...formFor(oidc), redirectUri: 'javascript:alert(1)' }), 10101);
    expectOk(await save(1, formFor(oidc)));
    const loaded = expectOk(
      await server.form(api('adminSetting/loadOauth2Config'), { user_token: adminToken }),
    );
    expect(loaded).toEqual({
      oauth2_open: '1',
      oauth2_form: expect.objectContaining({ client_id: 'quire', protocol: 'http' }),
    });
    expect(expectOk(await get(server, api('user/oauthInfo')))).toEqual({
      oauth2_open: '1',
      oauth2_entrance_tips: 'Sign in with the test provider',
    });
  });

  it('signs a user in through OpenID Connect and lands on the requested page', async () => {
    expectOk(await save(1, formFor(oidc)));
    const { landed } = await signIn('alice', '/api/extLogin/oauth2?redirect=%2Fteam%2Findex');
    expect(landed.searchParams.get('redirect_uri')).toBe('/team/index');
    const token = landed.searchParams.get('user_token') ?? '';
    const info = expectOk(await server.form(api('user/info'), { user_token: token }));
    expect(info).toEqual(expect.objectContaining({ username: 'alice', name: 'Name of alice', is_sso: '1' }));
    // Next time the same account is used, not a second one.
    const again = await signIn('alice');
    expect(again.landed.searchParams.get('redirect_uri')).toBe('/item/index');
    const users = server.db.orm.em.fork();
    expect(await users.count(User, { username: 'alice' })).toBe(1);
  });

  it('refuses a forged or missing state', async () => {
    expectOk(await save(1, formFor(oidc)));
    const jar = new CookieJar();
    const start = await fetch(`${server.url}/api/extLogin/oauth2`, { redirect: 'manual' });
    jar.take(start);
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get('location') ?? '').searchParams.get('code_challenge_method')).toBe(
      'S256',
    );
    const forged = await fetch(`${server.url}/api/extLogin/oauth2?code=stolen&state=forged`, {
      headers: { cookie: jar.header() },
      redirect: 'manual',
    });
    expect(await forged.json()).toEqual({ error_code: 10101, error_message: 'Invalid state' });
    const noCookie = await fetch(`${server.url}/api/extLogin/oauth2?code=stolen&state=forged`, {
      redirect: 'manual',
    });
    expect(await noCookie.json()).toEqual({ error_code: 10101, error_message: 'Invalid state' });
  });

  it("signs in through ShowDoc's generic OAuth2 flow when the provider has no discovery", async () => {
    expectOk(
      await save(
        1,
        formFor(generic, {
          authorize_path: '/op/auth',
          token_path: '/op/token',
          userinfo_path: '/op/me',
          scope: 'openid profile',
        }),
      ),
    );
    const { landed } = await signIn('bob');
    const info = expectOk(
      await server.form(api('user/info'), { user_token: landed.searchParams.get('user_token') ?? '' }),
    );
    expect(info).toEqual(expect.objectContaining({ username: 'bob', is_sso: '1' }));
  });

  it('never signs the site administrator in through the provider', async () => {
    expectOk(await save(1, formFor(oidc)));
    const jar = new CookieJar();
    const stop = `${server.url}/server/`;
    const returned = await browse(`${server.url}/api/extLogin/oauth2`, jar, 'admin', stop);
    const answer = await fetch(returned, { headers: { cookie: jar.header() }, redirect: 'manual' });
    expect(await answer.json()).toEqual({
      error_code: 10101,
      error_message: '为了安全，禁止管理员通过这种方式登录',
    });
  });

  it('answers 尚未启用 OAuth2 while off, and refuses private provider hosts on a site that does not allow them', async () => {
    expectOk(await save(0, formFor(oidc)));
    const off = await fetch(`${server.url}/api/extLogin/oauth2`, { redirect: 'manual' });
    expect(await off.json()).toEqual({ error_code: 10101, error_message: '尚未启用 OAuth2' });
    const em = server.db.orm.em.fork();
    const admin = await em.findOneOrFail(User, { username: 'admin' });
    const strict = buildServices(em);
    await expect(strict.oauth2.save(await viewerOf(em, admin), true, formFor(oidc))).rejects.toBeInstanceOf(
      DomainError,
    );
  });

  it('tells the web app where to go after a logout only while OAuth2 is on', async () => {
    const query = '{ oauth2LogoutRedirect }';
    expectOk(await save(1, { ...formFor(oidc), logout_redirect_uri: 'https://sso.example.com/logout' }));
    expect((await server.graphql<{ oauth2LogoutRedirect: string }>(query)).data?.oauth2LogoutRedirect).toBe(
      'https://sso.example.com/logout',
    );
    expectOk(await save(0, { ...formFor(oidc), logout_redirect_uri: 'https://sso.example.com/logout' }));
    expect((await server.graphql<{ oauth2LogoutRedirect: string }>(query)).data?.oauth2LogoutRedirect).toBe(
      '',
    );
  });
});
