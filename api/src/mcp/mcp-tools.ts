import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { Attachment, Catalog, ItemType, Page } from '../../../db/src';
import {
  diffLines,
  type AiGrant,
  type MenuCatalog,
  type MenuPage,
  type Services,
  type Viewer,
} from '../domain';
import { McpCodes, McpToolError, toMcpError } from './mcp-errors';
import { PAGE_TEMPLATES } from './page-templates';

/** Who calls and through what: the request's services, the token's user as a Viewer, the token's limits. */
export interface McpContext {
  services: Services;
  viewer: Viewer;
  grant: AiGrant;
  /** The site's address, for the links in results (no trailing slash). */
  siteUrl: string;
}

/** The largest page content a tool writes (ShowDoc's -32007). */
export const MAX_MCP_CONTENT = 2 * 1024 * 1024;

/** Tools ShowDoc has that Quire does not have yet: listed, and answering so. */
export const UNAVAILABLE_TOOLS = [
  'create_page_by_comment',
  'kanban_get_board',
  'kanban_get_lists',
  'kanban_list_archived_lists',
  'kanban_get_task',
  'kanban_delete_task',
  'kanban_list_tasks',
  'kanban_search_tasks',
  'kanban_create_task',
  'kanban_update_task',
  'kanban_move_task',
  'kanban_add_list',
  'kanban_update_list',
  'kanban_delete_list',
  'kanban_archive_list',
  'kanban_restore_list',
  'kanban_get_activity',
  'get_runapi_page',
  'create_runapi_page',
  'update_runapi_page',
  'upsert_runapi_page',
] as const;

/** 12 hex characters of the MD5 of the stored content: ShowDoc's `content_hash`. */
export function contentHash(content: string): string {
  return crypto.createHash('md5').update(content).digest('hex').slice(0, 12);
}

const id = () => z.coerce.number().int().positive();
const optId = () => z.coerce.number().int().nonnegative().optional();
const text = (max = 255) => z.string().max(max);
const content = () => z.string().max(MAX_MCP_CONTENT);

export type ToolResult = { content: Array<{ type: 'text'; text: string }>; isError?: boolean };
/** Calls a registered tool as a client would (resources reuse the tools: one path to every rule). */
export type ToolCaller = (name: string, args: Record<string, unknown>) => Promise<ToolResult>;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function ok(result: Json) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
}

function fail(err: McpToolError) {
  return {
    content: [
      {
        type: 'text' as const,
        text: JSON.stringify({ error: { code: err.code, message: err.message, data: err.data ?? null } }),
      },
    ],
    isError: true,
  };
}

