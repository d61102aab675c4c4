// Helpers for the ShowDoc wire tests in this folder: raw HTTP calls, envelope checks, and the few
// accounts and site settings the tests need.
import { expect } from '@jest/globals';
import { SiteOption } from '../../db/src';
import { buildServices } from '../../api/src/domain/services';
import type { SettingName } from '../../api/src/domain/settings/settings.service';
import { ADMIN, TEST_CAPTCHA, type TestServer } from '../support/server';

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire answers are checked field by field
  body: any;
}

/** Any request; the body is parsed as JSON when it is JSON, else left null (see `text`). */
export async function call(
  server: TestServer,
  pathAndQuery: string,
  init: RequestInit = {},
): Promise<Answer> {
  const response = await fetch(server.url + pathAndQuery, init);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, body };
}

export const get = (server: TestServer, pathAndQuery: string, headers: Record<string, string> = {}) =>
  call(server, pathAndQuery, { headers });

/** POST a JSON body. */
export const postJson = (server: TestServer, pathAndQuery: string, payload: unknown, headers = {}) =>
  call(server, pathAndQuery, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });

/** POST a multipart/form-data body. */
export function postMultipart(server: TestServer, pathAndQuery: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return call(server, pathAndQuery, { method: 'POST', body: form });
}

/** `/server/index.php?s=/api/<route>`: the URL form ShowDoc's own clients use. */
export const api = (route: string, query = '') =>
  `/server/index.php?s=/api/${route}${query ? `&${query}` : ''}`;

/** A success envelope: HTTP 200, `error_code` 0, a `data` key and no `error_message`. Returns `data`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Answer.body
export function expectOk(answer: { status: number; body: any }): any {
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual(expect.objectContaining({ error_code: 0 }));
  expect(Object.keys(answer.body).sort()).toEqual(['data', 'error_code']);
  return answer.body.data;
}

/** A business error: HTTP 200 (unless told), exactly `error_code` and `error_message`, no `data`. */
export function expectError(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Answer.body
  answer: { status: number; body: any },
  code: number,
  message?: string | RegExp,
  status = 200,
): void {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.body ?? {}).sort()).toEqual(['error_code', 'error_message']);
  expect(answer.body.error_code).toBe(code);
  expect(typeof answer.body.error_message).toBe('string');
  expect(answer.body.error_message.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(answer.body.error_message).toBe(message);
  else if (message) expect(answer.body.error_message).toMatch(message);
}

/** The answer of ShowDoc's router for an unknown controller or action. */
export function expectInvalidRequest(answer: Answer): void {
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual({ error_code: 10404, error_message: 'Invalid request' });
}

export async function login(server: TestServer, username: string, password: string): Promise<string> {
  const answer = await server.form(api('user/login'), { username, password, captcha: TEST_CAPTCHA });
  return expectOk(answer).user_token as string;
}

export const loginAdmin = (server: TestServer) => login(server, ADMIN.username, ADMIN.password);

/** Registers a user (argon2: about 100 ms) and returns the session token. */
export async function register(
  server: TestServer,
  username: string,
  password = 'secret-123',
): Promise<string> {
  const answer = await server.form(api('user/register'), {
    username,
    password,
    confirm_password: password,
    captcha: TEST_CAPTCHA,
  });
  return expectOk(answer).user_token as string;
}

/** Saves site settings through the domain, as the admin screen would. */
export async function setSettings(
  server: TestServer,
  values: Partial<Record<SettingName, string>>,
): Promise<void> {
  await buildServices(server.db.orm.em.fork()).settings.set(values);
}

/** Deletes stored settings, so they read as never saved. */
export async function clearSettings(server: TestServer, names: SettingName[]): Promise<void> {
  await server.db.orm.em.fork().nativeDelete(SiteOption, { name: { $in: names } });
}

/** ShowDoc's PageRow keys in wire order (compat-api §0.9). */
export const PAGE_ROW_KEYS = [
  'page_id',
  'author_uid',
  'author_username',
  'item_id',
  'cat_id',
  'page_title',
  'page_content',
  's_number',
  'addtime',
  'page_comments',
  'is_del',
  'page_addtime',
  'ext_info',
  'is_draft',
];

/** ShowDoc's CatalogRow keys in wire order (compat-api §0.9). */
export const CATALOG_ROW_KEYS = [
  'cat_id',
  'cat_name',
  'item_id',
  's_number',
  'addtime',
  'parent_cat_id',
  'level',
];
