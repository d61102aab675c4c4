// Issue #15: security headers on every response, introspection for signed-in users only, cookies
// HttpOnly/SameSite/Secure, and X-Forwarded-* believed from trusted proxies only (QUIRE_TRUST_PROXY).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { configFromEnv } from '../../server/src/config';
import { UserToken, type User } from '../../db/src';
import { buildSession, buildUser, DEFAULT_PASSWORD } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

const INLINE_SCRIPT = "document.documentElement.setAttribute('data-x', '1');";

/** A stand-in for the built web app: index.html with one inline script, and one asset. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1);');
  return dir;
}

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token } }';

describe.each(testDatabases())('headers and proxies on $name', (target) => {
  let server: TestServer;
  let trusting: TestServer;
  let user: User;
  let token: string;
  const webDist = fakeWebDist();

  beforeAll(async () => {
    server = await startTestServer(target, `sec_headers_${target.name}`, { webDist });
    trusting = await startTestServer(target, `sec_proxy_${target.name}`, {
      webDist,
      trustProxy: configFromEnv({ QUIRE_TRUST_PROXY: '127.0.0.1, ::1' }).trustProxy,
    });
    const em = server.db.orm.em.fork();
    user = await buildUser(em);
    token = await buildSession(em, user);
    await buildUser(trusting.db.orm.em.fork(), { username: user.username });
    // Two servers migrate their own databases: slow on MariaDB when the machine is busy.
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await trusting?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  describe('security headers', () => {
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;

    it.each([
      ['the web app', 'GET', '/'],
      ['a client route', 'GET', '/item/index'],
      ['the share page', 'GET', '/p/abc123'],
      ['a static asset', 'GET', '/assets/app.js'],
      ['GraphQL', 'POST', '/graphql'],
      ['ShowDoc REST', 'POST', '/server/index.php?s=/api/item/info'],
      ['REST under /api', 'POST', '/api/item/info'],
      ['the health check', 'GET', '/healthz'],
      ['a missing file', 'GET', '/missing.js'],
    ])('are on %s', async (_what, method, url) => {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
        body: method === 'POST' ? JSON.stringify({ query: '{ __typename }' }) : undefined,
      });
      await response.text();
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain(`script-src 'self' ${hash}`);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      const host = new URL(server.url).host;
      expect(csp).toContain(`connect-src 'self' ws://${host} wss://${host} https: http:`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });
  });

  describe('introspection', () => {
    const query = '{ __schema { queryType { name } } }';

    it('is refused to anonymous callers and allowed to signed-in users', async () => {
      const anonymous = await server.graphql(query);
      expect(anonymous.data ?? null).toBeNull();
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('INTROSPECTION_DISABLED');
      const signedIn = await server.graphql<{ __schema: { queryType: { name: string } } }>(query, {}, token);
      expect(signedIn.data?.__schema.queryType.name).toBe('Query');
      // __typename is no introspection.
      expect((await server.graphql('{ __typename }')).data).toEqual({ __typename: 'Query' });
    });

    it('follows QUIRE_GRAPHQL_INTROSPECTION', async () => {
      expect(configFromEnv({}).graphqlIntrospection).toBe('signed-in');
      expect(configFromEnv({ QUIRE_GRAPHQL_INTROSPECTION: 'off' }).graphqlIntrospection).toBe('off');
      expect(() => configFromEnv({ QUIRE_GRAPHQL_INTROSPECTION: 'maybe' })).toThrow(/signed-in, on or off/);
    });
  });

  describe('cookies and trusted proxies', () => {
    const login = (target: TestServer, headers: Record<string, string>) =>
      fetch(`${target.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          query: LOGIN,
          variables: {
            input: { login: user.username, password: DEFAULT_PASSWORD, captchaId: 1, captcha: TEST_CAPTCHA },
          },
        }),
      });
    const newestTokenIp = async (target: TestServer) =>
      (await target.db.orm.em.fork().find(UserToken, {}, { orderBy: { id: 'desc' }, limit: 1 }))[0]?.ip;

    it('ignores X-Forwarded-For and -Proto by default', async () => {
      const response = await login(server, {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
      });
      expect(response.status).toBe(200);
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/quire_token=.+; Path=\/; Expires=.+; HttpOnly; SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      expect(await newestTokenIp(server)).not.toBe('203.0.113.9');
    });

    it('believes X-Forwarded-For and -Proto from a trusted proxy', async () => {
      const response = await login(trusting, {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/HttpOnly; Secure; SameSite=Lax/);
      expect(await newestTokenIp(trusting)).toBe('203.0.113.9');
    });

    it('reads QUIRE_TRUST_PROXY as a list, trusting no one when unset', () => {
      expect(configFromEnv({}).trustProxy).toBe(false);
      expect(configFromEnv({ QUIRE_TRUST_PROXY: '' }).trustProxy).toBe(false);
      expect(configFromEnv({ QUIRE_TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
      expect(configFromEnv({ QUIRE_TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '192.168.1.5',
      ]);
    });
  });
});