/** Every tool of compat-notes §9 that Quire has, each through the same services and policy as the other doors. */
export function registerTools(server: McpServer, ctx: McpContext): ToolCaller {
  const { services, viewer, grant } = ctx;
  const em = services.em;
  const handlers = new Map<string, (args: never) => Promise<ToolResult>>();
  const tool = (
    name: string,
    config: { description: string; inputSchema: z.ZodRawShape },
    cb: (args: never) => Promise<ToolResult>,
  ) => {
    handlers.set(name, cb);
    server.registerTool(name, config, cb as unknown as Parameters<McpServer['registerTool']>[2]);
  };

  const run =
    <A>(write: boolean, body: (args: A) => Promise<Json>) =>
    async (args: A) => {
      try {
        if (write && grant.permission === 'read')
          throw new McpToolError(McpCodes.TokenRefused, 'This MCP token is read-only (该 Token 为只读)');
        return ok(await body(args));
      } catch (err) {
        const mapped = toMcpError(err);
        if (mapped) return fail(mapped);
        throw err;
      }
    };

  const inScope = (itemId: number) => {
    if (grant.allowedItems && !grant.allowedItems.includes(itemId))
      throw new McpToolError(
        McpCodes.OutOfScope,
        `Item ${itemId} is not in this token's scope (项目不在 Token 范围内)`,
      );
  };
  const pageRow = async (pageId: number) => {
    const page = await em.findOne(Page, { id: pageId, deletedAt: null });
    if (!page) throw new McpToolError(McpCodes.NotFound, `Page ${pageId} does not exist (页面不存在)`);
    inScope(page.item.id);
    return page;
  };
  const catalogRow = async (catId: number) => {
    const catalog = await em.findOne(Catalog, { id: catId, deletedAt: null });
    if (!catalog) throw new McpToolError(McpCodes.NotFound, `Catalog ${catId} does not exist (目录不存在)`);
    inScope(catalog.item.id);
    return catalog;
  };
  const checkHash = (page: Page, expected: string | undefined) => {
    if (expected && expected !== contentHash(page.content))
      throw new McpToolError(McpCodes.Conflict, 'The page changed since you read it (页面已被修改)', {
        your_hash: expected,
        current_hash: contentHash(page.content),
      });
  };

  const pageOut = async (pageId: number): Promise<Json> => {
    const view = await services.pages.info(viewer, pageId);
    const { page, item } = view;
    return {
      page_id: page.id,
      page_title: page.title,
      item_id: item.id,
      cat_id: page.catalog?.id ?? 0,
      cat_path: view.path.map((c) => c.name).join('/'),
      type: item.type === ItemType.ApiClient ? 'runapi' : 'markdown',
      page_content: page.content,
      content: page.content,
      content_hash: contentHash(page.content),
      s_number: page.sNumber,
      addtime: Math.floor(page.updatedAt.getTime() / 1000),
      author_uid: page.author?.id ?? 0,
      author_username: page.authorName,
      attachment_count: view.attachmentCount,
      page_url: `${ctx.siteUrl}/${item.id}/${page.id}`,
    };
  };

  /** A catalog path (`a/b/c`) in the item, created where missing; null for the root. */
  const catalogByPath = async (itemId: number, path: string): Promise<number | null> => {
    const names = path
      .split('/')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.length === 0) return null;
    const menu = await services.catalogs.menu(viewer, itemId);
    let level: MenuCatalog[] = menu.catalogs;
    let parentId: number | null = null;
    for (const name of names) {
      const found = level.find((c) => c.catalog.name === name);
      if (found) {
        parentId = found.catalog.id;
        level = found.catalogs;
      } else {
        const created = await services.catalogs.save(viewer, { itemId, name, parentId });
        parentId = created.id;
        level = [];
      }
    }
    return parentId;
  };
  const catalogOf = async (itemId: number, a: { cat_id?: number; cat_name?: string }) => {
    if (a.cat_id) return a.cat_id;
    if (a.cat_name !== undefined) return catalogByPath(itemId, a.cat_name);
    return undefined;
  };

  const menuPages = async (itemId: number): Promise<Array<MenuPage & { path: string }>> => {
    const menu = await services.catalogs.menu(viewer, itemId);
    const out: Array<MenuPage & { path: string }> = menu.pages.map((p) => ({ ...p, path: '' }));
    const walk = (cats: MenuCatalog[], prefix: string) => {
      for (const c of cats) {
        const path = prefix ? `${prefix}/${c.catalog.name}` : c.catalog.name;
        out.push(...c.pages.map((p) => ({ ...p, path })));
        walk(c.catalogs, path);
      }
    };
    walk(menu.catalogs, '');
    return out;
  };
  const treeOut = (cats: MenuCatalog[]): Json =>
    cats.map((c) => ({
      cat_id: c.catalog.id,
      cat_name: c.catalog.name,
      s_number: c.catalog.sNumber,
      pages: c.pages.map((p) => ({ page_id: p.id, page_title: p.title })),
      children: treeOut(c.catalogs),
    }));

  const roleOf = (r: { isOwner: boolean; manage: boolean; edit: boolean }) =>
    r.isOwner ? 'owner' : r.manage ? 'admin' : r.edit ? 'editor' : 'reader';

  const savePage = async (
    itemId: number,
    a: { page_title: string; page_content: string; cat_id?: number; cat_name?: string; s_number?: number },
    upsert: boolean,
  ): Promise<Json> => {
    inScope(itemId);
    const catalogId = (await catalogOf(itemId, a)) ?? null;
    let existing: number | undefined;
    if (upsert) {
      const pages = await menuPages(itemId);
      existing = pages.find((p) => p.title === a.page_title && (p.catalogId ?? null) === catalogId)?.id;
    }
    const page = await services.pages.save(viewer, {
      id: existing,
      itemId,
      catalogId,
      title: a.page_title,
      content: a.page_content,
      sNumber: a.s_number,
      comments: 'MCP',
    });
    return { page_id: page.id, created: existing === undefined, content_hash: contentHash(page.content) };
  };

  const updatePage = async (
    a: { page_id: number; page_title?: string; cat_id?: number; cat_name?: string; expected_hash?: string },
    newContent: (old: string) => string,
  ): Promise<Json> => {
    const row = await pageRow(a.page_id);
    const { page, item } = await services.pages.writable(viewer, row.id);
    checkHash(page, a.expected_hash);
    const catalogId = await catalogOf(item.id, a);
    const saved = await services.pages.save(viewer, {
      id: page.id,
      itemId: item.id,
      catalogId,
      title: a.page_title,
      content: newContent(page.content),
      // The hash was checked against this version: a save in between is still a conflict.
      baseVersion: a.expected_hash ? page.version : undefined,
      comments: 'MCP',
    });
    return { page_id: saved.id, content_hash: contentHash(saved.content) };
  };

  // ---- items
  tool(
    'list_items',
    {
      description: "The items (projects) this token may reach, with the caller's role in each.",
      inputSchema: {},
    },
    run(false, async () => {
      const { entries } = await services.items.myList(viewer);
      return entries
        .filter(({ item }) => !grant.allowedItems || grant.allowedItems.includes(item.id))
        .map(({ item, rights }) => ({
          item_id: item.id,
          item_name: item.name,
          item_type: item.type,
          item_description: item.description,
          role: roleOf(rights),
        }));
    }),
  );
  tool(
    'get_item',
    {
      description: 'One item: name, description, role, page count and link.',
      inputSchema: { item_id: id() },
    },
    run(false, async (a: { item_id: number }) => {
      inScope(a.item_id);
      const { item, rights } = await services.items.find(viewer, a.item_id);
      return {
        item_id: item.id,
        item_name: item.name,
        item_type: item.type,
        item_description: item.description,
        role: roleOf(rights),
        page_count: (await menuPages(item.id)).length,
        share_url: `${ctx.siteUrl}/${item.id}`,
      };
    }),
  );
  tool(
    'create_item',
    {
      description: "Creates an item owned by the token's user.",
      inputSchema: {
        item_name: text(200),
        item_type: z.coerce.number().int().optional(),
        item_description: text(10_000).optional(),
      },
    },
    run(true, async (a: { item_name: string; item_type?: number; item_description?: string }) => {
      if (!grant.canCreateItem)
        throw new McpToolError(
          McpCodes.TokenRefused,
          'This token may not create items (该 Token 不允许创建项目)',
        );
      const item = await services.items.create(viewer, {
        name: a.item_name,
        type: a.item_type ?? ItemType.Regular,
        description: a.item_description ?? '',
      });
      await services.aiTokens.addCreatedItem(grant, item.id);
      return { item_id: item.id, item_name: item.name };
    }),
  );
  tool(
    'update_item',
    {
      description: 'Renames an item or changes its description (item managers).',
      inputSchema: {
        item_id: id(),
        item_name: text(200).optional(),
        item_description: text(10_000).optional(),
      },
    },
    run(true, async (a: { item_id: number; item_name?: string; item_description?: string }) => {
      inScope(a.item_id);
      const item = await services.items.update(viewer, a.item_id, {
        name: a.item_name,
        description: a.item_description,
      });
      return { item_id: item.id, item_name: item.name, item_description: item.description };
    }),
  );
  tool(
    'delete_item',
    {
      description: "Not through MCP: deleting an item needs its owner's password (use the web app).",
      inputSchema: { item_id: id() },
    },
    run(true, async (a: { item_id: number }) => {
      inScope(a.item_id);
      if (!grant.canDeleteItem)
        throw new McpToolError(
          McpCodes.TokenRefused,
          'This token may not delete items (该 Token 不允许删除项目)',
        );
      throw new McpToolError(
        McpCodes.TokenRefused,
        "Deleting an item needs the owner's password: delete it in the web app (删除项目需要在网页中输入密码确认)",
      );
    }),
  );
  tool(
    'get_item_overview',
    {
      description: 'The catalog tree of an item with its page titles (no content).',
      inputSchema: { item_id: id() },
    },
    run(false, async (a: { item_id: number }) => {
      inScope(a.item_id);
      const { item } = await services.items.find(viewer, a.item_id);
      const menu = await services.catalogs.menu(viewer, item.id);
      return {
        item_id: item.id,
        item_name: item.name,
        pages: menu.pages.map((p) => ({ page_id: p.id, page_title: p.title })),
        catalogs: treeOut(menu.catalogs),
      };
    }),
  );

  // ---- catalogs
  tool(
    'get_catalog',
    { description: 'One catalog with its pages and sub-catalogs.', inputSchema: { cat_id: id() } },
    run(false, async (a: { cat_id: number }) => {
      const row = await catalogRow(a.cat_id);
      const menu = await services.catalogs.menu(viewer, row.item.id);
      const find = (cats: MenuCatalog[]): MenuCatalog | null => {
        for (const c of cats) {
          if (c.catalog.id === row.id) return c;
          const inner = find(c.catalogs);
          if (inner) return inner;
        }
        return null;
      };
      const node = find(menu.catalogs);
      if (!node) throw new McpToolError(McpCodes.NotFound, `Catalog ${a.cat_id} does not exist (目录不存在)`);
      return {
        cat_id: node.catalog.id,
        cat_name: node.catalog.name,
        item_id: row.item.id,
        parent_cat_id: node.catalog.parent?.id ?? 0,
        pages: node.pages.map((p) => ({ page_id: p.id, page_title: p.title })),
        children: treeOut(node.catalogs),
      };
    }),
  );
  tool(
    'create_catalog',
    {
      description: 'Creates a catalog (at the top level or under parent_cat_id).',
      inputSchema: {
        item_id: id(),
        cat_name: text(),
        parent_cat_id: optId(),
        s_number: z.coerce.number().int().optional(),
      },
    },
    run(true, async (a: { item_id: number; cat_name: string; parent_cat_id?: number; s_number?: number }) => {
      inScope(a.item_id);
      const c = await services.catalogs.save(viewer, {
        itemId: a.item_id,
        name: a.cat_name,
        parentId: a.parent_cat_id || null,
        sNumber: a.s_number,
      });
      return { cat_id: c.id, cat_name: c.name };
    }),
  );
  tool(
    'update_catalog',
    {
      description: 'Renames or reorders a catalog.',
      inputSchema: {
        cat_id: id(),
        cat_name: text().optional(),
        s_number: z.coerce.number().int().optional(),
      },
    },
    run(true, async (a: { cat_id: number; cat_name?: string; s_number?: number }) => {
      const row = await catalogRow(a.cat_id);
      const c = await services.catalogs.save(viewer, {
        itemId: row.item.id,
        id: row.id,
        name: a.cat_name ?? row.name,
        sNumber: a.s_number,
      });
      return { cat_id: c.id, cat_name: c.name };
    }),
  );
  tool(
    'delete_catalog',
    { description: 'Deletes a catalog and its pages (to the recycle bin).', inputSchema: { cat_id: id() } },
    run(true, async (a: { cat_id: number }) => {
      const row = await catalogRow(a.cat_id);
      await services.catalogs.delete(viewer, row.id);
      return { cat_id: row.id, deleted: true };
    }),
  );

  // ---- pages
  tool(
    'list_pages',
    {
      description: 'The pages of an item (or of one catalog), titles only, paged.',
      inputSchema: {
        item_id: id(),
        cat_id: optId(),
        page: z.coerce.number().int().positive().optional(),
        page_size: z.coerce.number().int().min(1).max(200).optional(),
      },
    },
    run(false, async (a: { item_id: number; cat_id?: number; page?: number; page_size?: number }) => {
      inScope(a.item_id);
      await services.items.find(viewer, a.item_id);
      let pages = await menuPages(a.item_id);
      if (a.cat_id) pages = pages.filter((p) => p.catalogId === a.cat_id);
      const size = a.page_size ?? 50;
      const page = a.page ?? 1;
      return {
        total: pages.length,
        page,
        page_size: size,
        pages: pages.slice((page - 1) * size, page * size).map((p) => ({
          page_id: p.id,
          page_title: p.title,
          cat_id: p.catalogId ?? 0,
          cat_name: p.path,
          s_number: p.sNumber,
        })),
      };
    }),
  );
  tool(
    'get_page',
    {
      description:
        'One page with its content and content_hash (pass it back as expected_hash when updating).',
      inputSchema: { page_id: optId(), item_id: optId(), page_title: text().optional() },
    },
    run(false, async (a: { page_id?: number; item_id?: number; page_title?: string }) => {
      if (a.page_id) return pageOut((await pageRow(a.page_id)).id);
      if (a.item_id && a.page_title !== undefined) {
        inScope(a.item_id);
        const found = (await menuPages(a.item_id)).find((p) => p.title === a.page_title);
        if (!found) throw new McpToolError(McpCodes.NotFound, 'No page has this title (页面不存在)');
        return pageOut(found.id);
      }
      throw new McpToolError(McpCodes.Invalid, 'Give page_id, or item_id and page_title (参数错误)');
    }),
  );
  tool(
    'batch_get_pages',
    { description: 'Up to 10 pages at once.', inputSchema: { page_ids: z.array(id()).min(1).max(10) } },
    run(false, async (a: { page_ids: number[] }) => {
      const out: Json[] = [];
      for (const pageId of a.page_ids) {
        try {
          out.push(await pageOut((await pageRow(pageId)).id));
        } catch (err) {
          const mapped = toMcpError(err);
          if (!mapped) throw err;
          out.push({ page_id: pageId, error: { code: mapped.code, message: mapped.message } });
        }
      }
      return out;
    }),
  );
  const searchTool = async (
    query: string,
    itemId: number | undefined,
    mode: string | undefined,
    limit: number,
  ) => {
    if (itemId) inScope(itemId);
    const result = await services.search.search(viewer, query, { itemId: itemId ?? null, first: 100 });
    const needle = query.toLowerCase();
    return result.hits
      .filter((h) => !grant.allowedItems || grant.allowedItems.includes(h.item.id))
      .filter((h) =>
        mode === 'title'
          ? h.page.title.toLowerCase().includes(needle)
          : mode === 'content'
            ? h.page.content.toLowerCase().includes(needle)
            : true,
      )
      .slice(0, limit)
      .map((h) => ({
        page_id: h.page.id,
        page_title: h.page.title,
        item_id: h.item.id,
        item_name: h.item.name,
        cat_name: h.catalogPath.map((c) => c.name).join('/'),
        snippet: h.snippet,
      }));
  };
  const modeSchema = z.enum(['title', 'content', 'all']).optional();
  tool(
    'search_pages',
    {
      description: 'Searches page titles and content, in one item or all.',
      inputSchema: { query: text(200), item_id: optId(), search_mode: modeSchema },
    },
    run(false, async (a: { query: string; item_id?: number; search_mode?: string }) =>
      searchTool(a.query, a.item_id || undefined, a.search_mode, 100),
    ),
  );
  tool(
    'search_all_pages',
    {
      description: 'Searches every item the token may reach.',
      inputSchema: {
        keywords: text(200),
        mode: modeSchema,
        limit: z.coerce.number().int().min(1).max(100).optional(),
      },
    },
    run(false, async (a: { keywords: string; mode?: string; limit?: number }) =>
      searchTool(a.keywords, undefined, a.mode, a.limit ?? 20),
    ),
  );
  tool(
    'get_page_template',
    {
      description: 'A Markdown template for a new page: api, runapi_comment, database or general.',
      inputSchema: { type: z.enum(['api', 'runapi_comment', 'database', 'general']).optional() },
    },
    run(false, async (a: { type?: keyof typeof PAGE_TEMPLATES }) => ({
      type: a.type ?? 'api',
      template: PAGE_TEMPLATES[a.type ?? 'api'],
    })),
  );
  const pageInput = {
    item_id: id(),
    page_title: text(),
    page_content: content(),
    cat_name: text(1000).optional(),
    cat_id: optId(),
    s_number: z.coerce.number().int().optional(),
  };
  type PageArgs = {
    item_id: number;
    page_title: string;
    page_content: string;
    cat_id?: number;
    cat_name?: string;
    s_number?: number;
  };
  tool(
    'create_page',
    {
      description: 'Creates a page; cat_name is a catalog path (a/b), created when missing.',
      inputSchema: pageInput,
    },
    run(true, async (a: PageArgs) => savePage(a.item_id, a, false)),
  );
  tool(
    'upsert_page',
    {
      description: 'Updates the page with this title in this catalog, or creates it.',
      inputSchema: pageInput,
    },
    run(true, async (a: PageArgs) => savePage(a.item_id, a, true)),
  );
  const updateInput = {
    page_id: id(),
    page_title: text().optional(),
    cat_name: text(1000).optional(),
    cat_id: optId(),
    expected_hash: z.string().max(64).optional(),
  };
  tool(
    'update_page',
    {
      description:
        "Replaces a page's content (the old one goes to its history); expected_hash refuses a page changed since read.",
      inputSchema: { ...updateInput, page_content: content().optional() },
    },
    run(true, async (a: { page_id: number; page_content?: string; expected_hash?: string }) =>
      updatePage(a, (old) => a.page_content ?? old),
    ),
  );
  tool(
    'update_page_diff',
    {
      description: 'Edits a page by exact text replacements: each old_text must occur in the page.',
      inputSchema: {
        ...updateInput,
        diffs: z
          .array(
            z.object({
              old_text: z.string().min(1).max(MAX_MCP_CONTENT),
              new_text: z.string().max(MAX_MCP_CONTENT),
            }),
          )
          .min(1)
          .max(100),
      },
    },
    run(
      true,
      async (a: {
        page_id: number;
        diffs: Array<{ old_text: string; new_text: string }>;
        expected_hash?: string;
      }) =>
        updatePage(a, (old) => {
          let out = old;
          for (const [i, d] of a.diffs.entries()) {
            const at = out.indexOf(d.old_text);
            if (at < 0)
              throw new McpToolError(
                McpCodes.Invalid,
                `diffs[${i}].old_text is not in the page (未找到要替换的文本)`,
              );
            out = out.slice(0, at) + d.new_text + out.slice(at + d.old_text.length);
          }
          if (out.length > MAX_MCP_CONTENT)
            throw new McpToolError(McpCodes.TooLarge, 'The page is too large (内容过大)');
          return out;
        }),
    ),
  );
  tool(
    'batch_upsert_pages',
    {
      description: 'Creates or updates up to 50 pages of one item.',
      inputSchema: {
        item_id: id(),
        pages: z
          .array(
            z.object({
              page_title: text(),
              page_content: content(),
              cat_name: text(1000).optional(),
              cat_id: optId(),
              s_number: z.coerce.number().int().optional(),
            }),
          )
          .min(1)
          .max(50),
      },
    },
    run(true, async (a: { item_id: number; pages: Array<Omit<PageArgs, 'item_id'>> }) => {
      const out: Json[] = [];
      for (const p of a.pages) {
        try {
          out.push(await savePage(a.item_id, p, true));
        } catch (err) {
          const mapped = toMcpError(err);
          if (!mapped) throw err;
          out.push({ page_title: p.page_title, error: { code: mapped.code, message: mapped.message } });
        }
      }
      return out;
    }),
  );
  tool(
    'delete_page',
    { description: 'Sends a page to the recycle bin.', inputSchema: { page_id: id() } },
    run(true, async (a: { page_id: number }) => {
      const row = await pageRow(a.page_id);
      await services.pages.delete(viewer, row.id);
      return { page_id: row.id, deleted: true };
    }),
  );

  // ---- history
  tool(
    'get_page_history',
    {
      description: "A page's earlier versions, newest first.",
      inputSchema: { page_id: id(), limit: z.coerce.number().int().min(1).max(100).optional() },
    },
    run(false, async (a: { page_id: number; limit?: number }) => {
      const row = await pageRow(a.page_id);
      const { versions } = await services.history.list(viewer, row.id);
      return versions.slice(0, a.limit ?? 20).map((v) => ({
        version_id: v.id,
        page_title: v.title,
        author_username: v.authorName,
        comments: v.comments,
        addtime: Math.floor(v.createdAt.getTime() / 1000),
        content_hash: contentHash(v.content),
      }));
    }),
  );
  tool(
    'get_page_version',
    {
      description: 'One earlier version of a page, with its content.',
      inputSchema: { page_id: id(), version_id: id() },
    },
    run(false, async (a: { page_id: number; version_id: number }) => {
      const row = await pageRow(a.page_id);
      const { version } = await services.history.compare(viewer, row.id, a.version_id);
      return {
        version_id: version.id,
        page_id: row.id,
        page_title: version.title,
        page_content: version.content,
      };
    }),
  );
  tool(
    'diff_page_versions',
    {
      description: 'Line diff between two versions of a page (version id 0 = the current page).',
      inputSchema: {
        page_id: id(),
        version_id_1: z.coerce.number().int().nonnegative(),
        version_id_2: z.coerce.number().int().nonnegative(),
      },
    },
    run(false, async (a: { page_id: number; version_id_1: number; version_id_2: number }) => {
      const row = await pageRow(a.page_id);
      const textOf = async (versionId: number) =>
        versionId === 0
          ? (await services.pages.info(viewer, row.id)).page.content
          : (await services.history.compare(viewer, row.id, versionId)).version.content;
      const lines = diffLines(await textOf(a.version_id_1), await textOf(a.version_id_2));
      return lines
        .filter((l) => l.op !== 'equal')
        .map((l) => ({ op: l.op, text: l.text, old_line: l.oldLine, new_line: l.newLine }));
    }),
  );
  tool(
    'restore_page_version',
    {
      description: 'Brings an earlier version back as a new save.',
      inputSchema: { page_id: id(), version_id: id() },
    },
    run(true, async (a: { page_id: number; version_id: number }) => {
      const row = await pageRow(a.page_id);
      const page = await services.history.restore(viewer, row.id, a.version_id);
      return { page_id: page.id, content_hash: contentHash(page.content) };
    }),
  );

  // ---- import (issue #19's importer: the same parser, limits and transaction as the other doors)
  tool(
    'import_openapi',
    {
      description:
        'Imports a Swagger 2.0 / OpenAPI 3.x document (JSON or YAML) as API pages: into item_id, or a new item ' +
        'when item_id is absent. openapi_url is not fetched (Quire never downloads what a tool names): pass ' +
        'the document as openapi_content.',
      inputSchema: {
        item_id: z.coerce.number().int().optional(),
        openapi_content: z.string().max(MAX_MCP_CONTENT).optional(),
        openapi_url: z.string().max(2000).optional(),
        format: z.enum(['json', 'yaml']).optional(),
      },
    },
    run(
      true,
      async (a: {
        item_id?: number;
        openapi_content?: string;
        openapi_url?: string;
        format?: 'json' | 'yaml';
      }) => {
        if (!a.openapi_content) {
          throw new McpToolError(
            McpCodes.Invalid,
            a.openapi_url
              ? 'openapi_url is not fetched by Quire: pass the document as openapi_content (不支持 openapi_url，请传 openapi_content)'
              : 'openapi_content is required (缺少 openapi_content)',
          );
        }
        if (a.item_id) inScope(a.item_id);
        else if (!grant.canCreateItem)
          throw new McpToolError(
            McpCodes.TokenRefused,
            'This token may not create items (该 Token 不允许创建项目)',
          );
        const result = await services.imports.importFile(viewer, {
          fileName: `openapi.${a.format === 'yaml' ? 'yaml' : 'json'}`,
          data: Buffer.from(a.openapi_content, 'utf8'),
          itemId: a.item_id,
          format: 'swagger',
        });
        if (result.created) await services.aiTokens.addCreatedItem(grant, result.itemId);
        return {
          item_id: result.itemId,
          pages: result.pages,
          catalogs: result.catalogs,
          created: result.created,
        };
      },
    ),
  );

  // ---- share links
  const linkOut = (key: string, expiresAt: Date | null): Json => ({
    unique_key: key,
    share_url: `${ctx.siteUrl}/p/${key}`,
    expire_time: expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0,
  });
  tool(
    'create_single_page_link',
    {
      description: 'Shares one page by a link (expire_days 0 = never).',
      inputSchema: { page_id: id(), expire_days: z.coerce.number().int().optional() },
    },
    run(true, async (a: { page_id: number; expire_days?: number }) => {
      const row = await pageRow(a.page_id);
      const link = await services.shares.share(viewer, row.id, a.expire_days ?? 0);
      return linkOut(link.uniqueKey, link.expiresAt);
    }),
  );
  tool(
    'get_single_page_link',
    { description: "The page's live share link, if any.", inputSchema: { page_id: id() } },
    run(false, async (a: { page_id: number }) => {
      const row = await pageRow(a.page_id);
      const link = await services.shares.linkOf(viewer, row.id);
      return link ? linkOut(link.uniqueKey, link.expiresAt) : null;
    }),
  );
  tool(
    'delete_single_page_link',
    { description: 'Stops sharing the page.', inputSchema: { page_id: id() } },
    run(true, async (a: { page_id: number }) => {
      const row = await pageRow(a.page_id);
      return { deleted: await services.shares.unshare(viewer, row.id) };
    }),
  );

  // ---- attachments
  const fileUrl = (sign: string) => `${ctx.siteUrl}/server/index.php?s=/api/common/visitFile&sign=${sign}`;
  tool(
    'list_attachments',
    { description: 'The files attached to a page.', inputSchema: { item_id: optId(), page_id: id() } },
    run(false, async (a: { page_id: number }) => {
      const row = await pageRow(a.page_id);
      const files = await services.files.pageFiles(viewer, row.id);
      return files.map((f) => ({
        file_id: f.id,
        sign: f.sign,
        display_name: f.displayName,
        file_type: f.fileType,
        file_size: f.fileSize,
        url: fileUrl(f.sign),
      }));
    }),
  );
  tool(
    'upload_attachment',
    {
      description: 'Uploads a file (base64) into an item, attached to a page when page_id is given.',
      inputSchema: {
        item_id: id(),
        page_id: optId(),
        file_base64: z.string().max(Math.ceil((MAX_MCP_CONTENT * 4) / 3) * 4),
        file_name: text(),
      },
    },
    run(true, async (a: { item_id: number; page_id?: number; file_base64: string; file_name: string }) => {
      inScope(a.item_id);
      if (a.page_id) await pageRow(a.page_id);
      await services.policy.requireEdit(viewer, a.item_id);
      const body = Buffer.from(a.file_base64, 'base64');
      const file = await services.files.upload(viewer, {
        kind: 'attachment',
        fileName: a.file_name,
        body: Readable.from([body]),
        itemId: a.item_id,
        pageId: a.page_id || undefined,
      });
      return { file_id: file.id, sign: file.sign, url: fileUrl(file.sign) };
    }),
  );
  tool(
    'delete_attachment',
    { description: 'Deletes a file the caller uploaded (or manages).', inputSchema: { file_id: id() } },
    run(true, async (a: { file_id: number }) => {
      const file = await em.findOne(Attachment, { id: a.file_id });
      if (!file) throw new McpToolError(McpCodes.NotFound, `File ${a.file_id} does not exist (文件不存在)`);
      if (file.item) inScope(file.item.id);
      await services.files.delete(viewer, a.file_id);
      return { file_id: a.file_id, deleted: true };
    }),
  );

  for (const name of UNAVAILABLE_TOOLS) {
    tool(
      name,
      {
        description: 'Not yet available in Quire (ShowDoc has it; Quire will add it later).',
        inputSchema: {},
      },
      run(false, async () => {
        throw new McpToolError(McpCodes.NotAvailable, `${name} is not yet available in Quire (暂不支持)`);
      }),
    );
  }
  return async (name, args) => {
    const handler = handlers.get(name) as ((a: Record<string, unknown>) => Promise<ToolResult>) | undefined;
    if (!handler) throw new McpToolError(McpCodes.NotAvailable, `Unknown tool ${name}`);
    return handler(args);
  };
}
