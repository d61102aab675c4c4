// The writing assistant (issue #21, compat-api §14.1): `ai/create` relays a real OpenAI-compatible stream
// started by the test, continues past `finish_reason: length`, and turns failures into ShowDoc's events.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DomainError, DEFAULT_RATE_LIMITS, RateLimits, Viewer } from '../../api/src/domain';
import { SiteOption, type User } from '../../db/src';
import { answerOf, sseData, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { openTestDb, type TestDb } from '../support/db';
import { buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';

async function setOptions(em: import('@mikro-orm/core').EntityManager, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const row = await em.findOne(SiteOption, { name });
    if (row) row.value = value;
    else em.persist(em.create(SiteOption, { name, value }));
  }
  await em.flush();
}

describe.each(testDatabases())('ai/create on $name', (target) => {
  let server: TestServer;
  let upstream: FakeOpenAi;
  let token: string;

  beforeAll(async () => {
    upstream = await startFakeOpenAi();
    server = await startTestServer(target, 'aicreate', { allowPrivateOutbound: true });
    const em = server.db.orm.em.fork();
    token = await buildSession(em, await buildUser(em));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await upstream?.close();
  });

  const ask = async (content: string, userToken = token) => {
    const response = await fetch(`${server.url}/server/index.php?s=/api/ai/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ content, user_token: userToken }).toString(),
    });
    return { response, body: await response.text() };
  };

  it('streams the "not configured" event while no key is set, without calling out', async () => {
    const { response, body } = await ask('hello');
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(sseData(body).map((d) => JSON.parse(d))).toEqual([
      { error_code: 10101, error_message: expect.stringContaining('管理员没有在管理后台配置AI助手认证KEY') },
    ]);
    expect(upstream.requests).toHaveLength(0);
  });

  it('needs a login, and refuses an empty prompt with the JSON envelope', async () => {
    expect(JSON.parse((await ask('hello', 'bad-token')).body).error_code).toBe(10102);
    const empty = await ask('   ');
    expect(JSON.parse(empty.body)).toEqual({ error_code: 10101, error_message: '内容不能为空' });
  });

  it('relays the upstream chunks with the legacy key and host, the key never reaching the client', async () => {
    // ShowDoc's ai/create reads the legacy option names; Quire reads both.
    await setOptions(server.db.orm.em.fork(), {
      open_api_key: 'sk-legacy-secret',
      open_api_host: upstream.url + '/',
      ai_model_name: 'test-model',
    });
    const { body } = await ask('hello');
    expect(answerOf(body)).toBe('Hello!');
    expect(sseData(body).at(-1)).toBe('[DONE]');
    expect(body).not.toContain('sk-legacy-secret');
    const sent = upstream.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-legacy-secret');
    expect(sent.model).toBe('test-model');
    expect(sent.stream).toBe(true);
  });

  it('asks again after finish_reason length and streams one answer, stopping only at the end', async () => {
    await setOptions(server.db.orm.em.fork(), { open_ai_key: 'sk-new', open_ai_host: upstream.url });
    const before = upstream.requests.length;
    const { body } = await ask('long');
    expect(answerOf(body)).toBe('First half, second half.');
    const finishes = sseData(body)
      .filter((d) => d !== '[DONE]')
      .map(
        (d) =>
          (JSON.parse(d) as { choices: Array<{ finish_reason: string | null }> }).choices[0]!.finish_reason,
      )
      .filter(Boolean);
    expect(finishes).toEqual(['stop']);
    expect(sseData(body).filter((d) => d === '[DONE]')).toHaveLength(1);
    expect(upstream.requests.length - before).toBe(2);
    const second = upstream.requests.at(-1)!;
    expect(second.authorization).toBe('Bearer sk-new');
    expect(second.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual([
      'First half',
    ]);
  });

  it("turns an upstream error body into ShowDoc's error event with a normalised code", async () => {
    const { body } = await ask('quota');
    expect(sseData(body).map((d) => JSON.parse(d))).toEqual([
      { error: { code: 'insufficient_quota', message: 'You exceeded your current quota' } },
    ]);
  });

  it('reports a network failure as an event', async () => {
    await setOptions(server.db.orm.em.fork(), { open_ai_host: 'http://127.0.0.1:1' });
    const { body } = await ask('hello');
    const events = sseData(body).map((d) => JSON.parse(d) as { error: string });
    expect(events).toHaveLength(1);
    expect(events[0]!.error).toMatch(/^网络请求失败: /);
    await setOptions(server.db.orm.em.fork(), { open_ai_host: upstream.url });
  });

  it("streams the web app's answer from /api/assistant (JSON in, SSE out) and refuses what it should", async () => {
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${server.url}/api/assistant`, { method: 'POST', headers, body });
    const ok = await post(JSON.stringify({ prompt: 'hello' }), {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    });
    expect(ok.headers.get('content-type')).toMatch(/event-stream/);
    expect(answerOf(await ok.text())).toBe('Hello!');
    const anonymous = await post(JSON.stringify({ prompt: 'hello' }), { 'content-type': 'application/json' });
    expect(anonymous.status).toBe(401);
    const form = await post('prompt=hello', {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${token}`,
    });
    expect(form.status).toBe(400);
  });
});

describe.each(testDatabases())('the assistant service on $name', (target) => {
  let db: TestDb;
  let upstream: FakeOpenAi;
  let user: User;
  const rateLimits = new RateLimits(
    { kind: 'memory' },
    { ...DEFAULT_RATE_LIMITS, ai: { freeAttempts: 2, windowSeconds: 60, maxBlockSeconds: 60 } },
  );

  beforeAll(async () => {
    upstream = await startFakeOpenAi();
    db = await openTestDb(target, 'assistant', { rateLimits });
    const em = db.services().em;
    user = await buildUser(em);
    await setOptions(em, { open_ai_key: 'sk-test', open_ai_host: upstream.url });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await upstream?.close();
  });

  const collect = async (stream: AsyncGenerator<string>) => {
    let out = '';
    for await (const text of stream) out += text;
    return out;
  };

  it('refuses a private upstream address unless the operator allows private hosts (SSRF)', async () => {
    const body = await collect(await db.services().assistant.open(new Viewer(user), 'hello'));
    const events = sseData(body).map((d) => JSON.parse(d) as { error: string });
    expect(events[0]!.error).toMatch(/内网或本机地址/);
    expect(upstream.requests).toHaveLength(0);
  });

  it('limits each user to the configured number of requests', async () => {
    // The two requests above and here use the free attempts; the third is refused before any call.
    await collect(await db.services().assistant.open(new Viewer(user), 'hello'));
    const third = db.services().assistant.open(new Viewer(user), 'hello');
    await expect(third).rejects.toThrow(DomainError);
    await expect(third).rejects.toMatchObject({ codeName: 'TooManyAttempts' });
  });
});
