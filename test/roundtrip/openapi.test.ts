// Issue #21's OpenAPI round trip: an OpenAPI 3.1 document with allOf/oneOf and $ref cycles is imported,
// the item exported as OpenAPI 3.1, and the export imported into a new item and exported again: the same
// operations, parameters and request-body fields survive every step.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '../../db/src';
import { buildSession, buildUser } from '../support/factories';
import { multipart } from '../support/files';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api, call, expectOk } from '../compat/wire-helpers';

type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };
type Operation = {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'];

/** `METHOD /path` → sorted parameter names and request-body field names. */
function shape(doc: Doc): Record<string, { parameters: string[]; body: string[] }> {
  const out: Record<string, { parameters: string[]; body: string[] }> = {};
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
      out[`${method.toUpperCase()} ${route}`] = {
        parameters: (operation.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort(),
        body: Object.keys(body).sort(),
      };
    }
  }
  return out;
}

describe.each(testDatabases())('OpenAPI import → export → import on $name', (target) => {
  let server: TestServer;
  let owner: User;
  let token: string;

  async function importOpenApi(name: string, data: Buffer | string): Promise<number> {
    const answer = await call(server, api('importSwagger/import'), {
      method: 'POST',
      body: multipart({ user_token: token }, { field: 'file', name, data: Buffer.from(data) }),
    });
    return (expectOk(answer) as { item_id: number }).item_id;
  }
  async function exportOpenApi(itemId: number): Promise<Doc> {
    const response = await fetch(`${server.url}/api/items/${itemId}/openapi.json`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Doc;
  }

  beforeAll(async () => {
    server = await startTestServer(target, `openapi_rt_${target.name}`, { logLevel: 'error' });
    const em = server.db.orm.em.fork();
    owner = await buildUser(em);
    token = await buildSession(em, owner);
  }, 180_000);
  afterAll(async () => server?.close());

  it('keeps every operation, parameter and body field through two round trips', async () => {
    const fixture = fs.readFileSync(path.join(__dirname, '../import/fixtures/openapi-3.1-composition.json'));
    const original = JSON.parse(fixture.toString()) as Doc;
    const first = await exportOpenApi(await importOpenApi('composition.json', fixture));
    expect(first.openapi).toMatch(/^3\.1\./);
    const second = await exportOpenApi(await importOpenApi('export.json', JSON.stringify(first)));

    const expected = shape(original);
    expect(Object.keys(shape(first)).sort()).toEqual(Object.keys(expected).sort());
    for (const [operation, { parameters }] of Object.entries(expected)) {
      expect(shape(first)[operation]!.parameters).toEqual(parameters);
    }
    // The request body of POST /pets (a oneOf of allOf compositions) keeps its fields.
    expect(shape(first)['POST /pets']!.body.length).toBeGreaterThan(0);
    expect(shape(second)).toEqual(shape(first));
  });
});
