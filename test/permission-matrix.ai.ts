// Permission-matrix rows for the MCP door (issue #21): the tools call the same services and policy as
// GraphQL and REST, so each actor is allowed exactly what the other doors allow them. Actors sign in to
// MCP with their login token (`X-User-Token`); visitors have none and are refused every tool.
import { expect } from '@jest/globals';
import { Page, SinglePageLink } from '../db/src';
import {
  EDIT_WHOLE,
  LOGGED_IN,
  MANAGE,
  READ_SCOPED,
  READ_WHOLE,
  catalogName,
  itemState,
  pageVersion,
  shareKey,
  unique,
  write,
  type Actor,
  type ActorName,
  type Matrix,
  type Operation,
} from './permission-matrix.support';

/** Refusals of compat-notes §9: token invalid, out of scope, not a member, no permission, not found. */
const REFUSALS = [-32001, -32002, -32003, -32004, -32006];
const signedIn = (actors: readonly ActorName[]) => actors.filter((a) => LOGGED_IN.includes(a));
const MCP_ONLY =
  'the MCP door (compat-notes §9): its tools are rows of their own, on top of GraphQL and REST';

/** One `tools/call` as the actor: the tool's result, or null when it was refused (a known refusal code). */
export async function mcpTool(
  m: Matrix,
  a: Actor,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown> | unknown[] | null> {
  const response = await fetch(`${m.server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(a.token ? { 'x-user-token': a.token } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  expect(response.status).toBeLessThan(500);
  const body = (await response.json()) as {
    error?: { code: number };
    result?: { isError?: boolean; content: Array<{ text: string }> };
  };
  if (body.error) {
    expect(REFUSALS).toContain(body.error.code);
    return null;
  }
  const parsed = JSON.parse(body.result!.content[0]!.text) as Record<string, unknown>;
  if (body.result!.isError) {
    expect(REFUSALS).toContain((parsed.error as { code: number }).code);
    return null;
  }
  return parsed;
}

const allowed = async (m: Matrix, a: Actor, name: string, args: Record<string, unknown>) =>
  (await mcpTool(m, a, name, args)) !== null;

const titledCount = (m: Matrix, itemId: number, title: string) => m.em().count(Page, { item: itemId, title });

export const MCP_OPERATIONS: Operation[] = [
  {
    name: 'MCP get_page outside scope (catalog B)',
    allow: signedIn(READ_WHOLE),
    covers: [],
    oneDoor: MCP_ONLY,
    mcp: (m, a) => allowed(m, a, 'get_page', { page_id: m.target(a).pageB.id }),
  },
  {
    name: 'MCP get_page in scope (catalog A)',
    allow: signedIn(READ_SCOPED),
    covers: [],
    oneDoor: MCP_ONLY,
    mcp: (m, a) => allowed(m, a, 'get_page', { page_id: m.target(a).pageA.id }),
  },
  {
    name: 'MCP get_page_history outside scope (catalog B)',
    allow: signedIn(READ_WHOLE),
    covers: [],
    oneDoor: MCP_ONLY,
    mcp: (m, a) => allowed(m, a, 'get_page_history', { page_id: m.target(a).pageB.id }),
  },
  {
    // Allowed = page B is found; a scoped member's search leaves catalog B out.
    name: 'MCP search_pages finds page outside scope',
    allow: signedIn(READ_WHOLE),
    covers: [],
    oneDoor: MCP_ONLY,
    mcp: async (m, a) => {
      const { item, pageB } = m.target(a);
      const hits = await mcpTool(m, a, 'search_pages', { query: pageB.title, item_id: item.id });
      return Array.isArray(hits) && hits.some((h) => (h as { page_id: number }).page_id === pageB.id);
    },
  },
  {
    name: 'MCP update_page outside scope (catalog B)',
    allow: EDIT_WHOLE,
    covers: [],
    oneDoor: MCP_ONLY,
    mcp: (m, a) =>
      write(
        () => pageVersion(m, m.target(a).pageB.id),
        () => allowed(m, a, 'update_page', { page_id: m.target(a).pageB.id, page_content: unique('by mcp') }),
      ),
  },
  {
    name: 'MCP create_page in catalog B',
    allow: EDIT_WHOLE,
    covers: [],
    oneDoor: MCP_ONLY,
    mcp: async (m, a) => {
      const { item, catB } = m.target(a);
      const title = unique('mcp page');
      return write(
        () => titledCount(m, item.id, title),
        () =>
          allowed(m, a, 'create_page', {
            item_id: item.id,
            cat_id: catB.id,
            page_title: title,
            page_content: 'x',
          }),
      );
    },
  },
  {
    name: 'MCP create_single_page_link (catalog B)',
    allow: EDIT_WHOLE,
    covers: [],
    oneDoor: MCP_ONLY,
    mcp: async (m, a) => {
      const pageId = m.target(a).pageB.id;
      // No link before: creating one is then a visible change (an existing link would be kept).
      await m.em().nativeDelete(SinglePageLink, { page: pageId });
      try {
        return await write(
          () => shareKey(m, pageId),
          () => allowed(m, a, 'create_single_page_link', { page_id: pageId, expire_days: 0 }),
        );
      } finally {
        // A live link opens page B's files to everybody: later rows (force_login) expect it unshared.
        await m.em().nativeDelete(SinglePageLink, { page: pageId });
      }
    },
  },
  {
    name: 'MCP update_catalog (rename catalog B)',
    allow: EDIT_WHOLE,
    covers: [],
    oneDoor: MCP_ONLY,
    mcp: (m, a) =>
      write(
        () => catalogName(m, m.target(a).catB.id),
        () => allowed(m, a, 'update_catalog', { cat_id: m.target(a).catB.id, cat_name: unique('B') }),
      ),
  },
  {
    name: 'MCP update_item (rename item)',
    allow: MANAGE,
    covers: [],
    oneDoor: MCP_ONLY,
    mcp: (m, a) =>
      write(
        () => itemState(m, m.target(a).item.id),
        () => allowed(m, a, 'update_item', { item_id: m.target(a).item.id, item_name: unique('renamed') }),
      ),
  },
];

/** The AI door's REST actions: the caller's own tokens and the site's assistant, no item addressed. */
export const AI_NOT_PERMISSION_SCOPED: Record<string, string> = {
  'Ai/create': 'the site-wide writing assistant: any signed-in user, rate-limited per user',
  'AiToken/list': "the caller's own MCP tokens",
  'AiToken/detail': "the caller's own MCP tokens",
  'AiToken/create': "the caller's own MCP tokens",
  'AiToken/update': "the caller's own MCP tokens",
  'AiToken/reset': "the caller's own MCP tokens",
  'AiToken/revoke': "the caller's own MCP tokens",
  'AiToken/delete': "the caller's own MCP tokens",
  'AiToken/availableItems': "the caller's own item list",
};
