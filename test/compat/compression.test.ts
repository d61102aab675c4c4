// Issue #14: large answers go compressed to clients that accept it (both doors), the same JSON once
// decoded; small answers and clients that ask for nothing get plain JSON.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Item } from '../../db/src';
import { buildItem, buildPage, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';
import { api } from './wire-helpers';

interface RawAnswer {
  status: number;
  encoding: string | undefined;
  body: Buffer;
}

/** A POST through node:http, which (unlike fetch) neither asks for nor decodes compression by itself. */
function rawPost(url: string, body: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

function decode(answer: RawAnswer): unknown {
  const bytes =
    answer.encoding === 'gzip'
      ? zlib.gunzipSync(answer.body)
      : answer.encoding === 'br'
        ? zlib.brotliDecompressSync(answer.body)
        : answer.body;
  return JSON.parse(bytes.toString('utf8'));
}

describe.each(testDatabases())('compression on $name', (target) => {
  let server: TestServer;
  let token: string;
  let item: Item;

  beforeAll(async () => {
    server = await startTestServer(target, `compat_compress_${target.name}`);
    const em = server.db.orm.em.fork();
    const owner = await buildUser(em);
    token = await buildSession(em, owner);
    item = await buildItem(em, owner);
    for (let i = 0; i < 60; i++) await buildPage(em, item, { title: `A page with a longish title ${i}` });
  });
  afterAll(async () => server?.close());

  const form = (route: string, fields: Record<string, string>, encoding?: string) =>
    rawPost(server.url + api(route), new URLSearchParams({ ...fields, user_token: token }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    });

  it('compresses a large REST answer for a client that accepts gzip or brotli, to the same JSON', async () => {
    const plain = await form('item/info', { item_id: String(item.id) });
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeUndefined();
    const json = decode(plain) as { error_code: number; data: { menu: { pages: unknown[] } } };
    expect(json.error_code).toBe(0);
    expect(json.data.menu.pages).toHaveLength(60);
    expect(plain.body.length).toBeGreaterThan(4096);

    for (const [accept, expected] of [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
    ] as const) {
      const packed = await form('item/info', { item_id: String(item.id) }, accept);
      expect(packed.status).toBe(200);
      expect(packed.encoding).toBe(expected);
      expect(packed.body.length).toBeLessThan(plain.body.length / 2);
      expect(decode(packed)).toEqual(json);
    }
  });

  it('compresses a large GraphQL answer too', async () => {
    const query = `{ item(id: ${item.id}) { menu { pages { id title } } } }`;
    const answer = await rawPost(`${server.url}/graphql`, JSON.stringify({ query }), {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip',
    });
    expect(answer.status).toBe(200);
    expect(answer.encoding).toBe('gzip');
    const json = decode(answer) as { data: { item: { menu: { pages: unknown[] } } } };
    expect(json.data.item.menu.pages).toHaveLength(60);
  });

  it('leaves a small answer as it is', async () => {
    const answer = await form('user/info', {}, 'gzip');
    expect(answer.status).toBe(200);
    expect(answer.encoding).toBeUndefined();
    expect((decode(answer) as { error_code: number }).error_code).toBe(0);
  });
});
