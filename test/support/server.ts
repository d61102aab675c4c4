import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv, type AppConfig } from '../../server/src/config';
import { createServer, type RunningServer } from '../../server/src/server';
import { migratedScratchMysqlUrl, type TestDatabase } from './mysql';
import { redisAnswers } from './processes';

export const TEST_CAPTCHA = 'TEST-CAPTCHA';
export const ADMIN = { username: 'admin', password: 'admin-password' };

export interface TestServer extends RunningServer {
  /** The server's data folder (uploads are under `uploads/`). */
  dataDir: string;
  /** POST a form-encoded body (ShowDoc's dialect) and parse the JSON answer. */
  form(
    pathAndQuery: string,
    fields?: Record<string, string | number>,
    headers?: Record<string, string>,
  ): Promise<FormAnswer>;
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GraphQLAnswer<T>>;
}

export interface FormAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire answers are checked field by field
  body: any;
}

export interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; showdocCode?: number } }>;
}

/**
 * MariaDB as it runs in production (docker-compose): with Redis, so that its small reads are kept against
 * the commit clock there (issue #14). `TEST_SERVER_REDIS_URL` names the Redis (empty: none); unset, the
 * machine's own at 127.0.0.1:6379 when it answers. Each server has a prefix of its own (its rate-limit
 * counters and events stay its own).
 */
async function mysqlWithRedis(target: TestDatabase, suffix: string): Promise<Partial<AppConfig>> {
  if (!target.url) return {};
  const redisUrl = await testServerRedis();
  if (!redisUrl) return {};
  return { redisUrl, redisPrefix: `quire-test-${process.pid}-${suffix}-${Date.now()}` };
}

let redisAnswer: Promise<string> | null = null;

function testServerRedis(): Promise<string> {
  const named = process.env.TEST_SERVER_REDIS_URL;
  if (named !== undefined) return Promise.resolve(named.trim());
  redisAnswer ??= redisAnswers(6379).then((up) => (up ? 'redis://127.0.0.1:6379' : ''));
  return redisAnswer;
}

/** A real Quire server on a free port, on a fresh database of the given kind (`overrides` win). */
export async function startTestServer(
  target: TestDatabase,
  suffix: string,
  overrides: Partial<AppConfig> = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `quire-srv-${suffix}-`));
  const databaseUrl = target.url ? await migratedScratchMysqlUrl(target.url, suffix) : undefined;
  const server = await createServer({
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    adminUser: ADMIN.username,
    adminPassword: ADMIN.password,
    testCaptcha: TEST_CAPTCHA,
    logLevel: (process.env.TEST_SERVER_LOG as 'silent') ?? 'silent',
    webDist: path.join(dataDir, 'no-web'),
    ...(await mysqlWithRedis(target, suffix)),
    ...overrides,
  });
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async form(pathAndQuery, fields = {}, headers = {}) {
      const response = await fetch(server.url + pathAndQuery, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    async graphql(query, variables = {}, token) {
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GraphQLAnswer<never>;
    },
  };
}
