// The MCP door (issue #21, compat-notes §9) driven by the SDK's own client over Streamable HTTP, at Quire's
// /mcp and ShowDoc's /mcp.php: tools go through the same services and policy as the other doors.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MemberGroup, Page, UserAiToken, type Item, type User } from '../../db/src';
import { buildItem, buildMember, buildPage, buildSession, buildUser } from '../support/factories';
import { testDatabases } from '../support/mysql';
import { startTestServer, type TestServer } from '../support/server';

type ToolAnswer = { isError?: boolean; content: Array<{ type: string; text: string }> };

describe.each(testDatabases())('MCP server on $name', (target) => {
  let server: TestServer;
  let em: () => EntityManager;
  let writer: User;
  let writerToken: string;
  let item: Item;
  let otherItem: Item;
  let strangersItem: Item;
  let strangersPageId: number;

  beforeAll(async () => {
    server = await startTestServer(target, 'mcp');
    em = () => server.db.orm.em.fork();
    const e = em();
    writer = await buildUser(e);
    const stranger = await buildUser(e);
    item = await buildItem(e, writer, { name: 'MCP docs' });
    otherItem = await buildItem(e, writer, { name: 'Other docs' });
    strangersItem = await buildItem(e, stranger, { name: 'Private', password: 'secret' });
    strangersPageId = (await buildPage(e, strangersItem, { title: 'Secret page' })).id;
    // A read-only member of the writer's item may read but not write: the policy decides, not the door.
    buildMember(e, item, stranger, MemberGroup.ReadOnly);
    await e.flush();
    writerToken = await buildSession(e, writer);
  }, 120_000);
  afterAll(async () => server?.close());

  async function connect(path: string, headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'quire-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url + path), { requestInit: { headers } }),
    );
    return client;
  }
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
    const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
    const parsed = JSON.parse(answer.content[0]!.text) as Record<string, unknown>;
    return { isError: answer.isError === true, body: parsed };
  };
  const errorCode = (body: Record<string, unknown>) => (body.error as { code: number } | undefined)?.code;

  describe.each(['/mcp', '/mcp.php'])('through %s with a login token (X-User-Token)', (path) => {
    let client: Client;
    beforeAll(async () => {
      client = await connect(path, { 'X-User-Token': writerToken });
    });
    afterAll(async () => client?.close());

    it('lists the tools of compat-notes §9, with the ones Quire lacks marked as not yet available', async () => {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      for (const name of [
        'list_items',
        'get_page',
        'create_page',
        'update_page',
        'update_page_diff',
        'search_pages',
        'get_page_history',
        'create_single_page_link',
        'list_attachments',
        'import_openapi',
      ])
        expect(names).toContain(name);
      expect(tools.find((t) => t.name === 'kanban_get_board')?.description).toMatch(/not yet available/i);
      const { isError, body } = await call(client, 'kanban_get_board', { item_id: item.id });
      expect(isError).toBe(true);
      expect(errorCode(body)).toBe(-32601);
    });

    it('import_openapi writes the operations of a document into the item, and refuses a URL', async () => {
      const document = {
        openapi: '3.0.3',
        info: { title: 'MCP import', version: '1' },
        paths: {
          [`/mcp-imported${path.replace(/\W/g, '-')}`]: {
            get: {
              summary: `Imported through ${path}`,
              tags: ['MCP'],
              responses: { 200: { description: 'ok' } },
            },
          },
        },
      };
      const imported = await call(client, 'import_openapi', {
        item_id: item.id,
        openapi_content: JSON.stringify(document),
      });
      expect(imported.isError).toBe(false);
      expect(imported.body).toMatchObject({ item_id: item.id, created: false });
      const page = await em().findOne(Page, {
        item: item.id,
        title: `Imported through ${path}`,
        deletedAt: null,
      });
      expect(page?.content).toContain('/mcp-imported');
      const byUrl = await call(client, 'import_openapi', {
        item_id: item.id,
        openapi_url: 'http://169.254.169.254/latest/meta-data',
      });
      expect(byUrl.isError).toBe(true);
      expect(errorCode(byUrl.body)).toBe(-32011);
    });

    it('creates a page, refuses an update with a stale hash, accepts one with the current hash, and finds it', async () => {
      const title = `Login API ${path}`;
      const created = await call(client, 'create_page', {
        item_id: item.id,
        page_title: title,
        page_content: '# Login\n\nPOST /login',
        cat_name: 'Users/Auth',
      });
      expect(created.isError).toBe(false);
      const pageId = created.body.page_id as number;
      const stored = await em().findOneOrFail(Page, { id: pageId }, { populate: ['catalog'] });
      expect(stored.content).toBe('# Login\n\nPOST /login');
      expect(stored.catalog?.name).toBe('Auth');

      const read = await call(client, 'get_page', { page_id: pageId });
      expect(read.body.page_title).toBe(title);
      const hash = read.body.content_hash as string;
      expect(hash).toMatch(/^[0-9a-f]{12}$/);

      const stale = await call(client, 'update_page', {
        page_id: pageId,
        page_content: 'mine',
        expected_hash: '000000000000',
      });
      expect(stale.isError).toBe(true);
      expect(errorCode(stale.body)).toBe(-32009);
      expect((stale.body.error as { data: { current_hash: string } }).data.current_hash).toBe(hash);
      expect((await em().findOneOrFail(Page, { id: pageId })).content).toBe('# Login\n\nPOST /login');

      const fresh = await call(client, 'update_page_diff', {
        page_id: pageId,
        diffs: [{ old_text: 'POST /login', new_text: 'POST /v2/login' }],
        expected_hash: hash,
      });
      expect(fresh.isError).toBe(false);
      expect((await em().findOneOrFail(Page, { id: pageId })).content).toBe('# Login\n\nPOST /v2/login');
      const history = await call(client, 'get_page_history', { page_id: pageId });
      expect(Array.isArray(history.body) && history.body.length).toBe(1);

      const found = await call(client, 'search_pages', { query: 'Login API', item_id: item.id });
      expect((found.body as unknown as Array<{ page_id: number }>).map((h) => h.page_id)).toContain(pageId);
    });

    it("refuses a page of an item the token's user may not read, as the other doors do", async () => {
      const refused = await call(client, 'get_page', { page_id: strangersPageId });
      expect(refused.isError).toBe(true);
      expect(errorCode(refused.body)).toBe(-32003);
      const write = await call(client, 'create_page', {
        item_id: strangersItem.id,
        page_title: 'x',
        page_content: 'y',
      });
      expect(write.isError).toBe(true);
      expect(await em().count(Page, { item: strangersItem.id, title: 'x' })).toBe(0);
    });

    it('serves resources and prompts', async () => {
      const { contents } = await client.readResource({ uri: 'showdoc://items' });
      const items = JSON.parse(String((contents[0] as { text: string }).text)) as Array<{ item_id: number }>;
      expect(items.map((i) => i.item_id)).toEqual(expect.arrayContaining([item.id, otherItem.id]));
      expect(items.map((i) => i.item_id)).not.toContain(strangersItem.id);
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toContain('generate_client_code');
    });
  });

  describe('MCP tokens (ai_token/*)', () => {
    const createToken = async (fields: Record<string, string | number>) => {
      const answer = await server.form('/api/ai_token/create', { user_token: writerToken, ...fields });
      expect(answer.body.error_code).toBe(0);
      return answer.body.data as { token: string; id: number };
    };

    it('shows a token once and stores only its hash', async () => {
      const { token, id } = await createToken({ name: 'Cursor' });
      expect(token).toMatch(/^ai_[0-9a-f]{86}$/);
      const row = await em().findOneOrFail(UserAiToken, { id });
      expect(row.tokenHash).not.toContain(token);
      const list = await server.form('/api/ai_token/list', { user_token: writerToken });
      expect(JSON.stringify(list.body.data)).not.toContain(token);
      expect(list.body.data.tokens[0].token_preview).toBe(row.tokenPreview);
    });

    it('refuses a write through a read-only token and changes nothing', async () => {
      const { token } = await createToken({ name: 'Reader', permission: 'read' });
      const client = await connect('/mcp', { Authorization: `Bearer ${token}` });
      try {
        const list = await call(client, 'list_items');
        expect(list.isError).toBe(false);
        const refused = await call(client, 'create_page', {
          item_id: item.id,
          page_title: 'By reader',
          page_content: 'x',
        });
        expect(refused.isError).toBe(true);
        expect(errorCode(refused.body)).toBe(-32005);
        expect(await em().count(Page, { title: 'By reader' })).toBe(0);
      } finally {
        await client.close();
      }
    });

    it('keeps a token of selected items to those items', async () => {
      const { token } = await createToken({
        name: 'One item',
        scope: 'selected',
        allowed_items: String(item.id),
      });
      const client = await connect('/mcp.php', { 'X-API-Token': token });
      try {
        const items = await call(client, 'list_items');
        expect((items.body as unknown as Array<{ item_id: number }>).map((i) => i.item_id)).toEqual([
          item.id,
        ]);
        const outside = await call(client, 'list_pages', { item_id: otherItem.id });
        expect(errorCode(outside.body)).toBe(-32002);
      } finally {
        await client.close();
      }
    });

    it('manages tokens through GraphQL too: created with items and expiry, usable, listed without the secret', async () => {
      const created = await server.graphql<{
        createAiToken: { token: string; row: { id: number; scope: string } };
      }>(
        'mutation($input: CreateAiTokenInput!) { createAiToken(input: $input) { token row { id scope } } }',
        { input: { name: 'From GraphQL', permission: 'read', allowedItems: [item.id], expiresInDays: 30 } },
        writerToken,
      );
      expect(created.errors).toBeUndefined();
      const { token, row } = created.data!.createAiToken;
      expect(row.scope).toBe('selected');
      const client = await connect('/mcp', { Authorization: `Bearer ${token}` });
      try {
        const items = await call(client, 'list_items');
        expect((items.body as unknown as Array<{ item_id: number }>).map((i) => i.item_id)).toEqual([
          item.id,
        ]);
      } finally {
        await client.close();
      }
      const listed = await server.graphql<{ aiTokens: Array<{ id: number; preview: string }> }>(
        '{ aiTokens { id preview } }',
        {},
        writerToken,
      );
      expect(listed.data!.aiTokens.map((t) => t.id)).toContain(row.id);
      expect(JSON.stringify(listed.data)).not.toContain(token);
      const bad = await server.graphql(
        'mutation($input: CreateAiTokenInput!) { createAiToken(input: $input) { token } }',
        { input: { name: '  ' } },
        writerToken,
      );
      expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    });

    it('stops a revoked token at once', async () => {
      const { token, id } = await createToken({ name: 'Soon revoked' });
      expect(
        (await server.form('/api/ai_token/revoke', { user_token: writerToken, id })).body.error_code,
      ).toBe(0);
      const client = new Client({ name: 'quire-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      try {
        await expect(client.listTools()).rejects.toThrow(/Token 无效或已过期/);
      } finally {
        await client.close();
      }
    });
  });

  it('answers plain JSON-RPC as ShowDoc does: GET preamble, no token refused, parse errors', async () => {
    const get = await fetch(`${server.url}/mcp.php`);
    expect(get.headers.get('content-type')).toMatch(/event-stream/);
    expect(await get.text()).toBe(': connected\n\n');
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/mcp.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      }).then(
        async (r) =>
          (await r.json()) as { id: unknown; error?: { code: number }; result?: { tools?: unknown[] } },
      );
    expect((await post('{"jsonrpc":"2.0","id":7,"method":"tools/list"}')).error?.code).toBe(-32001);
    expect((await post('{not json')).error?.code).toBe(-32700);
    const listed = await post('{"jsonrpc":"2.0","id":8,"method":"tools/list"}', {
      'X-User-Token': writerToken,
    });
    expect(listed.id).toBe(8);
    expect(listed.result?.tools?.length).toBeGreaterThan(30);
  });
});
