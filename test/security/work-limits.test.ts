// Issue #15, limits on work per request: a request may be refused, but it never stops the server from
// answering others. `/healthz` must answer within 200 ms while each attack is in flight.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { Captcha } from '../../db/src';
import { buildSession, buildUser } from '../support/factories';
import { healthLatencyDuring } from '../support/health-probe';
import { testDatabases } from '../support/mysql';
import { startTestServer, type GraphQLAnswer, type TestServer } from '../support/server';

const HEALTH_BUDGET_MS = 200;
const SQL_MUTATION = 'mutation($sql: String!) { sqlToMarkdownTable(sql: $sql) }';
// The payload: 400 KB of statements the parser rejects one by one (11-35 s of parsing before).
const FREEZING_SQL = 'x y;'.repeat(100_000);
// Under the 256 KB cap and still far more parsing than the time budget allows.
const SLOW_SQL = 'x y;'.repeat(60_000);

describe.each(testDatabases())('limits on work per request on $name', (target) => {
  let server: TestServer;
  let token: string;

  // Bodies are encoded before the probes start: the test shares the server's thread, and encoding
  // 400 KB would count against the server.
  const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const rest = async (body: string, type = 'application/x-www-form-urlencoded') => {
    const response = await fetch(`${server.url}/server/index.php?s=/api/page/sqlToMarkdownTable`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const graphql = async (body: string, bearer?: string) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body,
    });
    return { status: response.status, ...((await response.json()) as GraphQLAnswer<unknown>) };
  };
  const sqlBody = (sql: string) => JSON.stringify({ query: SQL_MUTATION, variables: { sql } });

  beforeAll(async () => {
    server = await startTestServer(target, `sec_limits_${target.name}`);
    token = await buildSession(server.db.orm.em.fork(), await buildUser(server.db.orm.em.fork()));
    // Warm-up: the first request through each door loads (under jest: compiles) modules on the server's
    // thread, which is no part of what the probes measure.
    await rest(formBody({ sql: 'CREATE TABLE t (id int)', user_token: token }));
    await graphql(sqlBody('CREATE TABLE t (id int)'), token);
  });
  afterAll(async () => server?.close());

  describe('sqlToMarkdownTable', () => {
    it('refuses anonymous callers on both doors, and the server keeps answering', async () => {
      // The 400 KB as JSON, which ShowDoc REST takes too: form-encoded it grows past the body limit
      // (refused before the login check), and its percent-decoding runs on the test's shared thread.
      const form = JSON.stringify({ sql: FREEZING_SQL });
      let restAnswer: Awaited<ReturnType<typeof rest>> | undefined;
      const latency = await healthLatencyDuring(server.url, async () => {
        restAnswer = await rest(form, 'application/json');
      });
      expect(restAnswer?.body.error_code).toBe(10102);
      expect(latency).toBeLessThan(HEALTH_BUDGET_MS);

      const json = sqlBody(FREEZING_SQL);
      let code: unknown;
      const graphqlLatency = await healthLatencyDuring(server.url, async () => {
        code = (await graphql(json)).errors?.[0]?.extensions?.code;
      });
      expect(code).toBe('UNAUTHENTICATED');
      expect(graphqlLatency).toBeLessThan(HEALTH_BUDGET_MS);
    });

    it('refuses more than 256 KB with a clear error', async () => {
      // Letters only: the form body is no larger than the SQL, so what the probes see is the refusal, not
      // the decoding of 400 KB of percent-escapes on the thread the test shares with the server.
      const tooLong = 'x'.repeat(256 * 1024 + 1);
      const form = formBody({ sql: tooLong, user_token: token });
      let restAnswer: Awaited<ReturnType<typeof rest>> | undefined;
      const latency = await healthLatencyDuring(server.url, async () => {
        restAnswer = await rest(form);
      });
      expect(restAnswer?.body).toEqual({ error_code: 10101, error_message: 'SQL 过长，每次最多转换 256 KB' });
      expect(latency).toBeLessThan(HEALTH_BUDGET_MS);
      const answer = await graphql(sqlBody(tooLong), token);
      expect(answer.errors?.[0]?.message).toMatch(/at most 256 KB/);
      expect(answer.errors?.[0]?.extensions).toEqual({ code: 'BAD_INPUT', showdocCode: 10101 });
    });

    it('stops a parse that runs over its time budget, and the server keeps answering', async () => {
      const form = formBody({ sql: SLOW_SQL, user_token: token });
      let restAnswer: Awaited<ReturnType<typeof rest>> | undefined;
      const latency = await healthLatencyDuring(
        server.url,
        async () => {
          restAnswer = await rest(form);
        },
        1,
      );
      expect(restAnswer?.body).toEqual({ error_code: 10101, error_message: 'SQL 解析超时，请分批转换' });
      expect(latency).toBeLessThan(HEALTH_BUDGET_MS);

      const json = sqlBody(SLOW_SQL);
      let message: string | undefined;
      const graphqlLatency = await healthLatencyDuring(
        server.url,
        async () => {
          message = (await graphql(json, token)).errors?.[0]?.message;
        },
        1,
      );
      expect(message).toMatch(/takes too long to parse/);
      expect(graphqlLatency).toBeLessThan(HEALTH_BUDGET_MS);
      // The pool recovers: the next conversion works.
      const ok = await graphql(sqlBody('CREATE TABLE t (id int)'), token);
      expect(ok.data).toEqual({ sqlToMarkdownTable: expect.stringContaining('| id | int |') });
    });
  });

  describe('GraphQL', () => {
    const aliases = (count: number, field = '__typename') =>
      `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

    it('refuses 1,000 createCaptcha aliases without writing a captcha', async () => {
      const before = await server.db.orm.em.fork().count(Captcha, {});
      const json = JSON.stringify({ query: `mutation ${aliases(1000, 'createCaptcha { id }')}` });
      let answer: Awaited<ReturnType<typeof graphql>> | undefined;
      const latency = await healthLatencyDuring(server.url, async () => {
        answer = await graphql(json);
      });
      expect(answer?.data ?? null).toBeNull();
      expect(answer?.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
      expect(await server.db.orm.em.fork().count(Captcha, {})).toBe(before);
      expect(latency).toBeLessThan(HEALTH_BUDGET_MS);
      // Under the token limit, the alias limit refuses it.
      const fewer = await graphql(
        JSON.stringify({ query: `mutation ${aliases(100, 'createCaptcha { id }')}` }),
      );
      expect(fewer.errors?.[0]?.message).toBe('The operation has 100 aliases; at most 30 are allowed');
      expect(await server.db.orm.em.fork().count(Captcha, {})).toBe(before);
    });

    it('refuses 300,000 __typename aliases (5.6 MB) with 413, and 25,000 of them under the body limit', async () => {
      const json = JSON.stringify({ query: aliases(300_000) });
      let status = 0;
      const latency = await healthLatencyDuring(
        server.url,
        async () => {
          status = (await graphql(json)).status;
          // Once: the 5.6 MB go out from the thread the test shares with the server, and would count.
        },
        1,
      );
      expect(status).toBe(413);
      expect(latency).toBeLessThan(HEALTH_BUDGET_MS);

      const small = JSON.stringify({ query: aliases(25_000) });
      expect(small.length).toBeLessThan(512 * 1024);
      let answer: Awaited<ReturnType<typeof graphql>> | undefined;
      const smallLatency = await healthLatencyDuring(server.url, async () => {
        answer = await graphql(small);
      });
      expect(answer?.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
      expect(smallLatency).toBeLessThan(HEALTH_BUDGET_MS);
    });

    it('refuses documents nested too deep', async () => {
      const deep = await graphql(
        JSON.stringify({
          query: `{ __type(name: "Query") { fields { type ${'{ ofType '.repeat(9)}{ name }${' }'.repeat(9)} } } }`,
        }),
      );
      expect(deep.errors?.[0]).toMatchObject({
        message: 'The operation has 13 levels of nesting; at most 12 are allowed',
        extensions: { code: 'QUERY_TOO_COMPLEX' },
      });
    });

    it('suggests no field names', async () => {
      const answer = await graphql(JSON.stringify({ query: '{ mee { id } }' }));
      expect(answer.errors?.[0]?.message).toBe('Cannot query field "mee" on type "Query".');
    });

    it('applies the same limits and the introspection setting to graphql-ws operations', async () => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
      try {
        const messages: WsMessage[] = [];
        socket.on('message', (data) => messages.push(JSON.parse(String(data)) as WsMessage));
        await new Promise((resolve) => socket.once('open', resolve));
        socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
        await until(() => messages.some((m) => m.type === 'connection_ack'));
        const answerTo = async (id: string, query: string) => {
          socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
          await until(() => messages.some((m) => m.id === id));
          return messages.find((m) => m.id === id);
        };
        const aliased = await answerTo('a', aliases(31));
        expect(aliased).toMatchObject({
          type: 'error',
          payload: [{ extensions: { code: 'QUERY_TOO_COMPLEX' } }],
        });
        const tokens = await answerTo('b', aliases(5_000));
        expect(tokens).toMatchObject({
          type: 'error',
          payload: [{ extensions: { code: 'QUERY_TOO_COMPLEX' } }],
        });
        const introspection = await answerTo('c', '{ __schema { queryType { name } } }');
        expect(introspection).toMatchObject({
          type: 'error',
          payload: [{ extensions: { code: 'INTROSPECTION_DISABLED' } }],
        });
        const nul = await answerTo('d', '{ search(query: "a\\u0000b") { totalCount } }');
        expect(nul).toMatchObject({ type: 'error', payload: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
        const fine = await answerTo('e', '{ __typename }');
        expect(fine).toMatchObject({ type: 'next', payload: { data: { __typename: 'Query' } } });
      } finally {
        socket.close();
      }
    });
  });

  describe('body limits', () => {
    it('answers an oversized REST body with the 10101 envelope', async () => {
      const answer = await server.form('/server/index.php?s=/api/item/info', {
        item_id: 1,
        filler: 'x'.repeat(600_000),
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        error_code: 10101,
        error_message: '请求内容过大 (request body too large)',
      });
    });

    it('answers an oversized GraphQL body with 413', async () => {
      const answer = await graphql(
        JSON.stringify({ query: '{ __typename }', variables: { x: 'x'.repeat(600_000) } }),
      );
      expect(answer.status).toBe(413);
    });

    it('closes a graphql-ws connection that sends an oversized message', async () => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
      try {
        const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
        await new Promise((resolve, reject) => {
          socket.once('open', resolve);
          socket.once('error', reject);
        });
        socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
        await new Promise((resolve) => socket.once('message', resolve));
        socket.send(
          JSON.stringify({
            id: '1',
            type: 'subscribe',
            payload: { query: '{ __typename }', variables: { x: 'x'.repeat(600_000) } },
          }),
        );
        // 1009: "message too big".
        expect(await closed).toBe(1009);
      } finally {
        socket.close();
      }
    });
  });
});

interface WsMessage {
  id?: string;
  type: string;
  payload?: unknown;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}
