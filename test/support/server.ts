import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv, type AppConfig } from '../../server/src/config';
import { createServer, type RunningServer } from '../../server/src/server';
import { migratedScratchMysqlUrl, type TestDatabase } from './mysql';

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
