import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolCaller } from './mcp-tools';

/** Resources read through the tools (the same rules), as ShowDoc's `showdoc://` URIs (compat-notes §9). */
export function registerResources(server: McpServer, call: ToolCaller): void {
  const read = async (uri: URL, tool: string, args: Record<string, unknown>) => {
    const result = await call(tool, args);
    const text = result.content[0]?.text ?? 'null';
    if (result.isError) throw new McpError(ErrorCode.InvalidParams, `${uri.href}: ${text}`);
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
  };
  const num = (value: string | string[] | undefined) => Number(Array.isArray(value) ? value[0] : value);

  server.registerResource(
    'items',
    'showdoc://items',
    { description: 'The items this token may reach', mimeType: 'application/json' },
    (uri) => read(uri, 'list_items', {}),
  );
  const templates: Array<
    [string, string, string, (v: Record<string, string | string[]>) => [string, Record<string, unknown>]]
  > = [
    ['item', 'showdoc://items/{item_id}', 'One item', (v) => ['get_item', { item_id: num(v.item_id) }]],
    [
      'item-catalogs',
      'showdoc://items/{item_id}/catalogs',
      "An item's catalog tree",
      (v) => ['get_item_overview', { item_id: num(v.item_id) }],
    ],
    [
      'item-pages',
      'showdoc://items/{item_id}/pages',
      "An item's pages",
      (v) => ['list_pages', { item_id: num(v.item_id), page_size: 200 }],
    ],
    [
      'page',
      'showdoc://pages/{page_id}',
      'One page with its content',
      (v) => ['get_page', { page_id: num(v.page_id) }],
    ],
    [
      'page-history',
      'showdoc://pages/{page_id}/history',
      "A page's versions",
      (v) => ['get_page_history', { page_id: num(v.page_id) }],
    ],
    [
      'page-version',
      'showdoc://pages/{page_id}/versions/{version_id}',
      'One earlier version of a page',
      (v) => ['get_page_version', { page_id: num(v.page_id), version_id: num(v.version_id) }],
    ],
    [
      'catalog',
      'showdoc://catalogs/{cat_id}',
      'One catalog',
      (v) => ['get_catalog', { cat_id: num(v.cat_id) }],
    ],
  ];
  for (const [name, pattern, description, toTool] of templates) {
    server.registerResource(
      name,
      new ResourceTemplate(pattern, { list: undefined }),
      { description, mimeType: 'application/json' },
      (uri, variables) => {
        const [tool, args] = toTool(variables);
        return read(uri, tool, args);
      },
    );
  }
}

/** ShowDoc's prompts: instructions that point the AI editor at the tools. */
export function registerPrompts(server: McpServer): void {
  const user = (text: string) => ({
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
  });
  server.registerPrompt(
    'generate_client_code',
    {
      description: 'Client code calling the API a page documents',
      argsSchema: { page_id: z.string(), language: z.string().optional(), framework: z.string().optional() },
    },
    (a) =>
      user(
        `Read page ${a.page_id} with the get_page tool, then write ${a.language ?? 'TypeScript'} client code${a.framework ? ` using ${a.framework}` : ''} that calls the API it documents, with types for the request and response.`,
      ),
  );
  server.registerPrompt(
    'generate_server_code',
    {
      description: 'A server handler implementing the API a page documents',
      argsSchema: { page_id: z.string(), language: z.string().optional(), framework: z.string().optional() },
    },
    (a) =>
      user(
        `Read page ${a.page_id} with the get_page tool, then write a ${a.language ?? 'TypeScript'} server handler${a.framework ? ` for ${a.framework}` : ''} implementing that API, validating its parameters.`,
      ),
  );
  server.registerPrompt(
    'generate_docs_from_code',
    {
      description: 'API documentation written from code',
      argsSchema: { code_snippet: z.string(), doc_type: z.string().optional() },
    },
    (a) =>
      user(
        `Write ${a.doc_type ?? 'API'} documentation in Markdown for this code, following the template of get_page_template (type api):\n\n${a.code_snippet}`,
      ),
  );
  server.registerPrompt(
    'sync_api_docs',
    {
      description: "Bring an item's API pages in line with the code",
      argsSchema: { item_id: z.string(), code_base_path: z.string().optional() },
    },
    (a) =>
      user(
        `List the pages of item ${a.item_id} (list_pages, get_page), compare them with the API routes in ${a.code_base_path ?? 'the code base'}, then create or update pages (upsert_page, update_page with expected_hash) so the documentation matches the code.`,
      ),
  );
  server.registerPrompt(
    'compare_impl_and_doc',
    {
      description: 'Differences between a documented API and its implementation',
      argsSchema: { page_id: z.string(), code_path: z.string().optional() },
    },
    (a) =>
      user(
        `Read page ${a.page_id} (get_page) and the implementation in ${a.code_path ?? 'the code'}; list every difference in URL, method, parameters and response, and say which side should change.`,
      ),
  );
}
