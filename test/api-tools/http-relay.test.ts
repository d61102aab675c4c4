// The HTTP console's server-side relay (issue #21) against a real echo server: off by default, signed-in
// users only, loopback refused unless the administrator allow-lists it, redirects answered not followed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildSession, buildUser } from '../support/factories';
import { startEchoServer, type EchoServer } from '../support/echo-server';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { clearSettings, setSettings } from '../compat/wire-helpers';

const RELAY = `mutation Relay($request: RelayRequestInput!) {
  relayHttpRequest(request: $request) { status statusText headers { name value } body truncated durationMs }
}`;

interface Relayed {
  relayHttpRequest: {
    status: number;
    statusText: string;
    headers: Array<{ name: string; value: string }>;
    body: string;
    truncated: boolean;
    durationMs: number;
  };
}

describe.each(testDatabases())('HTTP console relay on $name', (target) => {
  let server: TestServer;
  let echo: EchoServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(target, `relay_${target.name}`);
    echo = await startEchoServer();
    const em = server.db.orm.em.fork();
    token = await buildSession(em, await buildUser(em));
  }, 120_000);
  afterAll(async () => {
    await echo?.close();
    await server?.close();
  });

  const relay = (url: string, extra: Record<string, unknown> = {}, as: string | undefined = token) =>
    server.graphql<Relayed>(
      RELAY,
      {
        request: {
          method: 'POST',
          url,
          headers: [{ name: 'X-Trace', value: 't1' }],
          body: '{"q":1}',
          ...extra,
        },
      },
      as,
    );
  const codeOf = (answer: { errors?: Array<{ extensions?: { code?: string } }> }) =>
    answer.errors?.[0]?.extensions?.code;

  it('is off by default and says so', async () => {
    await clearSettings(server, ['http_relay_open', 'http_relay_allow_hosts']);
    expect(
      (await server.graphql<{ httpRelayEnabled: boolean }>('{ httpRelayEnabled }', {}, token)).data,
    ).toEqual({
      httpRelayEnabled: false,
    });
    expect(codeOf(await relay(`${echo.url}/x`))).toBe('RELAY_DISABLED');
    expect(echo.count()).toBe(0);
  });

  it('refuses 127.0.0.1, private and metadata addresses when they are not allow-listed', async () => {
    await setSettings(server, { http_relay_open: '1', http_relay_allow_hosts: '' });
    for (const url of [
      `${echo.url}/x`,
      `http://localhost:${echo.port}/x`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'file:///etc/passwd',
      'http://user:pw@example.com/',
    ]) {
      expect(codeOf(await relay(url))).toBe('RELAY_REFUSED');
    }
    expect(echo.count()).toBe(0);
  });

  it('refuses anonymous callers', async () => {
    expect(codeOf(await relay(`${echo.url}/x`, {}, ''))).toBe('UNAUTHENTICATED');
  });

  it('sends an allow-listed request and shows status, headers, timing and body', async () => {
    await setSettings(server, { http_relay_open: '1', http_relay_allow_hosts: '127.0.0.1' });
    const answer = await relay(`${echo.url}/nocors/users?id=7`, {
      headers: [
        { name: 'X-Trace', value: 't1' },
        { name: 'Host', value: 'evil.example' },
        { name: 'Content-Type', value: 'application/json' },
      ],
    });
    expect(answer.errors).toBeUndefined();
    const response = answer.data!.relayHttpRequest;
    expect(response.status).toBe(200);
    expect(response.headers).toContainEqual({ name: 'x-echo', value: 'yes' });
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
    expect(response.truncated).toBe(false);
    const echoed = JSON.parse(response.body);
    expect(echoed).toMatchObject({ method: 'POST', path: '/nocors/users?id=7', body: '{"q":1}' });
    expect(echoed.headers['x-trace']).toBe('t1');
    expect(echoed.headers.host).toBe(`127.0.0.1:${echo.port}`);
  });

  it('answers redirects without following them, and cuts large bodies', async () => {
    const redirect = (await relay(`${echo.url}/redirect`, { method: 'GET', body: '' })).data!
      .relayHttpRequest;
    expect(redirect.status).toBe(302);
    expect(redirect.headers).toContainEqual({
      name: 'location',
      value: 'http://169.254.169.254/latest/meta-data/',
    });
    const big = (await relay(`${echo.url}/big`, { method: 'GET', body: '' })).data!.relayHttpRequest;
    expect(big.truncated).toBe(true);
    expect(big.body.length).toBe(1024 * 1024);
  });

  it('refuses bad methods and header injection', async () => {
    expect(codeOf(await relay(`${echo.url}/x`, { method: 'CONNECT' }))).toBe('BAD_INPUT');
    expect(codeOf(await relay(`${echo.url}/x`, { headers: [{ name: 'X-A', value: 'a\r\nX-B: b' }] }))).toBe(
      'BAD_INPUT',
    );
    await clearSettings(server, ['http_relay_open', 'http_relay_allow_hosts']);
  });
});
